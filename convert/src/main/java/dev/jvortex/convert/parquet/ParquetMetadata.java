package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/// The parts of Parquet's `FileMetaData` and `PageHeader` this reader uses, decoded from
/// their Thrift structs with every required field checked.
final class ParquetMetadata {
    private ParquetMetadata() {}

    // Physical types.
    static final int BOOLEAN = 0;
    static final int INT32 = 1;
    static final int INT64 = 2;
    static final int INT96 = 3;
    static final int FLOAT = 4;
    static final int DOUBLE = 5;
    static final int BYTE_ARRAY = 6;
    static final int FIXED_LEN_BYTE_ARRAY = 7;

    // Repetition.
    static final int REQUIRED = 0;
    static final int OPTIONAL = 1;
    static final int REPEATED = 2;

    // Converted types.
    static final int CT_UTF8 = 0;
    static final int CT_MAP = 1;
    static final int CT_MAP_KEY_VALUE = 2;
    static final int CT_LIST = 3;
    static final int CT_ENUM = 4;
    static final int CT_DECIMAL = 5;
    static final int CT_DATE = 6;
    static final int CT_TIME_MILLIS = 7;
    static final int CT_TIME_MICROS = 8;
    static final int CT_TIMESTAMP_MILLIS = 9;
    static final int CT_TIMESTAMP_MICROS = 10;
    static final int CT_UINT_8 = 11;
    static final int CT_UINT_16 = 12;
    static final int CT_UINT_32 = 13;
    static final int CT_UINT_64 = 14;
    static final int CT_INT_8 = 15;
    static final int CT_INT_16 = 16;
    static final int CT_INT_32 = 17;
    static final int CT_INT_64 = 18;
    static final int CT_JSON = 19;
    static final int CT_BSON = 20;
    static final int CT_INTERVAL = 21;

    // Logical type union members.
    static final int LT_STRING = 1;
    static final int LT_MAP = 2;
    static final int LT_LIST = 3;
    static final int LT_ENUM = 4;
    static final int LT_DECIMAL = 5;
    static final int LT_DATE = 6;
    static final int LT_TIME = 7;
    static final int LT_TIMESTAMP = 8;
    static final int LT_INTEGER = 10;
    static final int LT_UNKNOWN = 11;
    static final int LT_JSON = 12;
    static final int LT_BSON = 13;
    static final int LT_UUID = 14;
    static final int LT_FLOAT16 = 15;

    // Codecs.
    static final int UNCOMPRESSED = 0;
    static final int SNAPPY = 1;
    static final int GZIP = 2;
    static final int LZO = 3;
    static final int BROTLI = 4;
    static final int LZ4 = 5;
    static final int ZSTD = 6;
    static final int LZ4_RAW = 7;

    // Encodings.
    static final int PLAIN = 0;
    static final int PLAIN_DICTIONARY = 2;
    static final int RLE = 3;
    static final int BIT_PACKED = 4;
    static final int DELTA_BINARY_PACKED = 5;
    static final int DELTA_LENGTH_BYTE_ARRAY = 6;
    static final int DELTA_BYTE_ARRAY = 7;
    static final int RLE_DICTIONARY = 8;
    static final int BYTE_STREAM_SPLIT = 9;

    // Page types.
    static final int DATA_PAGE = 0;
    static final int INDEX_PAGE = 1;
    static final int DICTIONARY_PAGE = 2;
    static final int DATA_PAGE_V2 = 3;

    static String encodingName(int e) {
        return switch (e) {
            case PLAIN -> "PLAIN";
            case PLAIN_DICTIONARY -> "PLAIN_DICTIONARY";
            case RLE -> "RLE";
            case BIT_PACKED -> "BIT_PACKED";
            case DELTA_BINARY_PACKED -> "DELTA_BINARY_PACKED";
            case DELTA_LENGTH_BYTE_ARRAY -> "DELTA_LENGTH_BYTE_ARRAY";
            case DELTA_BYTE_ARRAY -> "DELTA_BYTE_ARRAY";
            case RLE_DICTIONARY -> "RLE_DICTIONARY";
            case BYTE_STREAM_SPLIT -> "BYTE_STREAM_SPLIT";
            default -> "encoding " + e;
        };
    }

    static String codecName(int c) {
        return switch (c) {
            case UNCOMPRESSED -> "UNCOMPRESSED";
            case SNAPPY -> "SNAPPY";
            case GZIP -> "GZIP";
            case LZO -> "LZO";
            case BROTLI -> "BROTLI";
            case LZ4 -> "LZ4 (Hadoop framing)";
            case ZSTD -> "ZSTD";
            case LZ4_RAW -> "LZ4_RAW";
            default -> "codec " + c;
        };
    }

    /// One element of the flattened schema.
    record SchemaElement(
            int type,
            int typeLength,
            int repetition,
            String name,
            int numChildren,
            int convertedType,
            int scale,
            int precision,
            Thrift.Struct logicalType) {
        static SchemaElement of(Thrift.Struct s) {
            Thrift.Struct lt = s.struct(10);
            return new SchemaElement(
                    s.i32(1, -1),
                    s.i32(2, -1),
                    s.i32(3, -1),
                    s.string(4, "SchemaElement.name"),
                    s.i32(5, -1),
                    s.i32(6, -1),
                    s.i32(7, 0),
                    s.i32(8, -1),
                    lt);
        }

        /// Returns the logical type's union member id, or -1.
        int logicalKind() {
            return logicalType == null ? -1 : logicalType.unionField();
        }

        /// Returns the logical type's member struct (may be empty), or null.
        Thrift.Struct logical() {
            return logicalType == null ? null : logicalType.struct(logicalType.unionField());
        }

        boolean isGroup() {
            return numChildren >= 0 && type < 0 || numChildren > 0;
        }
    }

