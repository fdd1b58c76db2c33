package dev.jvortex.convert.parquet;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.zstd.ZstdCompressor;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/// Writes Parquet files from Vortex arrays, streaming: rows are shredded into per-column pages
/// (data page v1) as they arrive, and a row group is written out whenever its encoded size or row
/// count reaches the bound in [Options], so memory stays bounded by one row group.
///
/// Values are PLAIN encoded; string and binary columns start with a dictionary (RLE_DICTIONARY
/// pages) and fall back to PLAIN within the column chunk when the dictionary grows past 64 Ki
/// entries or 1 MiB. Definition and repetition levels use the RLE / bit-packing hybrid. Pages are
/// compressed with ZSTD (the project's pure-Java compressor) or left uncompressed.
///
/// Type mapping (logical types as the Parquet format defines them; see `docs/converting.md`):
/// bool to BOOLEAN; i8/i16/i32 and u8/u16/u32 to INT32 with INTEGER(bits, signed); i64/u64 to
/// INT64 with INTEGER(64, signed); f16 to FIXED_LEN_BYTE_ARRAY(2) FLOAT16; f32 FLOAT; f64 DOUBLE;
/// decimals to INT32 (precision up to 9), INT64 (up to 18) or FIXED_LEN_BYTE_ARRAY (big-endian,
/// the fewest bytes for the precision) with DECIMAL; utf8 to BYTE_ARRAY STRING; binary to
/// BYTE_ARRAY; `vortex.date` to INT32 DATE; `vortex.time` to INT32 TIME(MILLIS) for seconds and
/// milliseconds, INT64 TIME(MICROS/NANOS); `vortex.timestamp` to INT64 TIMESTAMP with its unit
/// (seconds become milliseconds) and isAdjustedToUTC set when the timestamp has a zone (the zone's
/// name is not kept: Parquet has no place for it); `vortex.uuid` to FIXED_LEN_BYTE_ARRAY(16)
/// UUID; the null type to an all-null INT32 column with the UNKNOWN logical type; structs to
/// groups; lists and fixed-size lists to three-level LIST groups; maps to MAP groups with a
/// required key. Variant and union columns, and decimals with a negative scale, are refused.
public final class ParquetWriter implements AutoCloseable {
    /// Page compression.
    public enum Codec {
        /// No compression.
        UNCOMPRESSED(0),
        /// Zstandard.
        ZSTD(6);

        final int thriftId;

        Codec(int thriftId) {
            this.thriftId = thriftId;
        }
    }

    /// Writer options.
    ///
    /// @param codec page compression
    /// @param rowGroupBytes a row group is closed once its encoded pages reach this size
    /// @param rowGroupRows a row group is closed once it holds this many rows
    /// @param pageBytes a page is closed once its values reach this size (checked between rows)
    /// @param dictionary whether string and binary columns start with a dictionary
    public record Options(Codec codec, long rowGroupBytes, long rowGroupRows, int pageBytes, boolean dictionary) {
        /// Validates the bounds.
        public Options {
            if (rowGroupBytes < 1 || rowGroupRows < 1 || pageBytes < 1) {
                throw VortexException.misuse("Parquet row group and page bounds must be positive");
            }
        }

        /// ZSTD, row groups of at most 128 MiB or 1,048,576 rows, 1 MiB pages, dictionaries on.
        public static Options defaults() {
            return new Options(Codec.ZSTD, 128L << 20, 1 << 20, 1 << 20, true);
        }

        /// These options with another codec.
        public Options withCodec(Codec c) {
            return new Options(c, rowGroupBytes, rowGroupRows, pageBytes, dictionary);
        }

        /// These options with other row group bounds.
        public Options withRowGroup(long bytes, long rows) {
            return new Options(codec, bytes, rows, pageBytes, dictionary);
        }

        /// These options with dictionaries on or off.
        public Options withDictionary(boolean on) {
            return new Options(codec, rowGroupBytes, rowGroupRows, pageBytes, on);
        }
    }

    // Parquet physical types.
    private static final int BOOLEAN = 0;
    private static final int INT32 = 1;
    private static final int INT64 = 2;
    private static final int FLOAT = 4;
    private static final int DOUBLE = 5;
    private static final int BYTE_ARRAY = 6;
    private static final int FIXED = 7;
    // Encodings.
    private static final int PLAIN = 0;
    private static final int RLE = 3;
    private static final int RLE_DICTIONARY = 8;
    private static final int DICT_MAX_ENTRIES = 1 << 16;
    private static final int DICT_MAX_BYTES = 1 << 20;
    private static final int CHECK_EVERY_ROWS = 256;

    private final OutputStream out;
    private final Options options;
    private final List<String> names;
    private final List<Column> columns = new ArrayList<>();
    private final List<Leaf> leaves = new ArrayList<>();
    private final List<byte[]> rowGroups = new ArrayList<>();
    private final ZstdCompressor zstd;
    private long position;
    private long groupRows;
    private long totalRows;
    private boolean finished;

