package dev.jvortex.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.jdk.javaapi.CollectionConverters;

/// The local[2] Spark session of the tests: one per test class (each class stops its own in
/// `@AfterAll`), no UI, few shuffle partitions.
final class SparkSessions {
    private SparkSessions() {}

    /// Starts (or returns the running) local session.
    static SparkSession start() {
        return SparkSession.builder()
                .master("local[2]")
                .appName("jvortex-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
    }

    /// Returns the metrics of the plan's batch scan.
    static Map<String, Long> scanMetrics(SparkPlan plan) {
        List<SparkPlan> nodes = new ArrayList<>();
        nodes.add(plan);
        while (!nodes.isEmpty()) {
            SparkPlan p = nodes.removeLast();
            if (p.nodeName().startsWith("BatchScan")) {
                Map<String, Long> out = new TreeMap<>();
                for (Map.Entry<String, SQLMetric> e :
                        CollectionConverters.asJava(p.metrics()).entrySet()) {
                    out.put(e.getKey(), e.getValue().value());
                }
                return out;
            }
            if (p instanceof AdaptiveSparkPlanExec a) {
                nodes.add(a.executedPlan());
            } else if (p instanceof QueryStageExec q) {
                nodes.add(q.plan());
            }
            nodes.addAll(CollectionConverters.asJava(p.children()));
        }
        throw new AssertionError("no batch scan in " + plan);
    }
}
