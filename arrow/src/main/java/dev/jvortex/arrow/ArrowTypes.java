package dev.jvortex.arrow;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.VortexException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/// The mapping between Vortex types and Arrow types, both ways.
///
// spotless:off
/// | Vortex | Arrow |
/// |---|---|
/// | null | Null |
/// | bool | Bool |
/// | i8 … i64, u8 … u64 | Int(8 … 64, signed or unsigned) |
/// | f16, f32, f64 | FloatingPoint(HALF, SINGLE, DOUBLE) |
/// | decimal(p, s) | Decimal(p, s, 128) for p ≤ 38, else Decimal(p, s, 256) |
/// | utf8, binary | Utf8, Binary (read: also LargeUtf8, Utf8View, LargeBinary, BinaryView, FixedSizeBinary) |
/// | vortex.date (days, ms) | Date(DAY), Date(MILLISECOND) |
/// | vortex.time (s, ms, us, ns) | Time(unit, 32 or 64 bits) |
/// | vortex.timestamp (unit, zone) | Timestamp(unit, zone) |
/// | vortex.uuid | the `arrow.uuid` extension (FixedSizeBinary(16)) |
/// | list(e) | List (read: also LargeList) with child `item` |
/// | fixed_size_list(e)[n] | FixedSizeList(n) with child `item` |
/// | struct | Struct |
/// | map(k, v) | Map over `entries: struct<key, value>` |
/// | other extensions | their storage type, the extension kept in the field metadata |
// spotless:on
///
/// Other extension types keep their id and metadata in the Arrow field's metadata under
/// [#EXTENSION_ID_KEY] and [#EXTENSION_METADATA_KEY] (hex), so they come back on import. Arrow types
/// with no Vortex counterpart (durations, intervals, unions, list views) are rejected with an
/// `UNSUPPORTED` [VortexException] naming the field.
public final class ArrowTypes {
    /// The Arrow field-metadata key holding a Vortex extension id.
    public static final String EXTENSION_ID_KEY = "vortex.extension.id";
    /// The Arrow field-metadata key holding a Vortex extension's metadata bytes, in hex.
    public static final String EXTENSION_METADATA_KEY = "vortex.extension.metadata";

    /// The Arrow field-metadata key naming an Arrow extension type (when the reader did not know it).
    private static final String ARROW_EXTENSION_NAME = "ARROW:extension:name";

    static {
        // Readers then give `arrow.uuid` columns as UuidVectors rather than plain fixed-size binary.
        if (org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry.lookup(UuidType.EXTENSION_NAME) == null) {
            org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry.register(UuidType.INSTANCE);
        }
    }

    private ArrowTypes() {}

    /// Returns the Arrow schema of a Vortex struct type (one field per column).
    public static Schema toArrow(DType.Struct struct) {
        List<Field> fields = new ArrayList<>(struct.size());
        for (int i = 0; i < struct.size(); i++) {
            fields.add(toArrow(struct.names().get(i), struct.fields().get(i)));
        }
        return new Schema(fields);
    }

    /// Returns the Arrow field named `name` of Vortex type `dtype`.
    public static Field toArrow(String name, DType dtype) {
        boolean nullable = dtype.nullable();
        return switch (dtype) {
            case DType.Null _ -> new Field(name, FieldType.nullable(ArrowType.Null.INSTANCE), null);
            case DType.Bool b -> leaf(name, b.nullable(), ArrowType.Bool.INSTANCE);
            case DType.Primitive p -> leaf(name, nullable, primitive(p.ptype()));
            case DType.Decimal d ->
                leaf(name, nullable, new ArrowType.Decimal(d.precision(), d.scale(), d.precision() <= 38 ? 128 : 256));
            case DType.Utf8 _ -> leaf(name, nullable, ArrowType.Utf8.INSTANCE);
            case DType.Binary _ -> leaf(name, nullable, ArrowType.Binary.INSTANCE);
            case DType.Struct s -> {
                List<Field> children = new ArrayList<>(s.size());
                for (int i = 0; i < s.size(); i++) {
                    children.add(toArrow(s.names().get(i), s.fields().get(i)));
                }
                yield new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
            }
            case DType.ListType l ->
                new Field(
                        name,
                        new FieldType(nullable, ArrowType.List.INSTANCE, null),
                        List.of(toArrow("item", l.element())));
            case DType.FixedSizeList f ->
                new Field(
                        name,
                        new FieldType(nullable, new ArrowType.FixedSizeList(f.size()), null),
                        List.of(toArrow("item", f.element())));
            case DType.MapType m -> {
                Field entries = new Field(
                        "entries",
                        FieldType.notNullable(ArrowType.Struct.INSTANCE),
                        List.of(toArrow("key", m.key().withNullable(false)), toArrow("value", m.value())));
                yield new Field(
                        name, new FieldType(nullable, new ArrowType.Map(m.keysSorted()), null), List.of(entries));
            }
            case DType.Extension e -> extension(name, e);
            case DType.Variant _ -> throw unsupported(name, dtype);
            case DType.Union _ -> throw unsupported(name, dtype);
        };
    }