    private ParquetWriter(OutputStream out, DType.Struct schema, Options options) {
        this.out = out;
        this.options = options;
        this.names = schema.names();
        this.zstd = options.codec() == Codec.ZSTD ? new ZstdCompressor() : null;
        for (int i = 0; i < schema.size(); i++) {
            columns.add(build(schema.names().get(i), schema.fields().get(i), 0, 0, List.of()));
        }
    }

    /// Starts a Parquet file on `out` (which it does not close) for rows of `schema`; refuses
    /// types Parquet cannot hold with a [VortexException] naming the column.
    public static ParquetWriter create(OutputStream out, DType.Struct schema, Options options) throws IOException {
        ParquetWriter w = new ParquetWriter(out, schema, options);
        w.write(new byte[] {'P', 'A', 'R', '1'});
        return w;
    }

    /// Returns the rows written so far.
    public long rowCount() {
        return totalRows;
    }

    /// Appends one batch: one array per top-level column, all of the same length.
    public void write(List<Array> batch) throws IOException {
        if (finished) {
            throw VortexException.misuse("Parquet writer already finished");
        }
        if (batch.size() != columns.size()) {
            throw VortexException.misuse("batch has " + batch.size() + " columns but the schema has " + columns.size());
        }
        int rows = batch.isEmpty() ? 0 : batch.getFirst().length();
        for (int c = 0; c < batch.size(); c++) {
            if (batch.get(c).length() != rows) {
                throw VortexException.misuse("column '" + names.get(c) + "' has "
                        + batch.get(c).length() + " rows but column '" + names.getFirst() + "' has " + rows);
            }
        }
        for (int i = 0; i < rows; i++) {
            for (int c = 0; c < columns.size(); c++) {
                shred(columns.get(c), batch.get(c), i, 0, 0);
            }
            groupRows++;
            totalRows++;
            if (groupRows % CHECK_EVERY_ROWS == 0 || i == rows - 1) {
                long bytes = 0;
                for (Leaf leaf : leaves) {
                    if (leaf.pageEstimate() >= options.pageBytes()) {
                        leaf.flushPage();
                    }
                    bytes += leaf.chunkBytes();
                }
                if (bytes >= options.rowGroupBytes() || groupRows >= options.rowGroupRows()) {
                    flushRowGroup();
                }
            }
        }
    }

