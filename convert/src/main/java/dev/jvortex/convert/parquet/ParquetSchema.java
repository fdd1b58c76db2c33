package dev.jvortex.convert.parquet;

import static dev.jvortex.convert.parquet.ParquetMetadata.*;

import dev.jvortex.convert.parquet.ParquetMetadata.SchemaElement;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/// The Parquet schema as a tree of [Field]s, each with the Vortex type it converts to (as the
/// reference maps the Arrow type that Arrow's Parquet reader gives it) and the levels that
/// place its values.
final class ParquetSchema {
    private static final int MAX_DEPTH = 100;

    /// How a field is assembled.
    enum Kind {
        LEAF,
        STRUCT,
        LIST,
        MAP,
        NULL
    }

    /// How a leaf's physical values convert.
    enum Conv {
        BOOL,
        I8,
        I16,
        I32,
        I64,
        U8,
        U16,
        U32,
        U64,
        F16,
        F32,
        F64,
        DATE,
        TIME_MS,
        TIME_US,
        TIME_NS,
        TIMESTAMP,
        UTF8,
        BINARY,
        DECIMAL,
        UUID,
        NULL
    }

    /// One field of the converted schema.
    static final class Field {
        final Kind kind;
        final String name;
        final DType dtype;
        final boolean nullable;
        /// An entry starts a slot of this field when its repetition level ≤ slotRep and its
        /// definition level ≥ slotDef.
        final int slotDef;
        final int slotRep;
        /// A slot is non-null when its definition level ≥ validDef.
        final int validDef;
        final List<Field> children;
        /// Leaves only: the column index, the physical type and the conversion.
        final int column;
        final int physical;
        final int typeLength;
        final Conv conv;
        /// The index of the leftmost leaf column under this field.
        final int firstColumn;

        Field(
                Kind kind,
                String name,
                DType dtype,
                boolean nullable,
                int slotDef,
                int slotRep,
                int validDef,
                List<Field> children,
                int column,
                int physical,
                int typeLength,
                Conv conv) {
            this.kind = kind;
            this.name = name;
            this.dtype = dtype;
            this.nullable = nullable;
            this.slotDef = slotDef;
            this.slotRep = slotRep;
            this.validDef = validDef;
            this.children = children;
            this.column = column;
            this.physical = physical;
            this.typeLength = typeLength;
            this.conv = conv;
            this.firstColumn = kind == Kind.LEAF || kind == Kind.NULL ? column : children.getFirst().firstColumn;
        }
    }

    /// One leaf column: its path and levels.
    record Column(List<String> path, int physical, int typeLength, int maxDef, int maxRep) {}

    /// A node of the raw schema tree.
    private record Node(SchemaElement el, List<Node> children) {}

    final List<Field> fields;
    final List<Column> columns = new ArrayList<>();
    final DType.Struct dtype;

