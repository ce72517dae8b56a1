// MariaDB Connector/J batches, driven by tests/bulk_execute.rs.
//
//   java -cp mariadb-java-client.jar MariaBulk.java HOST PORT USER PASSWORD DB OPTIONS
//
// With `useBulkStmts` the driver sends a batch as one COM_STMT_BULK_EXECUTE
// when the server (or proxy) offers MariaDB's bulk capability, and reports
// what that command returns. On table `docs (id BIGINT, doc ...)`: an
// INSERT batch of three rows (documents and a NULL), an UPDATE batch of two,
// then every row. Prints, one per line:
//   insert R1 R2 R3      executeBatch's update counts
//   update R1 R2
//   row ID LENGTH DOC    each row, in id order (DOC as text, or NULL)
// Exit status 0 once all lines are printed.

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;

public class MariaBulk {
    static String doc(int n) {
        StringBuilder b = new StringBuilder("{\"id\":" + n + ",\"body\":\"");
        for (int i = 0; i < 40; i++) {
            b.append("comment ").append(n).append(" line ").append(i).append(' ');
        }
        return b.append("\",\"tags\":[\"bulk\",\"batch\"]}").toString();
    }

    static String counts(int[] r) {
        StringBuilder b = new StringBuilder();
        for (int x : r) {
            b.append(' ').append(x);
        }
        return b.toString();
    }

    public static void main(String[] a) throws Exception {
        if (a.length != 6) {
            System.err.println("usage: MariaBulk HOST PORT USER PASSWORD DB OPTIONS");
            System.exit(2);
        }
        String url = "jdbc:mariadb://" + a[0] + ":" + a[1] + "/" + a[4] + "?sslMode=disable&" + a[5];
        try (Connection c = DriverManager.getConnection(url, a[2], a[3])) {
            try (Statement s = c.createStatement()) {
                s.execute("TRUNCATE docs");
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO docs (id, doc) VALUES (?, ?)")) {
                p.setLong(1, 1);
                p.setString(2, doc(1));
                p.addBatch();
                p.setLong(1, 2);
                p.setNull(2, Types.VARCHAR);
                p.addBatch();
                p.setLong(1, 3);
                p.setString(2, doc(3));
                p.addBatch();
                System.out.println("insert" + counts(p.executeBatch()));
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE docs SET doc = ? WHERE id = ?")) {
                p.setString(1, doc(22));
                p.setLong(2, 2);
                p.addBatch();
                p.setString(1, doc(33));
                p.setLong(2, 3);
                p.addBatch();
                System.out.println("update" + counts(p.executeBatch()));
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, doc FROM docs ORDER BY id")) {
                while (rs.next()) {
                    String d = rs.getString(2);
                    System.out.println("row " + rs.getLong(1) + " " + (d == null ? -1 : d.length()) + " " + d);
                }
            }
        }
    }
}
