// Connector/J Statement.setQueryTimeout, driven by tests/client_compat.rs.
//
//   java -cp mysql-connector-j.jar QueryTimeout.java HOST PORT USER PASSWORD DB
//
// Runs `SELECT SLEEP(10)` with setQueryTimeout(1) on one connection.
// Connector/J cancels it from a second connection with `KILL QUERY <id>`,
// the id being the one the server (or proxy) handed out in the handshake.
// Then runs `SELECT 1` on the first connection. Prints, one per line:
//   connection_id N       the handshake id as Connector/J knows it
//   exception CLASS SQLTIMEOUT ms MESSAGE   what executeQuery threw, whether
//                         it is a java.sql.SQLTimeoutException, after how long
//   returned VALUE ms            when it did not throw
//   after VALUE           SELECT 1 on the same connection afterwards
//   after_error CLASS MESSAGE    when that failed
// Exit status 0 once all lines are printed; a failure to connect exits 1.

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

public class QueryTimeout {
    public static void main(String[] a) throws Exception {
        if (a.length != 5) {
            System.err.println("usage: QueryTimeout HOST PORT USER PASSWORD DB");
            System.exit(2);
        }
        String url = "jdbc:mysql://" + a[0] + ":" + a[1] + "/" + a[4]
                + "?sslMode=DISABLED&characterEncoding=UTF-8&connectionCollation=utf8mb4_general_ci";
        try (Connection c = DriverManager.getConnection(url, a[2], a[3])) {
            long id = c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).getId();
            System.out.println("connection_id " + id);
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(1);
                long t0 = System.nanoTime();
                try (ResultSet rs = s.executeQuery("SELECT SLEEP(10)")) {
                    rs.next();
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    System.out.println("returned " + rs.getString(1) + " " + ms);
                } catch (Exception e) {
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    System.out.println("exception " + e.getClass().getName() + " "
                            + (e instanceof java.sql.SQLTimeoutException) + " " + ms + " "
                            + String.valueOf(e.getMessage()).replace('\n', ' '));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                rs.next();
                System.out.println("after " + rs.getInt(1));
            } catch (Exception e) {
                System.out.println("after_error " + e.getClass().getName() + " "
                        + String.valueOf(e.getMessage()).replace('\n', ' '));
            }
        }
        System.out.flush();
    }
}