    ParquetSchema(List<SchemaElement> elements) {
        if (elements.isEmpty()) {
            throw VortexException.corrupt("empty Parquet schema");
        }
        int[] pos = {0};
        Node root = tree(elements, pos, 0);
        if (pos[0] != elements.size()) {
            throw VortexException.corrupt(
                    "Parquet schema has " + (elements.size() - pos[0]) + " elements outside the root");
        }
        if (root.children == null) {
            throw VortexException.corrupt("the Parquet schema root is not a group");
        }
        List<Field> fs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Node c : root.children) {
            Field f = field(c, 0, 0, 0, new ArrayList<>());
            fs.add(f);
            names.add(f.name);
            types.add(f.dtype);
        }
        this.fields = fs;
        this.dtype = new DType.Struct(names, types, false);
    }

    private static Node tree(List<SchemaElement> els, int[] pos, int depth) {
        if (depth > MAX_DEPTH) {
            throw VortexException.unsupported("Parquet schema nested deeper than " + MAX_DEPTH);
        }
        if (pos[0] >= els.size()) {
            throw VortexException.corrupt("Parquet schema ends inside a group");
        }
        SchemaElement e = els.get(pos[0]++);
        if (e.type() >= 0 && e.numChildren() <= 0) {
            return new Node(e, null);
        }
        if (e.numChildren() < 0) {
            throw VortexException.corrupt("Parquet schema element '" + e.name() + "' has neither a type nor children");
        }
        if (e.numChildren() > els.size() - pos[0]) {
            throw VortexException.corrupt(
                    "Parquet schema group '" + e.name() + "' claims " + e.numChildren() + " children");
        }
        List<Node> kids = new ArrayList<>();
        for (int i = 0; i < e.numChildren(); i++) {
            kids.add(tree(els, pos, depth + 1));
        }
        return new Node(e, kids);
    }

    /// Converts `n`, whose parent has definition level `d`, repetition level `r` and whose
    /// parent's slots start at definition level `t`.
    private Field field(Node n, int d, int r, int t, List<String> path) {
        int rep = n.el.repetition();
        if (rep < 0 || rep > REPEATED) {
            throw VortexException.corrupt("Parquet field '" + n.el.name() + "' has repetition " + rep);
        }
        int myD = d + (rep == REQUIRED ? 0 : 1);
        int myR = r + (rep == REPEATED ? 1 : 0);
        List<String> p = new ArrayList<>(path);
        p.add(n.el.name());
        if (myD > 120 || myR > 120) {
            throw VortexException.unsupported("Parquet field '" + n.el.name() + "' nested too deeply");
        }
        if (rep == REPEATED) {
            // A repeated field outside a LIST or MAP: a non-null list of non-null elements.
            Field item = inner(n, myD, myR, myD, false, p);
            DType lt = new DType.ListType(item.dtype, false);
            return new Field(Kind.LIST, n.el.name(), lt, false, t, r, d, List.of(item), -1, -1, -1, null);
        }
        return inner(n, myD, myR, t, rep == OPTIONAL, p);
    }

    /// A field whose slots start at (`t`, `r`) and are valid at definition level `d`.
    private Field inner(Node n, int d, int r, int t, boolean nullable, List<String> path) {
        SchemaElement e = n.el;
        if (n.children == null) {
            return leaf(e, d, r, t, nullable, path);
        }
        int lk = e.logicalKind();
        boolean isList = lk == LT_LIST || (lk < 0 && e.convertedType() == CT_LIST);
        boolean isMap =
                lk == LT_MAP || (lk < 0 && (e.convertedType() == CT_MAP || e.convertedType() == CT_MAP_KEY_VALUE));
        if (isList && n.children.size() == 1 && n.children.getFirst().el.repetition() == REPEATED) {
            Node c = n.children.getFirst();
            int cd = d + 1;
            int cr = r + 1;
            List<String> cp = new ArrayList<>(path);
            cp.add(c.el.name());
            Field item;
            if (c.children != null && c.children.size() == 1 && !structListName(c.el.name(), e.name())) {
                item = field(c.children.getFirst(), cd, cr, cd, cp);
            } else {
                item = inner(c, cd, cr, cd, false, cp);
            }
            DType lt = new DType.ListType(item.dtype, nullable);
            return new Field(Kind.LIST, e.name(), lt, nullable, t, r, d, List.of(item), -1, -1, -1, null);
        }
        if (isMap
                && n.children.size() == 1
                && n.children.getFirst().el.repetition() == REPEATED
                && n.children.getFirst().children != null
                && n.children.getFirst().children.size() == 2) {
            Node kv = n.children.getFirst();
            int cd = d + 1;
            int cr = r + 1;
            List<String> cp = new ArrayList<>(path);
            cp.add(kv.el.name());
            Node kn = kv.children.get(0);
            // Map keys are never null: an optional key field is read as required.
            Field key = kn.el.repetition() == OPTIONAL
                    ? inner(kn, cd + 1, cr, cd, false, with(cp, kn.el.name()))
                    : field(kn, cd, cr, cd, cp);
            Field value = field(kv.children.get(1), cd, cr, cd, cp);
            if (key.kind == Kind.LIST && key.slotRep != cr) {
                throw VortexException.unsupported("Parquet map '" + e.name() + "' has repeated keys");
            }
            DType.MapType mt = new DType.MapType(key.dtype.withNullable(false), value.dtype, false, nullable);
            return new Field(Kind.MAP, e.name(), mt, nullable, t, r, d, List.of(key, value), -1, -1, -1, null);
        }
        if (isMap) {
            throw VortexException.unsupported("Parquet MAP group '" + e.name() + "' is not a repeated key/value group");
        }
        if (n.children.isEmpty()) {
            throw VortexException.unsupported("Parquet group '" + e.name() + "' has no fields");
        }
        List<Field> kids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Node c : n.children) {
            Field f = field(c, d, r, t, path);
            kids.add(f);
            names.add(f.name);
            types.add(f.dtype);
        }
        return new Field(
                Kind.STRUCT,
                e.name(),
                new DType.Struct(names, types, nullable),
                nullable,
                t,
                r,
                d,
                kids,
                -1,
                -1,
                -1,
                null);
    }

    private static List<String> with(List<String> path, String name) {
        List<String> p = new ArrayList<>(path);
        p.add(name);
        return p;
    }

    private static boolean structListName(String repeatedName, String listName) {
        return repeatedName.equals("array") || repeatedName.equals(listName + "_tuple");
    }

    private Field leaf(SchemaElement e, int d, int r, int t, boolean nullable, List<String> path) {
        int type = e.type();
        if (type < BOOLEAN || type > FIXED_LEN_BYTE_ARRAY) {
            throw VortexException.corrupt("Parquet column '" + String.join(".", path) + "' has physical type " + type);
        }
        int tl = e.typeLength();
        if (type == FIXED_LEN_BYTE_ARRAY && (tl < 0 || tl > 1 << 20)) {
            throw VortexException.corrupt("Parquet column '" + String.join(".", path) + "' has fixed length " + tl);
        }
        int column = columns.size();
        columns.add(new Column(List.copyOf(path), type, tl, d, r));
        String where = "Parquet column '" + String.join(".", path) + "'";
        Conv conv = conversion(e, where);
        DType dt = dtype(conv, e, nullable, where);
        Kind kind = conv == Conv.NULL ? Kind.NULL : Kind.LEAF;
        return new Field(kind, e.name(), dt, nullable, t, r, d, List.of(), column, type, tl, conv);
    }

    private static Conv conversion(SchemaElement e, String where) {
        int type = e.type();
        int lk = e.logicalKind();
        Thrift.Struct l = e.logical();
        Conv c = null;
        switch (lk) {
            case LT_STRING, LT_JSON -> c = type == BYTE_ARRAY ? Conv.UTF8 : null;
            // Arrow reads ENUM as binary (the values need not be UTF-8).
            case LT_ENUM, LT_BSON -> c = Conv.BINARY;
            case LT_DECIMAL -> c = Conv.DECIMAL;
            case LT_DATE -> c = Conv.DATE;
            case LT_TIME -> {
                int unit = unit(l, where);
                c = unit == 1 ? Conv.TIME_MS : unit == 2 ? Conv.TIME_US : Conv.TIME_NS;
            }
            case LT_TIMESTAMP -> c = Conv.TIMESTAMP;
            case LT_INTEGER -> {
                int bits = l == null ? 0 : l.i32(1, 0);
                boolean signed = l == null || l.bool(2, true);
                c = switch (bits) {
                    case 8 -> signed ? Conv.I8 : Conv.U8;
                    case 16 -> signed ? Conv.I16 : Conv.U16;
                    case 32 -> signed ? Conv.I32 : Conv.U32;
                    case 64 -> signed ? Conv.I64 : Conv.U64;
                    default -> throw VortexException.corrupt(where + ": INTEGER logical type of " + bits + " bits");
                };
            }
            case LT_UNKNOWN -> c = Conv.NULL;
            case LT_UUID -> c = Conv.UUID;
            case LT_FLOAT16 -> c = Conv.F16;
            default -> c = null;
        }
        if (c == null && lk < 0) {
            c = switch (e.convertedType()) {
                case CT_UTF8, CT_JSON -> type == BYTE_ARRAY ? Conv.UTF8 : null;
                case CT_ENUM, CT_BSON, CT_INTERVAL -> Conv.BINARY;
                case CT_DECIMAL -> Conv.DECIMAL;
                case CT_DATE -> Conv.DATE;
                case CT_TIME_MILLIS -> Conv.TIME_MS;
                case CT_TIME_MICROS -> Conv.TIME_US;
                case CT_TIMESTAMP_MILLIS, CT_TIMESTAMP_MICROS -> Conv.TIMESTAMP;
                case CT_UINT_8 -> Conv.U8;
                case CT_UINT_16 -> Conv.U16;
                case CT_UINT_32 -> Conv.U32;
                case CT_UINT_64 -> Conv.U64;
                case CT_INT_8 -> Conv.I8;
                case CT_INT_16 -> Conv.I16;
                case CT_INT_32 -> Conv.I32;
                case CT_INT_64 -> Conv.I64;
                default -> null;
            };
        }
        if (c == null) {
            c = switch (type) {
                case BOOLEAN -> Conv.BOOL;
                case INT32 -> Conv.I32;
                case INT64 -> Conv.I64;
                case INT96 -> Conv.TIMESTAMP;
                case FLOAT -> Conv.F32;
                case DOUBLE -> Conv.F64;
                default -> Conv.BINARY;
            };
        }
        boolean ok = switch (c) {
            case BOOL -> type == BOOLEAN;
            case I8, I16, I32, U8, U16, U32, DATE, TIME_MS -> type == INT32;
            case I64, U64, TIME_US, TIME_NS -> type == INT64;
            case TIMESTAMP -> type == INT64 || type == INT96;
            case F32 -> type == FLOAT;
            case F64 -> type == DOUBLE;
            case F16 -> type == FIXED_LEN_BYTE_ARRAY && e.typeLength() == 2;
            case UUID -> type == FIXED_LEN_BYTE_ARRAY && e.typeLength() == 16;
            case UTF8 -> type == BYTE_ARRAY;
            case BINARY -> type == BYTE_ARRAY || type == FIXED_LEN_BYTE_ARRAY;
            case DECIMAL -> type == INT32 || type == INT64 || type == BYTE_ARRAY || type == FIXED_LEN_BYTE_ARRAY;
            case NULL -> true;
        };
        if (!ok) {
            throw VortexException.corrupt(where + ": logical type " + c + " on physical type " + type);
        }
        return c;
    }

    private static int unit(Thrift.Struct l, String where) {
        Thrift.Struct u = l == null ? null : l.struct(2);
        int k = u == null ? -1 : u.unionField();
        if (k < 1 || k > 3) {
            throw VortexException.corrupt(where + ": time unit missing");
        }
        return k;
    }

    private static DType dtype(Conv c, SchemaElement e, boolean nullable, String where) {
        return switch (c) {
            case BOOL -> new DType.Bool(nullable);
            case I8 -> new DType.Primitive(PType.I8, nullable);
            case I16 -> new DType.Primitive(PType.I16, nullable);
            case I32 -> new DType.Primitive(PType.I32, nullable);
            case I64 -> new DType.Primitive(PType.I64, nullable);
            case U8 -> new DType.Primitive(PType.U8, nullable);
            case U16 -> new DType.Primitive(PType.U16, nullable);
            case U32 -> new DType.Primitive(PType.U32, nullable);
            case U64 -> new DType.Primitive(PType.U64, nullable);
            case F16 -> new DType.Primitive(PType.F16, nullable);
            case F32 -> new DType.Primitive(PType.F32, nullable);
            case F64 -> new DType.Primitive(PType.F64, nullable);
            case DATE -> new DType.Extension("vortex.date", new DType.Primitive(PType.I32, nullable), new byte[] {4});
            case TIME_MS ->
                new DType.Extension("vortex.time", new DType.Primitive(PType.I32, nullable), new byte[] {2});
            case TIME_US ->
                new DType.Extension("vortex.time", new DType.Primitive(PType.I64, nullable), new byte[] {1});
            case TIME_NS ->
                new DType.Extension("vortex.time", new DType.Primitive(PType.I64, nullable), new byte[] {0});
            case TIMESTAMP -> timestamp(e, nullable, where);
            case UTF8 -> new DType.Utf8(nullable);
            case BINARY -> new DType.Binary(nullable);
            case DECIMAL -> {
                int precision;
                int scale;
                if (e.logicalKind() == LT_DECIMAL) {
                    Thrift.Struct l = e.logical();
                    precision = l == null ? -1 : l.i32(2, -1);
                    scale = l == null ? 0 : l.i32(1, 0);
                } else {
                    precision = e.precision();
                    scale = e.scale();
                }
                int max = switch (e.type()) {
                    case INT32 -> 9;
                    case INT64 -> 18;
                    case FIXED_LEN_BYTE_ARRAY ->
                        (int) Math.min(76, Math.floor((8.0 * e.typeLength() - 1) * Math.log10(2)));
                    default -> 76;
                };
                if (precision < 1 || precision > max || scale < 0 || scale > precision) {
                    throw VortexException.corrupt(
                            where + ": DECIMAL(" + precision + ", " + scale + ") on physical type " + e.type());
                }
                yield new DType.Decimal(precision, scale, nullable);
            }
            case UUID ->
                new DType.Extension(
                        "vortex.uuid",
                        new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, nullable),
                        new byte[0]);
            case NULL -> new DType.Null();
        };
    }

    private static DType timestamp(SchemaElement e, boolean nullable, String where) {
        int unit;
        boolean utc;
        if (e.type() == INT96) {
            unit = 0;
            utc = false;
        } else if (e.logicalKind() == LT_TIMESTAMP) {
            int u = unit(e.logical(), where);
            unit = u == 1 ? 2 : u == 2 ? 1 : 0;
            utc = e.logical().bool(1, false);
        } else {
            unit = e.convertedType() == CT_TIMESTAMP_MILLIS ? 2 : 1;
            utc = true;
        }
        byte[] tz = utc ? "UTC".getBytes(StandardCharsets.UTF_8) : new byte[0];
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        meta[2] = 0;
        System.arraycopy(tz, 0, meta, 3, tz.length);
        return new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, nullable), meta);
    }
}
