package dev.jvortex.file.write;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.compress.Compressor;
import dev.jvortex.core.VortexException;
import java.util.concurrent.Executor;

/// How a [VortexWriter] lays out and compresses a file.
///
/// ```java
/// WriteOptions small = WriteOptions.defaults().withPreset(CompressionPreset.COMPACT);
/// WriteOptions serial = WriteOptions.defaults().withParallelism(1);
/// ```
///
/// @param targetChunkBytes the uncompressed size a leaf chunk aims for (rows are rounded to a
///     multiple of `rowBlock`)
/// @param rowBlock the row multiple of chunks and the zone length
/// @param zoneMaps whether to write per-zone statistics (`vortex.zoned`)
/// @param fileStatistics whether to write per-column file statistics
/// @param dictionaries whether low-cardinality string columns, and integer columns where it is
///     smaller, use the dictionary layout
/// @param compress whether leaf chunks, zone tables and dictionary values and codes go through the
///     cascading compressor ([Compressor]); canonical when false
/// @param preset the compressor's scheme list ([CompressionPreset#DEFAULT] or the smaller, slower
///     to decode [CompressionPreset#COMPACT])
/// @param cascadeDepth how many scheme levels may stack (1 to [Compressor#DEPTH_LIMIT]; the
///     reference uses 3)
/// @param parallelism how many chunks are compressed at once (1 compresses on the writing thread);
///     the file is the same whatever the value
/// @param executor runs the compression tasks when `parallelism > 1`; null lets the writer start
///     and stop its own `parallelism` threads
public record WriteOptions(
        long targetChunkBytes,
        int rowBlock,
        boolean zoneMaps,
        boolean fileStatistics,
        boolean dictionaries,
        boolean compress,
        CompressionPreset preset,
        int cascadeDepth,
        int parallelism,
        Executor executor) {
    /// The reference's defaults: about 1 MiB per chunk, 8192-row blocks and zones, zone maps,
    /// statistics, dictionary layouts and the default compressor with a cascade of 3, compressing
    /// on as many threads as there are processors.
    public static WriteOptions defaults() {
        return new WriteOptions(1 << 20, 8192, true, true, true, true);
    }

    /// The options without the compressor settings (default preset, depth 3, one task per processor).
    public WriteOptions(
            long targetChunkBytes,
            int rowBlock,
            boolean zoneMaps,
            boolean fileStatistics,
            boolean dictionaries,
            boolean compress) {
        this(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                CompressionPreset.DEFAULT,
                Compressor.MAX_DEPTH,
                Runtime.getRuntime().availableProcessors(),
                null);
    }

    /// The options without the compression flag (compression on).
    public WriteOptions(
            long targetChunkBytes, int rowBlock, boolean zoneMaps, boolean fileStatistics, boolean dictionaries) {
        this(targetChunkBytes, rowBlock, zoneMaps, fileStatistics, dictionaries, true);
    }

    public WriteOptions {
        if (rowBlock < 1 || targetChunkBytes < 1) {
            throw VortexException.misuse("rowBlock and targetChunkBytes must be positive");
        }
        if (preset == null) {
            throw VortexException.misuse("the compression preset must not be null");
        }
        Compressor.checkDepth(cascadeDepth);
        if (parallelism < 1) {
            throw VortexException.misuse("parallelism must be at least 1, got " + parallelism);
        }
    }

    /// Returns these options with dictionary layouts on or off.
    public WriteOptions withDictionaries(boolean on) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                on,
                compress,
                preset,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with zone maps on or off.
    public WriteOptions withZoneMaps(boolean on) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                on,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with the given chunk size target.
    public WriteOptions withTargetChunkBytes(long bytes) {
        return new WriteOptions(
                bytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with the given row block (chunk multiple and zone length).
    public WriteOptions withRowBlock(int rows) {
        return new WriteOptions(
                targetChunkBytes,
                rows,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with compression on or off.
    public WriteOptions compress(boolean on) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                on,
                preset,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with the given compressor preset.
    public WriteOptions withPreset(CompressionPreset p) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                p,
                cascadeDepth,
                parallelism,
                executor);
    }

    /// Returns these options with the given cascade depth.
    public WriteOptions withCascadeDepth(int depth) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                depth,
                parallelism,
                executor);
    }

    /// Returns these options compressing up to `n` chunks at once.
    public WriteOptions withParallelism(int n) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                cascadeDepth,
                n,
                executor);
    }

    /// Returns these options running compression tasks on `e` (which the writer does not shut
    /// down), up to `parallelism` at once; null goes back to the writer's own threads.
    public WriteOptions withExecutor(Executor e) {
        return new WriteOptions(
                targetChunkBytes,
                rowBlock,
                zoneMaps,
                fileStatistics,
                dictionaries,
                compress,
                preset,
                cascadeDepth,
                parallelism,
                e);
    }
}
