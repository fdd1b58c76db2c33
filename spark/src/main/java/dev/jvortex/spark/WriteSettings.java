package dev.jvortex.spark;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.write.WriteOptions;
import java.io.Serializable;
import java.util.Locale;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// The write options a task needs, as plain data (the writer's [WriteOptions] is not serializable).
///
/// @param compact whether to use the compact compression preset (`preset` option: `default` or `compact`)
/// @param chunkBytes the target uncompressed chunk size (`chunkBytes`), or 0 for the writer's default
/// @param zoneMaps whether to write zone maps (`zoneMaps`, default true)
/// @param parallelism chunks compressed at once per task (`compressionThreads`, default 1: Spark's
///     tasks already use the cores)
/// @param rowsPerBatch rows buffered per file before they are handed to the writer (`writeBatchRows`)
record WriteSettings(boolean compact, long chunkBytes, boolean zoneMaps, int parallelism, int rowsPerBatch)
        implements Serializable {

    /// Reads the settings from the write's options.
    static WriteSettings of(CaseInsensitiveStringMap options) {
        String preset = options.getOrDefault("preset", "default").toLowerCase(Locale.ROOT);
        if (!preset.equals("default") && !preset.equals("compact")) {
            throw VortexException.misuse("option preset must be default or compact, not " + preset);
        }
        return new WriteSettings(
                preset.equals("compact"),
                options.getLong("chunkBytes", 0),
                options.getBoolean("zoneMaps", true),
                options.getInt("compressionThreads", 1),
                options.getInt("writeBatchRows", 65_536));
    }

    /// Returns the writer options.
    WriteOptions options() {
        WriteOptions o = WriteOptions.defaults().withZoneMaps(zoneMaps).withParallelism(Math.max(1, parallelism));
        if (compact) {
            o = o.withPreset(CompressionPreset.COMPACT);
        }
        if (chunkBytes > 0) {
            o = o.withTargetChunkBytes(chunkBytes);
        }
        return o;
    }
}