    private static Field extension(String name, DType.Extension e) {
        boolean nullable = e.nullable();
        TemporalType t = TemporalType.of(e);
        if (t != null) {
            ArrowType type = switch (t.kind()) {
                case DATE -> new ArrowType.Date(t.unit() == TimeUnit.DAYS ? DateUnit.DAY : DateUnit.MILLISECOND);
                case TIME -> new ArrowType.Time(arrowUnit(t.unit()), t.storage().bitWidth());
                case TIMESTAMP -> new ArrowType.Timestamp(arrowUnit(t.unit()), t.zone());
            };
            return leaf(name, nullable, type);
        }
        if (isUuid(e)) {
            return new Field(name, new FieldType(nullable, UuidType.INSTANCE, null), null);
        }
        Field storage = toArrow(name, e.storage());
        Map<String, String> metadata = new HashMap<>();
        if (storage.getMetadata() != null) {
            metadata.putAll(storage.getMetadata());
        }
        metadata.put(EXTENSION_ID_KEY, e.id());
        metadata.put(EXTENSION_METADATA_KEY, HexFormat.of().formatHex(e.metadata()));
        return new Field(
                name,
                new FieldType(storage.isNullable(), storage.getType(), storage.getDictionary(), metadata),
                storage.getChildren());
    }

    static boolean isUuid(DType.Extension e) {
        return e.id().equals(DType.UUID_ID)
                && e.storage() instanceof DType.FixedSizeList f
                && f.size() == 16
                && f.element().equals(DType.uint8());
    }

    private static Field leaf(String name, boolean nullable, ArrowType type) {
        return new Field(name, new FieldType(nullable, type, null), null);
    }

    private static ArrowType primitive(PType p) {
        return switch (p) {
            case U8 -> new ArrowType.Int(8, false);
            case U16 -> new ArrowType.Int(16, false);
            case U32 -> new ArrowType.Int(32, false);
            case U64 -> new ArrowType.Int(64, false);
            case I8 -> new ArrowType.Int(8, true);
            case I16 -> new ArrowType.Int(16, true);
            case I32 -> new ArrowType.Int(32, true);
            case I64 -> new ArrowType.Int(64, true);
            case F16 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
            case F32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case F64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        };
    }

    private static org.apache.arrow.vector.types.TimeUnit arrowUnit(TimeUnit u) {
        return switch (u) {
            case NANOSECONDS -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
            case MICROSECONDS -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
            case MILLISECONDS -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
            case SECONDS -> org.apache.arrow.vector.types.TimeUnit.SECOND;
            case DAYS -> throw VortexException.internal("ArrowTypes", new IllegalArgumentException("days"));
        };
    }

    private static TimeUnit vortexUnit(org.apache.arrow.vector.types.TimeUnit u) {
        return switch (u) {
            case NANOSECOND -> TimeUnit.NANOSECONDS;
            case MICROSECOND -> TimeUnit.MICROSECONDS;
            case MILLISECOND -> TimeUnit.MILLISECONDS;
            case SECOND -> TimeUnit.SECONDS;
        };
    }

