package dev.jvortex.spark;

import org.apache.spark.sql.SparkSession;

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
}
