package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/// Pushdown into the scan, shown by Spark's physical plan and by the scan's metrics, over the
/// reference-written TPC-H lineitem table (rows in `l_orderkey` order, so a key range prunes
/// zones); each answer is checked against Spark over the Parquet file.
class PushdownTest {
    private static SparkSession spark;
    private static String vortex;
    private static String parquet;

    @BeforeAll
    static void start() {
        vortex = TpchData.data().resolve("reference/lineitem.vortex").toString();
        parquet = TpchData.data().resolve("parquet/lineitem.parquet").toString();
        spark = SparkSessions.start();
        // The plans below are read after execution; without AQE they are the final ones.
        spark.conf().set("spark.sql.adaptive.enabled", "false");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static Dataset<Row> lineitem(String format) {
        return spark.read().format(format).load(format.equals("vortex") ? vortex : parquet);
    }

    private static String plan(Dataset<Row> df) {
        return df.queryExecution().executedPlan().toString();
    }

    @Test
    void selectiveFilterPrunesZonesAndColumns() {
        String where = "l_orderkey < 3000 and l_shipmode = 'MAIL'";
        Dataset<Row> df = lineitem("vortex").where(where).select("l_orderkey", "l_quantity");
        List<Row> rows = df.collectAsList();
        String plan = plan(df);
        assertTrue(plan.contains("PushedFilters: [") && plan.contains("l_orderkey < 3000"), plan);
        assertTrue(plan.contains("l_shipmode = 'MAIL'"), plan);
        assertTrue(plan.contains("ReadColumns: [l_orderkey, l_quantity]"), plan);
        assertFalse(plan.contains("Filter "), "no filter left for Spark: " + plan);

        Map<String, Long> m = SparkSessions.scanMetrics(df.queryExecution().executedPlan());
        long zones = m.get(ScanMetrics.ZONES);
        long skipped = m.get(ScanMetrics.ZONES_SKIPPED);
        assertTrue(zones > 0 && skipped >= zones * 9 / 10, "zones skipped " + skipped + " of " + zones + ": " + m);
        assertTrue(m.get(ScanMetrics.BYTES_PLANNED) * 5 < m.get(ScanMetrics.FILE_BYTES), m.toString());
        assertTrue(m.get(ScanMetrics.CHUNKS_SKIPPED) > 0, m.toString());
        assertTrue(m.get(ScanMetrics.ROWS_READ) < 60_000, m.toString());
        assertEquals(rows.size(), m.get(ScanMetrics.ROWS_RETURNED), m.toString());

        List<Row> expected = lineitem("parquet")
                .where(where)
                .select("l_orderkey", "l_quantity")
                .orderBy("l_orderkey", "l_quantity")
                .collectAsList();
        assertEquals(expected, df.orderBy("l_orderkey", "l_quantity").collectAsList());
    }

    @Test
    void untranslatableFiltersStayWithSpark() {
        String where = "l_orderkey < 100 and l_comment rlike 'furious.*ly' and l_discount * 2 > 0.1";
        Dataset<Row> df = lineitem("vortex").where(where).select("l_orderkey", "l_linenumber");
        String plan = plan(df);
        assertTrue(plan.contains("l_orderkey < 100"), plan);
        assertTrue(plan.contains("Filter ") && plan.contains("RLIKE"), plan);
        assertEquals(
                lineitem("parquet")
                        .where(where)
                        .select("l_orderkey", "l_linenumber")
                        .orderBy("l_orderkey", "l_linenumber")
                        .collectAsList(),
                df.orderBy("l_orderkey", "l_linenumber").collectAsList());
    }

    @Test
    void aggregatesComeFromStatistics() {
        String sql = "select count(*), count(l_orderkey), min(l_orderkey), max(l_orderkey), min(l_shipdate),"
                + " max(l_shipdate), min(l_shipmode), max(l_extendedprice) from %s";
        lineitem("vortex").createOrReplaceTempView("li_vortex");
        lineitem("parquet").createOrReplaceTempView("li_parquet");
        Dataset<Row> df = spark.sql(sql.replace("%s", "li_vortex"));
        List<Row> rows = df.collectAsList();
        String plan = plan(df);
        assertTrue(
                plan.contains("PushedAggregates: [COUNT(*), MIN(l_orderkey), MAX(l_orderkey), MIN(l_shipdate)"), plan);
        Map<String, Long> m = SparkSessions.scanMetrics(df.queryExecution().executedPlan());
        assertEquals(0L, m.getOrDefault(ScanMetrics.ROWS_READ, 0L), m.toString());
        assertEquals(spark.sql(sql.replace("%s", "li_parquet")).collectAsList(), rows);
    }

    @Test
    void limitIsPushed() {
        Dataset<Row> df = lineitem("vortex").select("l_orderkey").limit(7);
        assertEquals(7, df.collectAsList().size());
        assertTrue(plan(df).contains("PushedLimit: 7"), plan(df));
        Map<String, Long> m = SparkSessions.scanMetrics(df.queryExecution().executedPlan());
        assertTrue(m.get(ScanMetrics.ROWS_RETURNED) <= 14, m.toString());
    }

    @Test
    void statisticsReachTheOptimizer() {
        Dataset<Row> df = lineitem("vortex");
        scala.Option<scala.math.BigInt> rows =
                df.queryExecution().optimizedPlan().stats().rowCount();
        assertTrue(rows.isDefined());
        assertEquals(lineitem("parquet").count(), rows.get().longValue());
        assertTrue(df.queryExecution().optimizedPlan().stats().sizeInBytes().longValue() > 1_000_000);
    }

    @Test
    void largeFilesAreSplit() {
        Dataset<Row> df =
                spark.read().format("vortex").option("splitBytes", 1 << 20).load(vortex);
        int partitions = df.rdd().getNumPartitions();
        assertTrue(partitions > 4, "partitions: " + partitions);
        assertEquals(lineitem("parquet").count(), df.count());
        Row sum = df.selectExpr("sum(l_orderkey)", "sum(l_extendedprice)").first();
        assertEquals(
                lineitem("parquet")
                        .selectExpr("sum(l_orderkey)", "sum(l_extendedprice)")
                        .first(),
                sum);
    }
}
