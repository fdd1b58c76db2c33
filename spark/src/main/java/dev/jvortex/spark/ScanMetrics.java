package dev.jvortex.spark;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/// The scan figures shown on the scan node in Spark's UI and plan metrics: what planning pruned
/// (reported by the driver) and what the tasks decoded.
final class ScanMetrics {
    private ScanMetrics() {}

    /// Stored bytes of the files scanned.
    static final String FILE_BYTES = "vortexFileBytes";
    /// Estimated stored bytes of the splits left after pruning (what the tasks read).
    static final String BYTES_PLANNED = "vortexBytesPlanned";
    /// Zones of the filtered columns' zone maps.
    static final String ZONES = "vortexZones";
    /// Zones pruned by the zone maps.
    static final String ZONES_SKIPPED = "vortexZonesSkipped";
    /// Leaf chunks of the columns read.
    static final String CHUNKS = "vortexChunks";
    /// Chunks never decoded because pruning left no row in them.
    static final String CHUNKS_SKIPPED = "vortexChunksSkipped";
    /// Files skipped: proved empty of matches by their statistics, or by their partition values.
    static final String FILES_PRUNED = "vortexFilesPruned";
    /// Rows decoded and filtered by the tasks.
    static final String ROWS_READ = "vortexRowsRead";
    /// Rows the tasks returned to Spark.
    static final String ROWS_RETURNED = "vortexRowsReturned";

    /// The metrics this connector reports.
    static CustomMetric[] all() {
        return new CustomMetric[] {
            new Sum(FILE_BYTES, "Vortex file bytes"),
            new Sum(BYTES_PLANNED, "Vortex bytes planned after pruning"),
            new Sum(ZONES, "Vortex zones"),
            new Sum(ZONES_SKIPPED, "Vortex zones skipped"),
            new Sum(CHUNKS, "Vortex chunks"),
            new Sum(CHUNKS_SKIPPED, "Vortex chunks skipped"),
            new Sum(FILES_PRUNED, "Vortex files pruned"),
            new Sum(ROWS_READ, "Vortex rows decoded"),
            new Sum(ROWS_RETURNED, "Vortex rows returned"),
        };
    }

    /// A summed metric; Spark instantiates it by class name, so it needs a no-argument constructor.
    public static class Sum extends CustomSumMetric {
        private final String name;
        private final String description;

        /// For Spark's reflection (never used to report).
        public Sum() {
            this("vortex", "vortex");
        }

        Sum(String name, String description) {
            this.name = name;
            this.description = description;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return description;
        }
    }

    /// Returns a task (or driver) value of metric `name`.
    static CustomTaskMetric value(String name, long value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value;
            }
        };
    }
}