    /// Returns the Vortex struct type of an Arrow schema (a non-nullable struct, one field per column).
    public static DType.Struct toVortex(Schema schema) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Field f : schema.getFields()) {
            names.add(f.getName());
            types.add(toVortex(f));
        }
        return new DType.Struct(names, types, false);
    }

    /// Returns the Vortex type of an Arrow field. A dictionary-encoded field maps to the type of
    /// its values (the field's own type).
    public static DType toVortex(Field field) {
        return toVortex(field, field.getName());
    }

    private static DType toVortex(Field field, String where) {
        boolean nullable = field.isNullable();
        ArrowType type = field.getType();
        DType dtype = switch (type) {
            case ArrowType.Null _ -> new DType.Null();
            case ArrowType.Bool _ -> new DType.Bool(nullable);
            case ArrowType.Int i -> new DType.Primitive(intType(i, where), nullable);
            case ArrowType.FloatingPoint f ->
                new DType.Primitive(
                        switch (f.getPrecision()) {
                            case HALF -> PType.F16;
                            case SINGLE -> PType.F32;
                            case DOUBLE -> PType.F64;
                        },
                        nullable);
            case ArrowType.Decimal d -> {
                try {
                    yield new DType.Decimal(d.getPrecision(), d.getScale(), nullable);
                } catch (VortexException e) {
                    throw VortexException.unsupported(where + ": " + e.getMessage());
                }
            }
            case ArrowType.Utf8 _, ArrowType.LargeUtf8 _, ArrowType.Utf8View _ -> new DType.Utf8(nullable);
            case ArrowType.FixedSizeBinary b
            when b.getByteWidth() == 16
                    && field.getMetadata() != null
                    && UuidType.EXTENSION_NAME.equals(field.getMetadata().get(ARROW_EXTENSION_NAME)) ->
                DType.uuid().withNullable(nullable);
            case ArrowType.Binary _, ArrowType.LargeBinary _, ArrowType.BinaryView _, ArrowType.FixedSizeBinary _ ->
                new DType.Binary(nullable);
            case ArrowType.Date d ->
                new TemporalType(
                                TemporalType.Kind.DATE,
                                d.getUnit() == DateUnit.DAY ? TimeUnit.DAYS : TimeUnit.MILLISECONDS,
                                null)
                        .toDType(nullable);
            case ArrowType.Time t -> {
                TemporalType tt = new TemporalType(TemporalType.Kind.TIME, vortexUnit(t.getUnit()), null);
                if (tt.storage().bitWidth() != t.getBitWidth()) {
                    throw VortexException.unsupported(
                            where + ": Arrow time of " + t.getBitWidth() + " bits in " + t.getUnit());
                }
                yield tt.toDType(nullable);
            }
            case ArrowType.Timestamp t ->
                new TemporalType(TemporalType.Kind.TIMESTAMP, vortexUnit(t.getUnit()), t.getTimezone())
                        .toDType(nullable);
            case ArrowType.Struct _ -> {
                List<String> names = new ArrayList<>();
                List<DType> types = new ArrayList<>();
                for (Field c : field.getChildren()) {
                    names.add(c.getName());
                    types.add(toVortex(c, where + "." + c.getName()));
                }
                yield new DType.Struct(names, types, nullable);
            }
            case ArrowType.List _, ArrowType.LargeList _ ->
                new DType.ListType(toVortex(onlyChild(field, where), where + "[]"), nullable);
            case ArrowType.FixedSizeList f ->
                new DType.FixedSizeList(toVortex(onlyChild(field, where), where + "[]"), f.getListSize(), nullable);
            case ArrowType.Map m -> {
                Field entries = onlyChild(field, where);
                if (entries.getChildren().size() != 2) {
                    throw VortexException.unsupported(where + ": map entries with "
                            + entries.getChildren().size() + " fields");
                }
                yield new DType.MapType(
                        toVortex(entries.getChildren().get(0), where + ".key").withNullable(false),
                        toVortex(entries.getChildren().get(1), where + ".value"),
                        m.getKeysSorted(),
                        nullable);
            }
            case UuidType _ -> DType.uuid().withNullable(nullable);
            case ArrowType.ExtensionType e ->
                toVortex(
                        new Field(
                                field.getName(),
                                new FieldType(nullable, e.storageType(), null, field.getMetadata()),
                                field.getChildren()),
                        where);
            default -> throw VortexException.unsupported(where + ": Arrow type " + type + " has no Vortex counterpart");
        };
        Map<String, String> meta = field.getMetadata();
        String extId = meta == null ? null : meta.get(EXTENSION_ID_KEY);
        if (extId != null && !(dtype instanceof DType.Extension)) {
            String hex = meta.getOrDefault(EXTENSION_METADATA_KEY, "");
            byte[] bytes;
            try {
                bytes = HexFormat.of().parseHex(hex);
            } catch (IllegalArgumentException e) {
                throw VortexException.corrupt(where + ": field metadata " + EXTENSION_METADATA_KEY + " is not hex");
            }
            return new DType.Extension(extId, dtype, bytes);
        }
        return dtype;
    }

    private static Field onlyChild(Field field, String where) {
        if (field.getChildren().size() != 1) {
            throw VortexException.corrupt(where + ": " + field.getType() + " field with "
                    + field.getChildren().size() + " children");
        }
        return field.getChildren().getFirst();
    }

    private static PType intType(ArrowType.Int i, String where) {
        return switch (i.getBitWidth()) {
            case 8 -> i.getIsSigned() ? PType.I8 : PType.U8;
            case 16 -> i.getIsSigned() ? PType.I16 : PType.U16;
            case 32 -> i.getIsSigned() ? PType.I32 : PType.U32;
            case 64 -> i.getIsSigned() ? PType.I64 : PType.U64;
            default -> throw VortexException.unsupported(where + ": Arrow integer of " + i.getBitWidth() + " bits");
        };
    }

    private static VortexException unsupported(String name, DType dtype) {
        return VortexException.unsupported(name + ": " + dtype + " has no Arrow counterpart");
    }
}
