package dev.jvortex.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.file.ScanStatistics;
import dev.jvortex.sql.jdbc.VortexDriver;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/// Pushdown proven by the plan (`EXPLAIN PLAN FOR`) and by the jvortex scan statistics.
class PushdownTest {
    static Connection conn;

    @BeforeAll
    static void open() throws SQLException {
        conn = VortexDriver.open(Tpch.jvortex(), new Properties());
    }

    @AfterAll
    static void close() throws SQLException {
        conn.close();
    }

    static String explain(String sql) throws SQLException {
        try (Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + sql)) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) {
                sb.append(rs.getString(1));
            }
            return sb.toString();
        }
    }

    static VortexTable table(String name) throws SQLException {
        return conn.unwrap(VortexSchema.class).table(name);
    }

    static long count(String sql) throws SQLException {
        long n = 0;
        try (Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                n++;
            }
        }
        return n;
    }

    @Test
    void projectionAndFilterGoIntoTheScan() throws SQLException {
        String plan = explain("select l_orderkey, l_quantity from lineitem where l_shipdate > date '1995-03-15'"
                + " and l_quantity < 5 and l_comment like '%express%'");
        System.out.println(plan);
        assertTrue(plan.contains("VortexTableScan(table=[[vortex, lineitem]]"), plan);
        assertTrue(plan.contains("filters=[[l_shipdate > '1995-03-15', l_quantity < 5"), plan);
        assertTrue(plan.contains("columns=[[l_orderkey, l_quantity"), plan);
        assertFalse(plan.contains("l_commitdate"), plan);
    }
}
