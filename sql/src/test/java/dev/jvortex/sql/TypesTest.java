package dev.jvortex.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// The JDBC driver (found through `ServiceLoader` by `DriverManager`), its metadata, prepared
/// statements, and the SQL types of a file with one column per kind of dtype, written by the
/// reference (see `tpch.py`, `write_types`).
class TypesTest {
    static String url(String sub) {
        return "jdbc:jvortex:" + Tpch.data().resolve(sub);
    }

    @Test
    void metadataListsTablesAndColumnTypes() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("types"))) {
            DatabaseMetaData md = c.getMetaData();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = md.getTables(null, "vortex", "%", null)) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("alltypes"), tables);
            Map<String, String> columns = new LinkedHashMap<>();
            try (ResultSet rs = md.getColumns(null, "vortex", "alltypes", "%")) {
                while (rs.next()) {
                    columns.put(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE") + " " + rs.getString("TYPE_NAME"));
                }
            }
            assertEquals(Types.INTEGER + " INTEGER", columns.get("id"));
            assertEquals(Types.SMALLINT + " SMALLINT", columns.get("u8"));
            assertEquals(Types.BIGINT + " BIGINT", columns.get("u32"));
            assertEquals(Types.DECIMAL + " DECIMAL(20, 0)", columns.get("u64"));
            assertEquals(Types.REAL + " REAL", columns.get("f32"));
            assertEquals(Types.DECIMAL + " DECIMAL(9, 2)", columns.get("dec"));
            assertEquals(Types.VARCHAR + " VARCHAR", columns.get("s"));
            assertEquals(Types.BOOLEAN + " BOOLEAN", columns.get("b"));
            assertEquals(Types.DATE + " DATE", columns.get("d"));
            assertEquals(Types.TIMESTAMP + " TIMESTAMP(3)", columns.get("ts"));
            assertEquals(Types.ARRAY + " BIGINT ARRAY", columns.get("l"));
            assertTrue(columns.get("tstz").contains("TIMESTAMP_WITH_LOCAL_TIME_ZONE"), columns.get("tstz"));
            assertTrue(columns.get("st").startsWith(Types.STRUCT + " "), columns.get("st"));
        }
    }

    @Test
    void valuesHaveTheirJdbcTypes() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("types"));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select * from alltypes order by id")) {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt("id"));
            assertEquals((short) 0, rs.getObject("u8"));
            assertEquals(new BigDecimal("12345.67"), rs.getBigDecimal("dec"));
            assertEquals(1.5f, rs.getFloat("f32"));
            assertEquals("a", rs.getString("s"));
            assertEquals(Boolean.TRUE, rs.getObject("b"));
            assertEquals("2024-01-31", rs.getString("d"));
            assertEquals(LocalDate.of(2024, 1, 31), rs.getDate("d").toLocalDate());
            assertEquals("2024-01-31 08:15:00.123", rs.getString("ts"));
            Array l = rs.getArray("l");
            assertArrayEquals(new Object[] {1L, 2L, 3L}, (Object[]) l.getArray());
            assertTrue(rs.next());
            assertEquals(255, rs.getInt("u8"));
            assertEquals(4294967295L, rs.getLong("u32"));
            assertEquals(new BigDecimal("18446744073709551615"), rs.getBigDecimal("u64"));
            assertEquals("1969-12-31", rs.getString("d"));
            assertEquals("1970-01-01 00:00:00.000", rs.getString("ts"));
            assertEquals(0, ((Object[]) rs.getArray("l").getArray()).length);
            assertTrue(rs.next());
            rs.getObject("u8");
            assertTrue(rs.wasNull());
            assertNull(rs.getBigDecimal("dec"));
            assertNull(rs.getString("s"));
            assertNull(rs.getDate("d"));
            assertNull(rs.getArray("l"));
        }
    }

    @Test
    void preparedStatementsTakeParameters() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("jvortex"));
                PreparedStatement p =
                        c.prepareStatement("select count(*) from lineitem where l_orderkey < ? and l_shipmode = ?")) {
            long[] counts = new long[2];
            int k = 0;
            for (int bound : new int[] {100, 1000}) {
                p.setInt(1, bound);
                p.setString(2, "AIR");
                try (ResultSet rs = p.executeQuery()) {
                    assertTrue(rs.next());
                    counts[k++] = rs.getLong(1);
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "select count(*) from lineitem where l_orderkey < 1000 and l_shipmode = 'AIR'")) {
                assertTrue(rs.next());
                assertEquals(rs.getLong(1), counts[1]);
            }
            assertTrue(counts[0] > 0 && counts[0] < counts[1], counts[0] + " then " + counts[1]);
        }
    }
}
