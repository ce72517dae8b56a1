// MySQL Connector/J client driven by tests/compressed_clients.rs.
//
//   java -cp mysql-connector-j.jar CompressedClient.java HOST PORT USER PASSWORD DB
//
// One JVM for both modes. Reads commands from stdin, one per line, and
// answers on stdout:
//   write MODE FILE   FILE has lines "ID<TAB>HEX(doc)"; inserts each as
//                     (id, src, doc) into DB.docs with setString(doc).
//   read MODE         prints "row MODE ID HEX(doc)" for every row of DB.docs
//                     (doc via ResultSet.getBytes: the bytes the server sent).
// Each command ends with "ok MODE N" or "err MODE message".
// MODE: server - useServerPrepStmts=true  (COM_STMT_PREPARE / EXECUTE, binary protocol)
//       client - useServerPrepStmts=false (client-side escaping, text protocol)

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

public class CompressedClient {
    static final HexFormat HEX = HexFormat.of();

    public static void main(String[] a) throws Exception {
        if (a.length != 5) {
            System.err.println("usage: CompressedClient HOST PORT USER PASSWORD DB");
            System.exit(2);
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        Map<String, Connection> conns = new HashMap<>();
        for (String mode : List.of("server", "client")) {
            String url = "jdbc:mysql://" + a[0] + ":" + a[1] + "/" + a[4]
                    + "?useServerPrepStmts=" + mode.equals("server")
                    + "&sslMode=DISABLED&characterEncoding=UTF-8&connectionCollation=utf8mb4_general_ci"
                    + "&useCursorFetch=false&cachePrepStmts=false";
            conns.put(mode, DriverManager.getConnection(url, a[2], a[3]));
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.trim().split(" ");
            if (f.length < 2) continue;
            String cmd = f[0], mode = f[1];
            try {
                Connection c = conns.get(mode);
                if (c == null) throw new IllegalArgumentException("unknown mode " + mode);
                int n;
                if (cmd.equals("write") && f.length == 3) n = write(c, mode, f[2]);
                else if (cmd.equals("read")) n = read(c, mode, out);
                else throw new IllegalArgumentException("bad command " + line);
                out.println("ok " + mode + " " + n);
            } catch (Exception e) {
                out.println("err " + mode + " " + String.valueOf(e).replace('\n', ' '));
            }
            out.flush();
        }
        for (Connection c : conns.values()) c.close();
    }

    static int write(Connection c, String mode, String file) throws Exception {
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO docs (id, src, doc) VALUES (?, ?, ?)")) {
            for (String l : Files.readAllLines(Path.of(file), StandardCharsets.ISO_8859_1)) {
                if (l.isEmpty()) continue;
                String[] p = l.split("\t", 2);
                long id = Long.parseLong(p[0]);
                ps.setLong(1, id);
                ps.setString(2, "java-" + mode);
                ps.setString(3, new String(HEX.parseHex(p[1]), StandardCharsets.UTF_8));
                try {
                    ps.executeUpdate();
                } catch (Exception e) {
                    throw new Exception("insert id " + id + ": " + e, e);
                }
                n++;
            }
        }
        return n;
    }

    static int read(Connection c, String mode, PrintStream out) throws Exception {
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT id, doc FROM docs WHERE id >= ? ORDER BY id")) {
            ps.setLong(1, 0);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    byte[] doc = rs.getBytes(2);
                    out.println("row " + mode + " " + id + " " + (doc == null ? "NULL" : HEX.formatHex(doc)));
                    n++;
                }
            }
        }
        return n;
    }
}
