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

/// Pushdown proven by the plan (`EXPLAIN PLAN FOR`) and by the jvortex scan statistics, over the
/// TPC-H tables written by jvortex (lineitem is sorted by `l_orderkey`, so a range on it prunes
/// zones). The answers themselves are checked against DuckDB in [TpchQueryTest].
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

    static VortexTable lineitem() throws SQLException {
        return conn.unwrap(VortexSchema.class).table("lineitem");
    }

    static long drain(String sql) throws SQLException {
        long n = 0;
        try (Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                n++;
            }
        }
        return n;
    }

    static ScanStatistics total(List<ScanStatistics> stats) {
        assertFalse(stats.isEmpty(), "no jvortex scan ran");
        long inFile = 0;
        long afterPruning = 0;
        long read = 0;
        long returned = 0;
        long chunksSkipped = 0;
        long chunks = 0;
        for (ScanStatistics s : stats) {
            inFile += s.rowsInFile();
            afterPruning += s.rowsAfterPruning();
            read += s.rowsRead();
            returned += s.rowsReturned();
            chunks += s.chunks();
            chunksSkipped += s.chunksSkipped();
        }
        return new ScanStatistics(inFile, inFile, afterPruning, false, 0, 0, chunks, chunksSkipped, read, returned, 0);
    }

    @Test
    void projectionAndFilterGoIntoTheScan() throws SQLException {
        String plan = explain("select l_orderkey, l_quantity from lineitem where l_shipdate > date '1995-03-15'"
                + " and l_quantity < 5 and l_comment like '%express%'");
        assertTrue(
                plan.contains("VortexTableScan(table=[[vortex, lineitem]], columns=[[l_orderkey, l_quantity]],"
                        + " filters=[[l_shipdate > '1995-03-15', l_quantity < 5.00, l_comment LIKE '%express%']])"),
                plan);
        assertFalse(plan.contains("EnumerableFilter"), plan);
        assertFalse(plan.contains("l_commitdate"), plan);
    }

    @Test
    void aFilterJvortexCannotEvaluateStaysInCalcite() throws SQLException {
        String plan = explain("select l_orderkey from lineitem where l_orderkey < 100 and l_quantity + l_tax > 10");
        assertTrue(plan.contains("filters=[[l_orderkey < 100]]"), plan);
        assertTrue(plan.contains("+($t1, $t2)") && plan.contains("$condition"), plan);
    }

    @Test
    void aRangeOnTheSortKeyPrunesZones() throws SQLException {
        long rows = drain("select l_orderkey, l_comment from lineitem where l_orderkey < 10000");
        ScanStatistics s = total(lineitem().lastStatistics());
        assertEquals(lineitem().rowCount(), s.rowsInFile());
        assertEquals(rows, s.rowsReturned());
        assertTrue(s.rowsAfterPruning() < s.rowsInFile() / 10, "zone pruning: " + s);
        assertTrue(s.chunksSkipped() > 0, "chunks skipped: " + s);
    }

    @Test
    void limitStopsTheScan() throws SQLException {
        String plan = explain("select l_comment from lineitem limit 5");
        assertTrue(plan.contains("fetch=[5]"), plan);
        assertEquals(5, drain("select l_comment from lineitem limit 5"));
        ScanStatistics s = total(lineitem().lastStatistics());
        assertTrue(s.rowsReturned() < s.rowsInFile() / 2, "rows read for LIMIT 5: " + s);
    }

    @Test
    void countMinMaxComeFromStatistics() throws SQLException {
        String sql = "select count(*), min(l_shipdate), max(l_shipdate) from lineitem";
        String plan = explain(sql);
        assertTrue(plan.contains("aggregates=[[COUNT(*), MIN(l_shipdate), MAX(l_shipdate)]], from=[statistics]"), plan);
        assertFalse(plan.contains("EnumerableAggregate"), plan);
        assertEquals(1, drain(sql));
        assertTrue(lineitem().lastStatistics().isEmpty(), "no rows were scanned");
    }

    @Test
    void aFilteredAggregateIsComputedByTheScan() throws SQLException {
        String sql = "select count(*), sum(l_quantity), max(l_discount) from lineitem where l_orderkey < 10000";
        String plan = explain(sql);
        assertTrue(
                plan.contains("filters=[[l_orderkey < 10000]], aggregates=[[COUNT(*), SUM(l_quantity),"
                        + " MAX(l_discount)]], from=[scan]"),
                plan);
        assertEquals(1, drain(sql));
        ScanStatistics s = total(lineitem().lastStatistics());
        assertTrue(s.rowsAfterPruning() < s.rowsInFile() / 10, "zone pruning: " + s);
    }
}
