// Connector/J with useCompression=true reading a 20 MB row (driven by
// tests/packets.rs):
//
//   java -cp mysql-connector-j.jar BigRow.java HOST PORT USER PASSWORD
//
// Prints the length and SHA-256 of the value, by the text and the binary
// protocol; exits 1 on any error (e.g. "Packets received out of order").

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HexFormat;

public class BigRow {
    public static void main(String[] a) throws Exception {
        String url = "jdbc:mysql://" + a[0] + ":" + a[1] + "/"
                + "?useCompression=true&sslMode=DISABLED&maxAllowedPacket=268435456";
        for (boolean server : new boolean[] {false, true}) {
            try (Connection c = DriverManager.getConnection(url + "&useServerPrepStmts=" + server, a[2], a[3]);
                 PreparedStatement ps = c.prepareStatement("SELECT REPEAT('abcdefghij', 2000000), 7")) {
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        byte[] v = rs.getBytes(1);
                        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(v));
                        System.out.println("server=" + server + " " + v.length + " " + sha + " " + rs.getInt(2));
                    }
                }
                try (ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
                    rs.next();
                    System.out.println("still usable " + rs.getInt(1));
                }
            }
        }
    }
}