    /// The metadata of one column chunk.
    record ColumnChunk(
            int type,
            List<String> path,
            int codec,
            long numValues,
            long totalCompressedSize,
            long dataPageOffset,
            long dictionaryPageOffset) {
        static ColumnChunk of(Thrift.Struct cc, String where) {
            if (cc.has(1)) {
                throw VortexException.unsupported(where + ": column chunk stored in another file ("
                        + cc.string(1, "file_path") + ") is not supported");
            }
            Thrift.Struct m = cc.struct(3);
            if (m == null) {
                if (cc.has(9)) {
                    throw VortexException.unsupported(where + ": encrypted column metadata is not supported");
                }
                throw VortexException.corrupt(where + ": column chunk without metadata");
            }
            List<String> path = new ArrayList<>();
            for (Object o : m.list(3, "path_in_schema", true)) {
                if (!(o instanceof byte[] b)) {
                    throw VortexException.corrupt(where + ": path_in_schema element is not a string");
                }
                path.add(new String(b, StandardCharsets.UTF_8));
            }
            return new ColumnChunk(
                    m.i32(1, "ColumnMetaData.type"),
                    path,
                    m.i32(4, "codec"),
                    m.i64(5, "num_values"),
                    m.i64(7, "total_compressed_size"),
                    m.i64(9, "data_page_offset"),
                    m.i64(11, -1L));
        }

        /// Returns where the chunk's first page starts.
        long start() {
            return dictionaryPageOffset >= 0 && dictionaryPageOffset < dataPageOffset
                    ? dictionaryPageOffset
                    : dataPageOffset;
        }
    }

    /// One row group.
    record RowGroup(List<ColumnChunk> columns, long numRows) {}

    /// The file footer.
    record FileMetaData(List<SchemaElement> schema, long numRows, List<RowGroup> rowGroups, String createdBy) {
        static FileMetaData of(Thrift.Struct s) {
            List<SchemaElement> schema = new ArrayList<>();
            for (Thrift.Struct e : s.structs(2, "schema", true)) {
                schema.add(SchemaElement.of(e));
            }
            if (s.has(8) && !s.has(2)) {
                throw VortexException.unsupported("encrypted Parquet footers are not supported");
            }
            List<RowGroup> groups = new ArrayList<>();
            int g = 0;
            for (Thrift.Struct rg : s.structs(4, "row_groups", true)) {
                List<ColumnChunk> cols = new ArrayList<>();
                for (Thrift.Struct cc : rg.structs(1, "RowGroup.columns", true)) {
                    cols.add(ColumnChunk.of(cc, "row group " + g + ", column " + cols.size()));
                }
                long n = rg.i64(3, "RowGroup.num_rows");
                if (n < 0) {
                    throw VortexException.corrupt("row group " + g + " has " + n + " rows");
                }
                groups.add(new RowGroup(cols, n));
                g++;
            }
            Object cb = s.get(6);
            return new FileMetaData(
                    schema,
                    s.i64(3, "FileMetaData.num_rows"),
                    groups,
                    cb instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : null);
        }
    }

    /// A page header.
    record PageHeader(
            int type,
            int uncompressedSize,
            int compressedSize,
            int numValues,
            int encoding,
            int defEncoding,
            int repEncoding,
            int numNulls,
            int numRows,
            int defLength,
            int repLength,
            boolean compressed) {
        static PageHeader of(Thrift.Struct s, String where) {
            int type = s.i32(1, "PageHeader.type");
            int un = s.i32(2, "uncompressed_page_size");
            int comp = s.i32(3, "compressed_page_size");
            if (un < 0 || comp < 0) {
                throw VortexException.corrupt(where + ": negative page size");
            }
            switch (type) {
                case DATA_PAGE -> {
                    Thrift.Struct h = need(s.struct(5), where, "data_page_header");
                    return new PageHeader(
                            type,
                            un,
                            comp,
                            h.i32(1, "num_values"),
                            h.i32(2, "encoding"),
                            h.i32(3, "definition_level_encoding"),
                            h.i32(4, "repetition_level_encoding"),
                            -1,
                            -1,
                            0,
                            0,
                            true);
                }
                case DATA_PAGE_V2 -> {
                    Thrift.Struct h = need(s.struct(8), where, "data_page_header_v2");
                    return new PageHeader(
                            type,
                            un,
                            comp,
                            h.i32(1, "num_values"),
                            h.i32(4, "encoding"),
                            RLE,
                            RLE,
                            h.i32(2, "num_nulls"),
                            h.i32(3, "num_rows"),
                            h.i32(5, "definition_levels_byte_length"),
                            h.i32(6, "repetition_levels_byte_length"),
                            h.bool(7, true));
                }
                case DICTIONARY_PAGE -> {
                    Thrift.Struct h = need(s.struct(7), where, "dictionary_page_header");
                    return new PageHeader(
                            type, un, comp, h.i32(1, "num_values"), h.i32(2, "encoding"), -1, -1, 0, 0, 0, 0, true);
                }
                default -> {
                    return new PageHeader(type, un, comp, 0, -1, -1, -1, 0, 0, 0, 0, true);
                }
            }
        }

        private static Thrift.Struct need(Thrift.Struct s, String where, String name) {
            if (s == null) {
                throw VortexException.corrupt(where + ": page header without " + name);
            }
            return s;
        }
    }
}