    /// Writes the last row group and the footer. The stream is not closed.
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        if (groupRows > 0) {
            flushRowGroup();
        }
        finished = true;
        ThriftWriter t = new ThriftWriter();
        t.i32(1, 2);
        List<SchemaEntry> schema = new ArrayList<>();
        schema.add(new SchemaEntry("schema", -1, -1, columns.size(), null));
        for (Column c : columns) {
            c.schema(schema);
        }
        t.list(2, ThriftWriter.STRUCT, schema.size());
        for (SchemaEntry e : schema) {
            e.write(t);
        }
        t.i64(3, totalRows);
        t.list(4, ThriftWriter.STRUCT, rowGroups.size());
        byte[] meta = t.toByteArray();
        OutputStreamBuffer footer = new OutputStreamBuffer();
        footer.add(meta);
        for (byte[] g : rowGroups) {
            footer.add(g);
        }
        ThriftWriter tail = new ThriftWriter(4);
        tail.string(6, "jvortex");
        // column_orders: TYPE_ORDER for every leaf, which tells readers that the statistics'
        // min_value/max_value follow the type's sort order (without it they read the deprecated
        // min/max fields, which we do not write)
        tail.list(7, ThriftWriter.STRUCT, leaves.size());
        for (int i = 0; i < leaves.size(); i++) {
            tail.beginElement().emptyStruct(1).endStruct();
        }
        byte[] rest = tail.finish();
        footer.add(rest);
        byte[] all = footer.bytes();
        write(all);
        byte[] len = new byte[8];
        len[0] = (byte) all.length;
        len[1] = (byte) (all.length >>> 8);
        len[2] = (byte) (all.length >>> 16);
        len[3] = (byte) (all.length >>> 24);
        len[4] = 'P';
        len[5] = 'A';
        len[6] = 'R';
        len[7] = '1';
        write(len);
        out.flush();
    }

    /// Finishes the file if it was not finished.
    @Override
    public void close() throws IOException {
        finish();
    }

    private void write(byte[] b) throws IOException {
        out.write(b);
        position += b.length;
    }

    private void flushRowGroup() throws IOException {
        long start = position;
        long uncompressed = 0;
        long compressed = 0;
        ThriftWriter rg = new ThriftWriter();
        rg.beginElement();
        rg.list(1, ThriftWriter.STRUCT, leaves.size());
        for (Leaf leaf : leaves) {
            leaf.flushPage();
            leaf.finishDictionary();
            long chunkStart = position;
            long dictOffset = -1;
            if (leaf.dictPage != null) {
                dictOffset = position;
                write(leaf.dictPage);
            }
            long dataOffset = position;
            leaf.pages.writeTo(out);
            position += leaf.pages.size();
            uncompressed += leaf.uncompressedBytes;
            compressed += position - chunkStart;
            rg.beginElement();
            rg.i64(2, chunkStart);
            rg.beginStruct(3);
            rg.i32(1, leaf.physical);
            List<Integer> encodings = new ArrayList<>(List.of(RLE));
            if (leaf.usedPlain || leaf.dictPage == null) {
                encodings.add(PLAIN);
            }
            if (leaf.dictPage != null) {
                encodings.add(RLE_DICTIONARY);
                if (!encodings.contains(PLAIN)) {
                    encodings.add(PLAIN); // the dictionary page's own encoding
                }
            }
            rg.list(2, ThriftWriter.I32, encodings.size());
            for (int e : encodings) {
                rg.i32Value(e);
            }
            rg.list(3, ThriftWriter.BINARY, leaf.path.size());
            for (String p : leaf.path) {
                rg.stringValue(p);
            }
            rg.i32(4, options.codec().thriftId);
            rg.i64(5, leaf.chunkValues);
            rg.i64(6, leaf.uncompressedBytes);
            rg.i64(7, position - chunkStart);
            rg.i64(9, dataOffset);
            if (dictOffset >= 0) {
                rg.i64(11, dictOffset);
            }
            leaf.stats.write(rg, 12, leaf.physical);
            rg.endStruct();
            rg.endStruct();
            leaf.resetChunk();
        }
        rg.i64(2, uncompressed);
        rg.i64(3, groupRows);
        rg.i64(5, start);
        rg.i64(6, compressed);
        rg.endStruct();
        rowGroups.add(rg.toByteArray());
        groupRows = 0;
    }

    // ---- schema ----

    /// A column of the Parquet schema tree, mirroring the Vortex type.
    private abstract static sealed class Column permits Group, ListColumn, MapColumn, Leaf {
        final String name;
        final boolean optional;

        Column(String name, boolean optional) {
            this.name = name;
            this.optional = optional;
        }

        abstract void schema(List<SchemaEntry> out);

        abstract void nulls(int def, int rep);
    }

    private static final class Group extends Column {
        final List<Column> children;

        Group(String name, boolean optional, List<Column> children) {
            super(name, optional);
            this.children = children;
        }

        @Override
        void schema(List<SchemaEntry> out) {
            out.add(new SchemaEntry(name, -1, optional ? 1 : 0, children.size(), null));
            for (Column c : children) {
                c.schema(out);
            }
        }

        @Override
        void nulls(int def, int rep) {
            for (Column c : children) {
                c.nulls(def, rep);
            }
        }
    }

    private static final class ListColumn extends Column {
        final Column element;
        final int repLevel;

        ListColumn(String name, boolean optional, Column element, int repLevel) {
            super(name, optional);
            this.element = element;
            this.repLevel = repLevel;
        }

        @Override
        void schema(List<SchemaEntry> out) {
            out.add(new SchemaEntry(name, -1, optional ? 1 : 0, 1, new Logical(3, 3)));
            out.add(new SchemaEntry("list", -1, 2, 1, null));
            element.schema(out);
        }

        @Override
        void nulls(int def, int rep) {
            element.nulls(def, rep);
        }
    }

    private static final class MapColumn extends Column {
        final Column key;
        final Column value;
        final int repLevel;

        MapColumn(String name, boolean optional, Column key, Column value, int repLevel) {
            super(name, optional);
            this.key = key;
            this.value = value;
            this.repLevel = repLevel;
        }

        @Override
        void schema(List<SchemaEntry> out) {
            out.add(new SchemaEntry(name, -1, optional ? 1 : 0, 1, new Logical(2, 1)));
            out.add(new SchemaEntry("key_value", -1, 2, 2, null));
            key.schema(out);
            value.schema(out);
        }

        @Override
        void nulls(int def, int rep) {
            key.nulls(def, rep);
            value.nulls(def, rep);
        }
    }

    /// A logical type: the LogicalType union field id (with its payload written by `payload`)
    /// and the legacy ConvertedType (-1 for none).
    private record Logical(int unionId, int converted, LogicalPayload payload, int scale, int precision) {
        Logical(int unionId, int converted) {
            this(unionId, converted, null, -1, -1);
        }
    }

    @FunctionalInterface
    private interface LogicalPayload {
        void write(ThriftWriter t);
    }

    private record SchemaEntry(String name, int physical, int repetition, int children, Logical logical, int length) {
        SchemaEntry(String name, int physical, int repetition, int children, Logical logical) {
            this(name, physical, repetition, children, logical, -1);
        }

        void write(ThriftWriter t) {
            t.beginElement();
            if (physical >= 0) {
                t.i32(1, physical);
            }
            if (length >= 0) {
                t.i32(2, length);
            }
            if (repetition >= 0) {
                t.i32(3, repetition);
            }
            t.string(4, name);
            if (children >= 0 && physical < 0) {
                t.i32(5, children);
            }
            if (logical != null) {
                if (logical.converted() >= 0) {
                    t.i32(6, logical.converted());
                }
                if (logical.scale() >= 0) {
                    t.i32(7, logical.scale());
                    t.i32(8, logical.precision());
                }
                t.beginStruct(10);
                if (logical.payload() == null) {
                    t.emptyStruct(logical.unionId());
                } else {
                    t.beginStruct(logical.unionId());
                    logical.payload().write(t);
                    t.endStruct();
                }
                t.endStruct();
            }
            t.endStruct();
        }
    }

    /// How a leaf turns a value of its array into Parquet's physical value.
    private enum Kind {
        NULL,
        BOOL,
        INT32,
        INT64,
        FLOAT,
        DOUBLE,
        FLOAT16,
        DATE_DAYS,
        DATE_MILLIS,
        TIME_SECONDS,
        TIME_AS_IS,
        TIMESTAMP_SECONDS,
        TIMESTAMP_AS_IS,
        DECIMAL_INT,
        DECIMAL_FIXED,
        BYTES,
        UUID
    }

    private Column build(String name, DType type, int def, int rep, List<String> parentPath) {
        List<String> path = new ArrayList<>(parentPath);
        path.add(name);
        boolean optional = type.nullable();
        int d = def + (optional ? 1 : 0);
        String where = String.join(".", path);
        return switch (type) {
            case DType.Struct s -> {
                if (s.size() == 0) {
                    throw VortexException.unsupported(
                            "column '" + where + "': Parquet cannot hold a struct with no fields");
                }
                List<Column> children = new ArrayList<>();
                for (int i = 0; i < s.size(); i++) {
                    children.add(build(s.names().get(i), s.fields().get(i), d, rep, path));
                }
                yield new Group(name, optional, children);
            }
            case DType.ListType l -> {
                List<String> inner = new ArrayList<>(path);
                inner.add("list");
                yield new ListColumn(name, optional, build("element", l.element(), d + 1, rep + 1, inner), rep + 1);
            }
            case DType.FixedSizeList l -> {
                List<String> inner = new ArrayList<>(path);
                inner.add("list");
                yield new ListColumn(name, optional, build("element", l.element(), d + 1, rep + 1, inner), rep + 1);
            }
            case DType.MapType m -> {
                List<String> inner = new ArrayList<>(path);
                inner.add("key_value");
                Column key = build("key", m.key().withNullable(false), d + 1, rep + 1, inner);
                Column value = build("value", m.value(), d + 1, rep + 1, inner);
                yield new MapColumn(name, optional, key, value, rep + 1);
            }
            case DType.Variant v ->
                throw VortexException.unsupported(
                        "column '" + where + "': variant values cannot be written to Parquet");
            case DType.Union u ->
                throw VortexException.unsupported("column '" + where + "': union values cannot be written to Parquet");
            default -> {
                Leaf leaf = leaf(name, type, where);
                leaf.init(path, d, rep);
                leaves.add(leaf);
                yield leaf;
            }
        };
    }

    private Leaf leaf(String name, DType type, String where) {
        return switch (type) {
            case DType.Null n -> new Leaf(name, true, INT32, -1, new Logical(11, -1), Kind.NULL, 0);
            case DType.Bool b -> new Leaf(name, b.nullable(), BOOLEAN, -1, null, Kind.BOOL, 0);
            case DType.Primitive p -> primitive(name, p);
            case DType.Decimal dec -> {
                if (dec.scale() < 0) {
                    throw VortexException.unsupported("column '" + where + "': " + dec
                            + " has a negative scale, which Parquet decimals cannot hold");
                }
                int precision = dec.precision();
                int scale = dec.scale();
                LogicalPayload payload = t -> t.i32(1, scale).i32(2, precision);
                Logical logical = new Logical(5, 5, payload, scale, precision);
                if (precision <= 9) {
                    yield new Leaf(name, dec.nullable(), INT32, -1, logical, Kind.DECIMAL_INT, 0);
                } else if (precision <= 18) {
                    yield new Leaf(name, dec.nullable(), INT64, -1, logical, Kind.DECIMAL_INT, 0);
                }
                int bytes = decimalBytes(precision);
                yield new Leaf(name, dec.nullable(), FIXED, bytes, logical, Kind.DECIMAL_FIXED, bytes);
            }
            case DType.Utf8 u -> new Leaf(name, u.nullable(), BYTE_ARRAY, -1, new Logical(1, 0), Kind.BYTES, 0);
            case DType.Binary b -> new Leaf(name, b.nullable(), BYTE_ARRAY, -1, null, Kind.BYTES, 0);
            case DType.Extension e -> extension(name, e, where);
            default ->
                throw VortexException.unsupported("column '" + where + "': " + type + " cannot be written to Parquet");
        };
    }

    private static int decimalBytes(int precision) {
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        return max.bitLength() / 8 + 1;
    }

    private Leaf primitive(String name, DType.Primitive p) {
        boolean n = p.nullable();
        return switch (p.ptype()) {
            case I8 -> new Leaf(name, n, INT32, -1, intType(8, true), Kind.INT32, 0);
            case I16 -> new Leaf(name, n, INT32, -1, intType(16, true), Kind.INT32, 0);
            case I32 -> new Leaf(name, n, INT32, -1, intType(32, true), Kind.INT32, 0);
            case I64 -> new Leaf(name, n, INT64, -1, intType(64, true), Kind.INT64, 0);
            case U8 -> new Leaf(name, n, INT32, -1, intType(8, false), Kind.INT32, 0);
            case U16 -> new Leaf(name, n, INT32, -1, intType(16, false), Kind.INT32, 0);
            case U32 -> new Leaf(name, n, INT32, -1, intType(32, false), Kind.INT32, 0);
            case U64 -> new Leaf(name, n, INT64, -1, intType(64, false), Kind.INT64, 0);
            case F16 -> new Leaf(name, n, FIXED, 2, new Logical(15, -1), Kind.FLOAT16, 2);
            case F32 -> new Leaf(name, n, FLOAT, -1, null, Kind.FLOAT, 0);
            case F64 -> new Leaf(name, n, DOUBLE, -1, null, Kind.DOUBLE, 0);
        };
    }

    private static Logical intType(int bits, boolean signed) {
        int converted = switch (bits) {
            case 8 -> signed ? 15 : 11;
            case 16 -> signed ? 16 : 12;
            case 32 -> signed ? 17 : 13;
            default -> signed ? 18 : 14;
        };
        return new Logical(10, converted, t -> t.i8(1, bits).bool(2, signed), -1, -1);
    }

    private Leaf extension(String name, DType.Extension e, String where) {
        byte[] meta = e.metadata();
        boolean n = e.nullable();
        switch (e.id()) {
            case "vortex.date" -> {
                if (meta.length >= 1 && e.storage() instanceof DType.Primitive) {
                    Kind k = meta[0] == 4 ? Kind.DATE_DAYS : meta[0] == 2 ? Kind.DATE_MILLIS : null;
                    if (k != null) {
                        return new Leaf(name, n, INT32, -1, new Logical(6, 6), k, 0);
                    }
                }
            }
            case "vortex.time" -> {
                if (meta.length >= 1 && e.storage() instanceof DType.Primitive) {
                    switch (meta[0]) {
                        case 3, 2 -> {
                            return new Leaf(
                                    name,
                                    n,
                                    INT32,
                                    -1,
                                    new Logical(
                                            7,
                                            -1,
                                            t -> t.bool(1, false)
                                                    .beginStruct(2)
                                                    .emptyStruct(1)
                                                    .endStruct(),
                                            -1,
                                            -1),
                                    meta[0] == 3 ? Kind.TIME_SECONDS : Kind.TIME_AS_IS,
                                    0);
                        }
                        case 1, 0 -> {
                            int unitId = meta[0] == 1 ? 2 : 3;
                            return new Leaf(
                                    name,
                                    n,
                                    INT64,
                                    -1,
                                    new Logical(
                                            7,
                                            -1,
                                            t -> t.bool(1, false)
                                                    .beginStruct(2)
                                                    .emptyStruct(unitId)
                                                    .endStruct(),
                                            -1,
                                            -1),
                                    Kind.TIME_AS_IS,
                                    0);
                        }
                        default -> {}
                    }
                }
            }
            case "vortex.timestamp" -> {
                if (meta.length >= 3 && e.storage() instanceof DType.Primitive && meta[0] >= 0 && meta[0] <= 3) {
                    int tzLen = (meta[1] & 0xFF) | (meta[2] & 0xFF) << 8;
                    boolean utc = tzLen > 0;
                    int unitId = switch (meta[0]) {
                        case 0 -> 3;
                        case 1 -> 2;
                        default -> 1;
                    };
                    int converted = utc ? (unitId == 1 ? 9 : unitId == 2 ? 10 : -1) : -1;
                    return new Leaf(
                            name,
                            n,
                            INT64,
                            -1,
                            new Logical(
                                    8,
                                    converted,
                                    t -> t.bool(1, utc)
                                            .beginStruct(2)
                                            .emptyStruct(unitId)
                                            .endStruct(),
                                    -1,
                                    -1),
                            meta[0] == 3 ? Kind.TIMESTAMP_SECONDS : Kind.TIMESTAMP_AS_IS,
                            0);
                }
            }
            case "vortex.uuid" -> {
                if (e.storage() instanceof DType.FixedSizeList f && f.size() == 16) {
                    return new Leaf(name, n, FIXED, 16, new Logical(14, -1), Kind.UUID, 16);
                }
            }
            default -> {}
        }
        DType storage = e.storage();
        if (storage instanceof DType.Struct
                || storage instanceof DType.ListType
                || storage instanceof DType.FixedSizeList
                || storage instanceof DType.MapType) {
            throw VortexException.unsupported("column '" + where + "': extension type " + e.id()
                    + " over a nested type cannot be written to Parquet");
        }
        return leaf(name, storage, where);
    }

    // ---- shredding (Dremel levels) ----

    private static Array unwrap(Array a) {
        return a instanceof ExtensionArray e ? e.storage() : a;
    }

    private void shred(Column col, Array a, int i, int def, int rep) {
        switch (col) {
            case Leaf leaf -> {
                if (leaf.kind == Kind.NULL || !a.isValid(i)) {
                    if (!leaf.optional) {
                        throw VortexException.corrupt(
                                "column '" + String.join(".", leaf.path) + "': null in a non-nullable column");
                    }
                    leaf.add(def, rep, null, 0);
                } else {
                    leaf.add(def + (leaf.optional ? 1 : 0), rep, unwrap(a), i);
                }
            }
            case Group g -> {
                Array s = unwrap(a);
                if (g.optional && !s.isValid(i)) {
                    g.nulls(def, rep);
                    return;
                }
                StructArray sa = (StructArray) s;
                int d = def + (g.optional ? 1 : 0);
                for (int f = 0; f < g.children.size(); f++) {
                    shred(g.children.get(f), sa.field(f), i, d, rep);
                }
            }
            case ListColumn l -> {
                Array s = unwrap(a);
                if (l.optional && !s.isValid(i)) {
                    l.nulls(def, rep);
                    return;
                }
                int d = def + (l.optional ? 1 : 0);
                long start;
                long end;
                Array elements;
                if (s instanceof ListArray la) {
                    start = la.start(i);
                    end = la.end(i);
                    elements = la.elements();
                } else {
                    FixedSizeListArray fl = (FixedSizeListArray) s;
                    start = (long) i * fl.size();
                    end = start + fl.size();
                    elements = fl.elements();
                }
                if (end == start) {
                    l.nulls(d, rep);
                    return;
                }
                for (long e = start; e < end; e++) {
                    shred(l.element, elements, Math.toIntExact(e), d + 1, e == start ? rep : l.repLevel);
                }
            }
            case MapColumn m -> {
                Array s = unwrap(a);
                if (m.optional && !s.isValid(i)) {
                    m.nulls(def, rep);
                    return;
                }
                int d = def + (m.optional ? 1 : 0);
                ListArray la = (ListArray) s;
                long start = la.start(i);
                long end = la.end(i);
                if (end == start) {
                    m.nulls(d, rep);
                    return;
                }
                StructArray entries = (StructArray) unwrap(la.elements());
                for (long e = start; e < end; e++) {
                    int r = e == start ? rep : m.repLevel;
                    int k = Math.toIntExact(e);
                    shred(m.key, entries.field(0), k, d + 1, r);
                    shred(m.value, entries.field(1), k, d + 1, r);
                }
            }
        }
    }

    /// A leaf column: its levels and values for the current page, and the encoded pages of the
    /// current column chunk.
    private final class Leaf extends Column {
        final int physical;
        final int typeLength;
        final Logical logical;
        final Kind kind;
        final int fixedBytes;
        List<String> path;
        int maxDef;
        int maxRep;
        // Current page.
        int[] defs = new int[1024];
        int[] reps = new int[1024];
        int levelCount;
        final ByteSink values = new ByteSink(1 << 12);
        int boolBits;
        int boolAcc;
        int[] indices;
        int indexCount;
        // Dictionary of the current chunk.
        Map<Key, Integer> dict;
        ByteSink dictValues;
        boolean dictActive;
        boolean dictDisabled;
        // Current chunk.
        final ByteSink pages = new ByteSink(1 << 12);
        byte[] dictPage;
        long chunkValues;
        long uncompressedBytes;
        boolean usedPlain;
        ChunkStats stats;

        Leaf(String name, boolean optional, int physical, int typeLength, Logical logical, Kind kind, int fixedBytes) {
            super(name, optional);
            this.physical = physical;
            this.typeLength = typeLength;
            this.logical = logical;
            this.kind = kind;
            this.fixedBytes = fixedBytes;
        }

        void init(List<String> path, int maxDef, int maxRep) {
            this.path = List.copyOf(path);
            this.maxDef = maxDef;
            this.maxRep = maxRep;
            this.dictDisabled = !options.dictionary() || physical != BYTE_ARRAY;
            resetChunk();
        }

        @Override
        void schema(List<SchemaEntry> out) {
            out.add(new SchemaEntry(name, physical, optional ? 1 : 0, -1, logical, typeLength));
        }

        @Override
        void nulls(int def, int rep) {
            add(def, rep, null, 0);
        }

        long pageEstimate() {
            return values.size() + 4L * indexCount + levelCount / 2;
        }

        long chunkBytes() {
            return pages.size() + pageEstimate() + (dictValues == null ? 0 : dictValues.size());
        }

        void resetChunk() {
            stats = new ChunkStats(logical != null
                    && logical.unionId() == 10
                    && logical.converted() >= 11
                    && logical.converted() <= 14);
            pages.reset();
            dictPage = null;
            chunkValues = 0;
            uncompressedBytes = 0;
            usedPlain = false;
            dictActive = !dictDisabled;
            dict = dictActive ? new HashMap<>() : null;
            dictValues = dictActive ? new ByteSink(1 << 12) : null;
            if (dictActive && indices == null) {
                indices = new int[1024];
            }
        }

        void add(int def, int rep, Array a, int i) {
            if (levelCount == defs.length) {
                defs = Arrays.copyOf(defs, levelCount * 2);
                reps = Arrays.copyOf(reps, levelCount * 2);
            }
            defs[levelCount] = def;
            reps[levelCount] = rep;
            levelCount++;
            if (a == null) {
                stats.nulls++;
                return;
            }
            switch (kind) {
                case NULL -> {}
                case BOOL -> {
                    if (((BoolArray) a).get(i)) {
                        boolAcc |= 1 << boolBits;
                    }
                    if (++boolBits == 8) {
                        values.write(boolAcc);
                        boolAcc = 0;
                        boolBits = 0;
                    }
                }
                case INT32, DATE_DAYS, TIME_AS_IS -> putNumber(((PrimitiveArray) a).getLong(i));
                case INT64 -> putNumber(((PrimitiveArray) a).getLong(i));
                case FLOAT -> {
                    float f = ((PrimitiveArray) a).getFloat(i);
                    values.writeIntLE(Float.floatToRawIntBits(f));
                    stats.real(f);
                }
                case DOUBLE -> {
                    double d = ((PrimitiveArray) a).getDouble(i);
                    values.writeLongLE(Double.doubleToRawLongBits(d));
                    stats.real(d);
                }
                case FLOAT16 -> {
                    long bits = ((PrimitiveArray) a).getLong(i);
                    values.write((int) bits);
                    values.write((int) (bits >>> 8));
                }
                case DATE_MILLIS ->
                    putNumber(Math.toIntExact(Math.floorDiv(((PrimitiveArray) a).getLong(i), 86_400_000L)));
                case TIME_SECONDS ->
                    putNumber(Math.toIntExact(Math.multiplyExact(((PrimitiveArray) a).getLong(i), 1000L)));
                case TIMESTAMP_SECONDS -> putNumber(Math.multiplyExact(((PrimitiveArray) a).getLong(i), 1000L));
                case TIMESTAMP_AS_IS -> putNumber(((PrimitiveArray) a).getLong(i));
                case DECIMAL_INT -> putNumber(((DecimalArray) a).getUnscaledLong(i));
                case DECIMAL_FIXED -> {
                    byte[] be = ((DecimalArray) a).getUnscaled(i).toByteArray();
                    if (be.length > fixedBytes) {
                        throw VortexException.corrupt("column '" + String.join(".", path) + "': decimal value "
                                + ((DecimalArray) a).get(i) + " does not fit its precision");
                    }
                    byte pad = be[0] < 0 ? (byte) 0xFF : 0;
                    for (int k = be.length; k < fixedBytes; k++) {
                        values.write(pad);
                    }
                    values.write(be, 0, be.length);
                }
                case BYTES -> {
                    VarBinViewArray s = (VarBinViewArray) a;
                    byte[] b = s.getBytes(i);
                    stats.bytes(b);
                    if (dictActive) {
                        addDict(b);
                    } else {
                        values.writeIntLE(b.length);
                        values.write(b, 0, b.length);
                    }
                }
                case UUID -> {
                    FixedSizeListArray f = (FixedSizeListArray) a;
                    PrimitiveArray bytes = (PrimitiveArray) unwrap(f.elements());
                    for (int k = 0; k < 16; k++) {
                        values.write((int) bytes.getLong(i * 16 + k));
                    }
                }
            }
        }

        private void putNumber(long v) {
            if (physical == INT32) {
                values.writeIntLE((int) v);
                stats.integer(stats.unsigned ? v & 0xFFFFFFFFL : (int) v);
            } else {
                values.writeLongLE(v);
                stats.integer(v);
            }
        }

        private void addDict(byte[] b) {
            Key key = new Key(b);
            Integer id = dict.get(key);
            if (id == null) {
                if (dict.size() >= DICT_MAX_ENTRIES || dictValues.size() + b.length + 4 > DICT_MAX_BYTES) {
                    // Give up on the dictionary for the rest of this chunk: flush what is encoded
                    // with it, then write PLAIN. Levels already counted for this value move along.
                    int def = defs[levelCount - 1];
                    int rep = reps[levelCount - 1];
                    levelCount--;
                    flushPage();
                    dictActive = false;
                    add(def, rep, null, 0);
                    values.writeIntLE(b.length);
                    values.write(b, 0, b.length);
                    return;
                }
                id = dict.size();
                dict.put(key, id);
                dictValues.writeIntLE(b.length);
                dictValues.write(b, 0, b.length);
            }
            if (indexCount == indices.length) {
                indices = Arrays.copyOf(indices, indexCount * 2);
            }
            indices[indexCount++] = id;
        }

        void flushPage() {
            if (levelCount == 0) {
                return;
            }
            ByteSink page = new ByteSink(values.size() + levelCount / 2 + 64);
            if (maxRep > 0) {
                levels(page, reps, maxRep);
            }
            if (maxDef > 0) {
                levels(page, defs, maxDef);
            }
            int encoding;
            if (dictActive) {
                int width = Math.max(1, RleHybrid.bitWidth(Math.max(0, dict.size() - 1)));
                page.write(width);
                RleHybrid.encode(indices, indexCount, width, page);
                encoding = RLE_DICTIONARY;
            } else {
                if (boolBits > 0) {
                    values.write(boolAcc);
                    boolAcc = 0;
                    boolBits = 0;
                }
                page.write(values.array(), 0, values.size());
                encoding = PLAIN;
                usedPlain = true;
            }
            int count = levelCount;
            int enc = encoding;
            emitPage(
                    0,
                    page,
                    h -> h.beginStruct(5)
                            .i32(1, count)
                            .i32(2, enc)
                            .i32(3, RLE)
                            .i32(4, RLE)
                            .endStruct(),
                    pages);
            chunkValues += levelCount;
            levelCount = 0;
            indexCount = 0;
            values.reset();
        }

        private void levels(ByteSink page, int[] levels, int max) {
            int lengthAt = page.size();
            page.writeIntLE(0);
            RleHybrid.encode(levels, levelCount, RleHybrid.bitWidth(max), page);
            page.setIntLE(lengthAt, page.size() - lengthAt - 4);
        }

        /// Compresses `page` and appends its header and body to `to`. `typeHeader` writes the
        /// page-type-specific header field (data or dictionary) after the common fields.
        private void emitPage(int pageType, ByteSink page, LogicalPayload typeHeader, ByteSink to) {
            byte[] body;
            int bodyLength;
            if (zstd != null) {
                body = zstd.compress(page.array(), 0, page.size());
                bodyLength = body.length;
            } else {
                body = page.array();
                bodyLength = page.size();
            }
            ThriftWriter h = new ThriftWriter();
            h.i32(1, pageType).i32(2, page.size()).i32(3, bodyLength);
            typeHeader.write(h);
            byte[] head = h.finish();
            to.write(head, 0, head.length);
            to.write(body, 0, bodyLength);
            uncompressedBytes += head.length + page.size();
        }

        void finishDictionary() {
            if (dict == null || dict.isEmpty() || dictPage != null) {
                return;
            }
            ByteSink to = new ByteSink(dictValues.size() + 64);
            int entries = dict.size();
            emitPage(
                    2,
                    dictValues,
                    h -> h.beginStruct(7).i32(1, entries).i32(2, PLAIN).endStruct(),
                    to);
            dictPage = Arrays.copyOf(to.array(), to.size());
        }
    }

    /// The statistics of one column chunk, in Parquet's sort order for its type: signed or
    /// unsigned integers (as the logical type says), floating point without NaN (a zero bound is
    /// written as -0.0 for the minimum and +0.0 for the maximum), byte arrays unsigned byte by byte.
    /// Other types (booleans, FLOAT16, fixed-width decimals, UUIDs) get only their null count.
    private static final class ChunkStats {
        final boolean unsigned;
        long nulls;
        boolean any;
        long minL;
        long maxL;
        double minD;
        double maxD;
        byte[] minB;
        byte[] maxB;

        ChunkStats(boolean unsigned) {
            this.unsigned = unsigned;
        }

        /// An INT32 value (its unsigned value when the type is unsigned) or an INT64 value.
        void integer(long v) {
            if (!any) {
                minL = v;
                maxL = v;
                any = true;
            } else if (unsigned) {
                if (Long.compareUnsigned(v, minL) < 0) {
                    minL = v;
                }
                if (Long.compareUnsigned(v, maxL) > 0) {
                    maxL = v;
                }
            } else {
                minL = Math.min(minL, v);
                maxL = Math.max(maxL, v);
            }
        }

        void real(double v) {
            if (Double.isNaN(v)) {
                return;
            }
            if (!any) {
                minD = v;
                maxD = v;
                any = true;
            } else {
                minD = Math.min(minD, v);
                maxD = Math.max(maxD, v);
            }
        }

        void bytes(byte[] b) {
            if (!any) {
                minB = b;
                maxB = b;
                any = true;
            } else {
                if (Arrays.compareUnsigned(b, minB) < 0) {
                    minB = b;
                }
                if (Arrays.compareUnsigned(b, maxB) > 0) {
                    maxB = b;
                }
            }
        }

        /// Writes the Statistics struct as field `id` of a ColumnMetaData.
        void write(ThriftWriter t, int id, int physical) {
            t.beginStruct(id);
            t.i64(3, nulls);
            if (any) {
                byte[] max;
                byte[] min;
                switch (physical) {
                    case INT32 -> {
                        max = le((int) maxL, 4);
                        min = le((int) minL, 4);
                    }
                    case INT64 -> {
                        max = le(maxL, 8);
                        min = le(minL, 8);
                    }
                    case FLOAT -> {
                        max = le(Float.floatToRawIntBits(maxD == 0 ? 0.0f : (float) maxD), 4);
                        min = le(Float.floatToRawIntBits(minD == 0 ? -0.0f : (float) minD), 4);
                    }
                    case DOUBLE -> {
                        max = le(Double.doubleToRawLongBits(maxD == 0 ? 0.0 : maxD), 8);
                        min = le(Double.doubleToRawLongBits(minD == 0 ? -0.0 : minD), 8);
                    }
                    default -> {
                        max = maxB;
                        min = minB;
                    }
                }
                if (max != null && min != null) {
                    t.binary(5, max).binary(6, min);
                }
            }
            t.endStruct();
        }

        private static byte[] le(long v, int n) {
            byte[] b = new byte[n];
            for (int k = 0; k < n; k++) {
                b[k] = (byte) (v >>> (8 * k));
            }
            return b;
        }
    }

    /// Dictionary key: bytes with value equality.
    private record Key(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /// Concatenates byte arrays.
    private static final class OutputStreamBuffer {
        private final ByteSink sink = new ByteSink(1 << 10);

        void add(byte[] b) {
            sink.write(b, 0, b.length);
        }

        byte[] bytes() {
            return Arrays.copyOf(sink.array(), sink.size());
        }
    }
}
