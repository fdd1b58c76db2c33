package dev.jvortex.format;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Reads the `DType` flatbuffer (`dtype.fbs`) and the protobuf form (`dtype.proto`).
public final class DTypes {
    /// Deepest nesting accepted, to reject cycles and absurd inputs cleanly.
    public static final int MAX_DEPTH = 128;

    /// Deepest dtype message a reader is sure to accept, in nested flatbuffer tables: the
    /// reference's flatbuffer verifier stops at 64. Each struct, list or extension level takes
    /// two tables (the `DType` and its variant), so a column may nest 30 levels below the file's
    /// struct.
    public static final int MAX_WRITTEN_TABLES = 64;

    private DTypes() {}

    /// Refuses a file schema whose dtype message would nest more than [#MAX_WRITTEN_TABLES]
    /// flatbuffer tables: the reference could not open the file (nor could jvortex read its
    /// layout, for structs). Called by the writer before anything is written.
    ///
    /// @throws VortexException (misuse) naming the column and the limit
    public static void checkWritable(DType.Struct schema) {
        for (int i = 0; i < schema.fields().size(); i++) {
            // the file's struct takes two tables above each column
            if (2 + tables(schema.fields().get(i), 2) > MAX_WRITTEN_TABLES) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' is nested too deeply: a column"
                        + " may nest at most " + (MAX_WRITTEN_TABLES / 2 - 2)
                        + " levels of struct, list or extension types (Vortex readers verify the schema's"
                        + " flatbuffer to " + MAX_WRITTEN_TABLES + " tables)");
            }
        }
    }

    /// Returns the flatbuffer tables `t`'s dtype message nests (two a level), counting no
    /// further once `above + tables` passes the limit.
    private static int tables(DType t, int above) {
        if (above > MAX_WRITTEN_TABLES) {
            return 2;
        }
        List<DType> children = switch (t) {
            case DType.Struct s -> s.fields();
            case DType.ListType l -> List.of(l.element());
            case DType.FixedSizeList l -> List.of(l.element());
            case DType.MapType m -> List.of(m.key(), m.value());
            case DType.Union u -> u.variants();
            case DType.Extension e -> List.of(e.storage());
            default -> List.of();
        };
        int deepest = 0;
        for (DType c : children) {
            deepest = Math.max(deepest, tables(c, above + 2));
        }
        return 2 + deepest;
    }

    /// Parses a whole DType flatbuffer and checks it with [#validate(DType)].
    public static DType readFlatbuffer(MemorySegment buf) {
        DType t = read(FbTable.root(buf, "dtype flatbuffer"), 0);
        validate(t);
        return t;
    }

    /// Checks what the flatbuffer's structure does not: the metadata of the extension types the
    /// reference registers (`vortex.date`, `vortex.time`, `vortex.timestamp`, `vortex.uuid`)
    /// against their storage types, so that a bad unit or zone is reported when the file opens
    /// rather than by whatever reads a value later. Precision, scale and ptype codes are checked
    /// as they are read; nesting is bounded by [#MAX_DEPTH].
    ///
    /// @throws VortexException (corrupt) naming the field path and what is wrong
    public static void validate(DType t) {
        validate(t, "", 0);
    }

    private static void validate(DType t, String path, int depth) {
        if (depth > MAX_DEPTH) {
            throw VortexException.corrupt("dtype nesting deeper than " + MAX_DEPTH);
        }
        switch (t) {
            case DType.Struct s -> {
                for (int i = 0; i < s.fields().size(); i++) {
                    validate(
                            s.fields().get(i),
                            path.isEmpty()
                                    ? s.names().get(i)
                                    : path + "." + s.names().get(i),
                            depth + 1);
                }
            }
            case DType.ListType l -> validate(l.element(), path + "[]", depth + 1);
            case DType.FixedSizeList l -> validate(l.element(), path + "[]", depth + 1);
            case DType.MapType m -> {
                validate(m.key(), path + ".key", depth + 1);
                validate(m.value(), path + ".value", depth + 1);
            }
            case DType.Union u -> {
                for (int i = 0; i < u.variants().size(); i++) {
                    validate(u.variants().get(i), path + "." + u.names().get(i), depth + 1);
                }
            }
            case DType.Extension e -> {
                validate(e.storage(), path, depth + 1);
                extension(e, path);
            }
            default -> {}
        }
    }

    private static void extension(DType.Extension e, String path) {
        byte[] meta = e.metadata();
        String where = (path.isEmpty() ? "the file's " : "column '" + path + "': ") + e.id() + " ";
        switch (e.id()) {
            case "vortex.date" -> {
                int unit = unitByte(meta, 1, where);
                PType want = switch (unit) {
                    case 4 -> PType.I32;
                    case 2 -> PType.I64;
                    default ->
                        throw VortexException.corrupt(
                                where + "has time unit " + unit + "; a date is in days (4) or milliseconds (2)");
                };
                storage(e, want, where);
            }
            case "vortex.time" -> {
                int unit = unitByte(meta, 1, where);
                PType want = switch (unit) {
                    case 0, 1 -> PType.I64;
                    case 2, 3 -> PType.I32;
                    default ->
                        throw VortexException.corrupt(
                                where + "has time unit " + unit + "; a time is in ns (0), µs (1), ms (2) or s (3)");
                };
                storage(e, want, where);
            }
            case "vortex.timestamp" -> {
                if (meta.length < 3) {
                    throw VortexException.corrupt(
                            where + "metadata has " + meta.length + " bytes; expected at least 3");
                }
                int unit = meta[0] & 0xFF;
                if (unit > 3) {
                    throw VortexException.corrupt(
                            where + "has time unit " + unit + "; a timestamp is in ns (0), µs (1), ms (2) or s (3)");
                }
                int tzLen = (meta[1] & 0xFF) | (meta[2] & 0xFF) << 8;
                if (meta.length != 3 + tzLen) {
                    throw VortexException.corrupt(where + "metadata has " + meta.length
                            + " bytes but its time zone length says " + (3 + tzLen));
                }
                try {
                    java.nio.charset.StandardCharsets.UTF_8
                            .newDecoder()
                            .decode(java.nio.ByteBuffer.wrap(meta, 3, tzLen));
                } catch (java.nio.charset.CharacterCodingException ex) {
                    throw VortexException.corrupt(where + "time zone is not valid UTF-8");
                }
                storage(e, PType.I64, where);
            }
            case "vortex.uuid" -> {
                if (meta.length > 1) {
                    throw VortexException.corrupt(where + "metadata has " + meta.length + " bytes; expected 0 or 1");
                }
                if (!(e.storage() instanceof DType.FixedSizeList l
                        && l.size() == 16
                        && l.element() instanceof DType.Primitive p
                        && p.ptype() == PType.U8
                        && !p.nullable())) {
                    throw VortexException.corrupt(where + "has storage " + e.storage()
                            + "; expected a fixed-size list of 16 non-nullable u8");
                }
            }
            default -> {}
        }
    }

    private static int unitByte(byte[] meta, int length, String where) {
        if (meta.length != length) {
            throw VortexException.corrupt(where + "metadata has " + meta.length + " bytes; expected " + length);
        }
        return meta[0] & 0xFF;
    }

    private static void storage(DType.Extension e, PType want, String where) {
        if (!(e.storage() instanceof DType.Primitive p && p.ptype() == want)) {
            throw VortexException.corrupt(where + "with this unit is stored as "
                    + want.name().toLowerCase(java.util.Locale.ROOT) + " but the storage type is " + e.storage());
        }
    }

    /// Parses a `DType` table.
    public static DType read(FbTable t, int depth) {
        if (depth > MAX_DEPTH) {
            throw VortexException.corrupt("dtype nesting deeper than " + MAX_DEPTH);
        }
        int tag = t.getU8(0, 0);
        FbTable v = t.getTable(1, "dtype variant");
        if (v == null && tag != 0) {
            throw VortexException.corrupt("dtype union tag " + tag + " without a value");
        }
        return switch (tag) {
            case 1 -> new DType.Null();
            case 2 -> new DType.Bool(v.getBool(0, false));
            case 3 -> new DType.Primitive(PType.fromCode(v.getU8(0, 0)), v.getBool(1, false));
            case 4 -> new DType.Decimal(v.getU8(0, 0), v.getI8(1, 0), v.getBool(2, false));
            case 5 -> new DType.Utf8(v.getBool(0, false));
            case 6 -> new DType.Binary(v.getBool(0, false));
            case 7 -> {
                FbVector names = v.getVector(0);
                FbVector types = v.getVector(1);
                if (names == null || types == null) {
                    throw VortexException.corrupt("struct dtype without names or field types");
                }
                if (names.length() != types.length()) {
                    throw VortexException.corrupt(
                            "struct dtype has " + names.length() + " names but " + types.length() + " types");
                }
                List<String> n = new ArrayList<>();
                List<DType> f = new ArrayList<>();
                for (int i = 0; i < names.length(); i++) {
                    n.add(names.string(i));
                    f.add(read(types.table(i, "struct field dtype"), depth + 1));
                }
                yield new DType.Struct(n, f, v.getBool(2, false));
            }
            case 8 -> {
                FbTable e = v.getTable(0, "list element dtype");
                if (e == null) {
                    throw VortexException.corrupt("list dtype without an element type");
                }
                yield new DType.ListType(read(e, depth + 1), v.getBool(1, false));
            }
            case 9 -> {
                String id = v.getString(0);
                FbTable storage = v.getTable(1, "extension storage dtype");
                if (id == null || storage == null) {
                    throw VortexException.corrupt("extension dtype without id or storage type");
                }
                MemorySegment meta = v.getBytes(2);
                yield new DType.Extension(
                        id,
                        read(storage, depth + 1),
                        meta == null ? new byte[0] : meta.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            }
            case 10 -> {
                FbTable e = v.getTable(0, "fixed-size list element dtype");
                if (e == null) {
                    throw VortexException.corrupt("fixed-size list dtype without an element type");
                }
                long size = v.getU32(1, 0);
                if (size > Integer.MAX_VALUE) {
                    throw VortexException.corrupt("fixed-size list size " + size + " is too large");
                }
                yield new DType.FixedSizeList(read(e, depth + 1), (int) size, v.getBool(2, false));
            }
            case 11 -> new DType.Variant(v.getBool(0, false));
            case 12 -> readUnion(v, depth);
            case 13 -> {
                FbTable k = v.getTable(0, "map key dtype");
                FbTable val = v.getTable(1, "map value dtype");
                if (k == null || val == null) {
                    throw VortexException.corrupt("map dtype without key or value type");
                }
                yield new DType.MapType(
                        read(k, depth + 1), read(val, depth + 1), v.getBool(2, false), v.getBool(3, false));
            }
            default -> throw VortexException.unsupported("unknown dtype union tag " + tag);
        };
    }

    private static DType readUnion(FbTable v, int depth) {
        FbVector names = v.getVector(0);
        FbVector types = v.getVector(1);
        List<String> n = new ArrayList<>();
        List<DType> f = new ArrayList<>();
        if (names != null && types != null) {
            for (int i = 0; i < Math.min(names.length(), types.length()); i++) {
                n.add(names.string(i));
                f.add(read(types.table(i, "union variant dtype"), depth + 1));
            }
            return new DType.Union(n, f, v.getBool(3, false));
        }
        return new DType.Union(n, f, v.getBool(0, false));
    }

    /// Parses a protobuf `vortex.dtype.DType` message.
    public static DType readProto(byte[] bytes) {
        return readProto(new dev.jvortex.core.proto.ProtoReader(bytes, "DType"), 0);
    }

    static DType readProto(dev.jvortex.core.proto.ProtoReader r, int depth) {
        if (depth > MAX_DEPTH) {
            throw VortexException.corrupt("dtype nesting deeper than " + MAX_DEPTH);
        }
        DType result = null;
        while (r.next()) {
            int f = r.field();
            if (r.wireType() != dev.jvortex.core.proto.ProtoReader.LEN) {
                r.skip();
                continue;
            }
            var m = r.readMessage("DType variant");
            result = switch (f) {
                case 1 -> new DType.Null();
                case 2, 5, 6, 11 -> {
                    boolean nullable = false;
                    while (m.next()) {
                        if (m.field() == 1) {
                            nullable = m.readBool();
                        } else {
                            m.skip();
                        }
                    }
                    yield switch (f) {
                        case 2 -> new DType.Bool(nullable);
                        case 5 -> new DType.Utf8(nullable);
                        case 6 -> new DType.Binary(nullable);
                        default -> new DType.Variant(nullable);
                    };
                }
                case 3 -> {
                    int pt = 0;
                    boolean nullable = false;
                    while (m.next()) {
                        switch (m.field()) {
                            case 1 -> pt = (int) m.readVarint();
                            case 2 -> nullable = m.readBool();
                            default -> m.skip();
                        }
                    }
                    yield new DType.Primitive(PType.fromCode(pt), nullable);
                }
                case 4 -> {
                    int p = 0;
                    int s = 0;
                    boolean nullable = false;
                    while (m.next()) {
                        switch (m.field()) {
                            case 1 -> p = (int) m.readVarint();
                            case 2 -> s = (int) m.readVarint();
                            case 3 -> nullable = m.readBool();
                            default -> m.skip();
                        }
                    }
                    yield new DType.Decimal(p, s, nullable);
                }
                case 7 -> {
                    List<String> names = new ArrayList<>();
                    List<DType> types = new ArrayList<>();
                    boolean nullable = false;
                    while (m.next()) {
                        switch (m.field()) {
                            case 1 -> names.add(m.readString());
                            case 2 -> types.add(readProto(m.readMessage("DType"), depth + 1));
                            case 3 -> nullable = m.readBool();
                            default -> m.skip();
                        }
                    }
                    yield new DType.Struct(names, types, nullable);
                }
                case 8, 10 -> {
                    DType elem = null;
                    long size = 0;
                    boolean nullable = false;
                    while (m.next()) {
                        switch (m.field()) {
                            case 1 -> elem = readProto(m.readMessage("DType"), depth + 1);
                            case 2 -> {
                                if (f == 8) {
                                    nullable = m.readBool();
                                } else {
                                    size = m.readVarint();
                                }
                            }
                            case 3 -> nullable = m.readBool();
                            default -> m.skip();
                        }
                    }
                    if (elem == null) {
                        throw VortexException.corrupt("list dtype without an element type");
                    }
                    yield f == 8
                            ? new DType.ListType(elem, nullable)
                            : new DType.FixedSizeList(elem, (int) size, nullable);
                }
                case 9 -> {
                    String id = null;
                    DType storage = null;
                    byte[] meta = new byte[0];
                    while (m.next()) {
                        switch (m.field()) {
                            case 1 -> id = m.readString();
                            case 2 -> storage = readProto(m.readMessage("DType"), depth + 1);
                            case 3 -> meta = m.readBytes();
                            default -> m.skip();
                        }
                    }
                    if (id == null || storage == null) {
                        throw VortexException.corrupt("extension dtype without id or storage");
                    }
                    yield new DType.Extension(id, storage, meta);
                }
                default -> throw VortexException.unsupported("unknown protobuf dtype variant " + f);
            };
        }
        if (result == null) {
            throw VortexException.corrupt("empty protobuf dtype");
        }
        return result;
    }
}
