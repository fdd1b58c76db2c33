/// Parquet to Vortex: a pure-Java Parquet reader ([dev.jvortex.convert.parquet.ParquetFile]) and
/// the converter behind `jvx convert IN.parquet OUT.vortex`
/// ([dev.jvortex.convert.parquet.ParquetConverter]).
///
/// The reader decodes the Thrift compact footer and page headers itself; pages v1 and v2,
/// dictionary pages; PLAIN, PLAIN_DICTIONARY/RLE_DICTIONARY, RLE (levels, booleans), BIT_PACKED
/// levels (most-significant bit first, as the specification says), DELTA_BINARY_PACKED,
/// DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and BYTE_STREAM_SPLIT; UNCOMPRESSED, SNAPPY, GZIP,
/// LZ4_RAW, the Hadoop-framed LZ4 and ZSTD, all in Java (BROTLI and LZO are rejected as
/// unsupported). Nested data is assembled from the definition and repetition levels: groups to
/// structs, LIST (three-level and legacy two-level) to lists, MAP to maps, bare repeated fields
/// to non-null lists. A file is read one row group at a time; the heap one row group may take is
/// bounded, and corrupt input fails with a [dev.jvortex.core.VortexException].
package dev.jvortex.convert.parquet;
