package dev.jvortex.file.write;

/// How a [VortexWriter] lays out a file.
///
/// @param targetChunkBytes the uncompressed size a leaf chunk aims for (rows are rounded to a
///     multiple of `rowBlock`)
/// @param rowBlock the row multiple of chunks and the zone length
/// @param zoneMaps whether to write per-zone statistics (`vortex.zoned`)
/// @param fileStatistics whether to write per-column file statistics
/// @param dictionaries whether low-cardinality string columns use the dictionary layout
/// @param compress whether leaf chunks, zone tables and dictionary values and codes go through the
///     cascading compressor ([dev.jvortex.encodings.compress.Compressor]); canonical when false
public record WriteOptions(long targetChunkBytes, int rowBlock, boolean zoneMaps, boolean fileStatistics, boolean dictionaries,
        boolean compress) {
    /// The reference's defaults: about 1 MiB per chunk, 8192-row blocks and zones, zone maps,
    /// statistics, dictionary layouts and compression on.
    public static WriteOptions defaults() {
        return new WriteOptions(1 << 20, 8192, true, true, true, true);
    }

    /// The options without the compression flag (compression on).
    public WriteOptions(long targetChunkBytes, int rowBlock, boolean zoneMaps, boolean fileStatistics, boolean dictionaries) {
        this(targetChunkBytes, rowBlock, zoneMaps, fileStatistics, dictionaries, true);
    }

    public WriteOptions {
        if (rowBlock < 1 || targetChunkBytes < 1) {
            throw dev.jvortex.core.VortexException.misuse("rowBlock and targetChunkBytes must be positive");
        }
    }

    /// Returns these options with dictionary layouts on or off.
    public WriteOptions withDictionaries(boolean on) {
        return new WriteOptions(targetChunkBytes, rowBlock, zoneMaps, fileStatistics, on, compress);
    }

    /// Returns these options with zone maps on or off.
    public WriteOptions withZoneMaps(boolean on) {
        return new WriteOptions(targetChunkBytes, rowBlock, on, fileStatistics, dictionaries, compress);
    }

    /// Returns these options with the given chunk size target.
    public WriteOptions withTargetChunkBytes(long bytes) {
        return new WriteOptions(bytes, rowBlock, zoneMaps, fileStatistics, dictionaries, compress);
    }

    /// Returns these options with the given row block (chunk multiple and zone length).
    public WriteOptions withRowBlock(int rows) {
        return new WriteOptions(targetChunkBytes, rows, zoneMaps, fileStatistics, dictionaries, compress);
    }

    /// Returns these options with compression on or off.
    public WriteOptions compress(boolean on) {
        return new WriteOptions(targetChunkBytes, rowBlock, zoneMaps, fileStatistics, dictionaries, on);
    }
}
