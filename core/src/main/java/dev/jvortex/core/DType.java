package dev.jvortex.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/// A logical data type. Physical representation is chosen per array by its encoding.
///
/// Every type except [Null] carries a nullability flag; an [Extension] takes its nullability
/// from its storage type.
public sealed interface DType {
    /// Returns true when values of this type may be null.
    boolean nullable();

    /// Returns this type with the given nullability.
    DType withNullable(boolean nullable);

    /// The type of the always-null column.
    record Null() implements DType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public DType withNullable(boolean nullable) {
            return this;
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /// Booleans.
    record Bool(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Bool(n);
        }

        @Override
        public String toString() {
            return "bool" + q(nullable);
        }
    }

    /// Fixed-width numbers.
    record Primitive(PType ptype, boolean nullable) implements DType {
        public Primitive {
            Objects.requireNonNull(ptype);
        }

        @Override
        public DType withNullable(boolean n) {
            return new Primitive(ptype, n);
        }

        @Override
        public String toString() {
            return ptype.shortName() + q(nullable);
        }
    }

    /// Fixed-point decimals: unscaled integer × 10^-scale.
    record Decimal(int precision, int scale, boolean nullable) implements DType {
        public Decimal {
            if (precision < 1 || precision > 76) {
                throw VortexException.corrupt("decimal precision must be in 1..76 but was " + precision);
            }
            if (scale > 76 || scale < -76 || (scale > 0 && scale > precision)) {
                throw VortexException.corrupt("decimal scale " + scale + " does not fit precision " + precision);
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new Decimal(precision, scale, n);
        }

        /// Returns the width in bytes of the smallest integer holding every value of this precision.
        public int minimumByteWidth() {
            if (precision <= 2) {
                return 1;
            } else if (precision <= 4) {
                return 2;
            } else if (precision <= 9) {
                return 4;
            } else if (precision <= 18) {
                return 8;
            } else if (precision <= 38) {
                return 16;
            }
            return 32;
        }

        @Override
        public String toString() {
            return "decimal(" + precision + "," + scale + ")" + q(nullable);
        }
    }

    /// UTF-8 strings.
    record Utf8(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Utf8(n);
        }

        @Override
        public String toString() {
            return "utf8" + q(nullable);
        }
    }

    /// Byte strings.
    record Binary(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Binary(n);
        }

        @Override
        public String toString() {
            return "binary" + q(nullable);
        }
    }

    /// Named, ordered fields.
    record Struct(List<String> names, List<DType> fields, boolean nullable) implements DType {
        public Struct {
            names = List.copyOf(names);
            fields = List.copyOf(fields);
            if (names.size() != fields.size()) {
                throw VortexException.corrupt(
                        "struct has " + names.size() + " names but " + fields.size() + " field types");
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new Struct(names, fields, n);
        }

        /// Returns the index of the first field named `name`, or -1.
        public int indexOf(String name) {
            return names.indexOf(name);
        }

        /// Returns the number of fields.
        public int size() {
            return names.size();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(names.get(i)).append('=').append(fields.get(i));
            }
            return sb.append('}').append(q(nullable)).toString();
        }
    }

    /// Variable-length lists.
    record ListType(DType element, boolean nullable) implements DType {
        public ListType {
            Objects.requireNonNull(element);
        }

        @Override
        public DType withNullable(boolean n) {
            return new ListType(element, n);
        }

        @Override
        public String toString() {
            return "list(" + element + ")" + q(nullable);
        }
    }

    /// Lists of exactly `size` elements.
    record FixedSizeList(DType element, int size, boolean nullable) implements DType {
        public FixedSizeList {
            Objects.requireNonNull(element);
            if (size < 0) {
                throw VortexException.corrupt("fixed-size list size must be non-negative but was " + size);
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new FixedSizeList(element, size, n);
        }

        @Override
        public String toString() {
            return "fixed_size_list(" + element + ")[" + size + "]" + q(nullable);
        }
    }

    /// Maps: a list of key/value entries.
    record MapType(DType key, DType value, boolean keysSorted, boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new MapType(key, value, keysSorted, n);
        }

        @Override
        public String toString() {
            return "map(" + key + ", " + value + ")" + q(nullable);
        }
    }

    /// Semi-structured values (not decoded by this version).
    record Variant(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Variant(n);
        }

        @Override
        public String toString() {
            return "variant" + q(nullable);
        }
    }

    /// Tagged unions (a placeholder in the format).
    record Union(List<String> names, List<DType> variants, boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Union(names, variants, n);
        }
    }

    /// A logical type over a storage type: id, storage and opaque metadata bytes.
    record Extension(String id, DType storage, byte[] metadata) implements DType {
        public Extension {
            Objects.requireNonNull(id);
            Objects.requireNonNull(storage);
            metadata = metadata == null ? new byte[0] : metadata.clone();
        }

        @Override
        public boolean nullable() {
            return storage.nullable();
        }

        @Override
        public DType withNullable(boolean n) {
            return new Extension(id, storage.withNullable(n), metadata);
        }

        @Override
        public byte[] metadata() {
            return metadata.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Extension e
                    && id.equals(e.id)
                    && storage.equals(e.storage)
                    && Arrays.equals(metadata, e.metadata);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, storage, Arrays.hashCode(metadata));
        }

        @Override
        public String toString() {
            return id + "(" + storage + ")";
        }
    }

    // Factories. Every type they return is non-nullable; `withNullable(true)` gives the nullable one.

    /// Returns the null type.
    static Null nullType() {
        return new Null();
    }

    /// Returns the boolean type.
    static Bool bool() {
        return new Bool(false);
    }

    /// Returns the primitive type of `ptype`.
    static Primitive primitive(PType ptype) {
        return new Primitive(ptype, false);
    }

    /// Returns the signed 8-bit integer type.
    static Primitive int8() {
        return primitive(PType.I8);
    }

    /// Returns the signed 16-bit integer type.
    static Primitive int16() {
        return primitive(PType.I16);
    }

    /// Returns the signed 32-bit integer type.
    static Primitive int32() {
        return primitive(PType.I32);
    }

    /// Returns the signed 64-bit integer type.
    static Primitive int64() {
        return primitive(PType.I64);
    }

    /// Returns the unsigned 8-bit integer type.
    static Primitive uint8() {
        return primitive(PType.U8);
    }

    /// Returns the unsigned 16-bit integer type.
    static Primitive uint16() {
        return primitive(PType.U16);
    }

    /// Returns the unsigned 32-bit integer type.
    static Primitive uint32() {
        return primitive(PType.U32);
    }

    /// Returns the unsigned 64-bit integer type.
    static Primitive uint64() {
        return primitive(PType.U64);
    }

    /// Returns the IEEE binary16 type.
    static Primitive float16() {
        return primitive(PType.F16);
    }

    /// Returns the IEEE binary32 type.
    static Primitive float32() {
        return primitive(PType.F32);
    }

    /// Returns the IEEE binary64 type.
    static Primitive float64() {
        return primitive(PType.F64);
    }

    /// Returns the decimal type of `precision` digits (1..76), `scale` of them after the point.
    static Decimal decimal(int precision, int scale) {
        if (precision < 1 || precision > 76 || scale > precision || scale < -76) {
            throw VortexException.misuse("decimal(" + precision + ", " + scale
                    + "): the precision must be in 1..76 and the scale at most the precision");
        }
        return new Decimal(precision, scale, false);
    }

    /// Returns the UTF-8 string type.
    static Utf8 utf8() {
        return new Utf8(false);
    }

    /// Returns the byte-string type.
    static Binary binary() {
        return new Binary(false);
    }

    /// Returns the list type of `element`.
    static ListType list(DType element) {
        return new ListType(element, false);
    }

    /// Returns the type of lists of exactly `size` elements of `element`.
    static FixedSizeList fixedSizeList(DType element, int size) {
        if (size < 0) {
            throw VortexException.misuse("fixed-size list size must be non-negative but was " + size);
        }
        return new FixedSizeList(element, size, false);
    }

    /// Returns the map type from `key` (made non-nullable: map keys are never null) to `value`.
    static MapType map(DType key, DType value) {
        return new MapType(key.withNullable(false), value, false, false);
    }

    /// Returns the struct type of the given field names and types, in order.
    static Struct struct(List<String> names, List<DType> fields) {
        return new Struct(names, fields, false);
    }

    /// Returns the struct type from alternating names and types: `struct("id", int64(), "name", utf8())`.
    static Struct struct(String name, DType type, Object... moreNamesAndTypes) {
        Object[] all = new Object[moreNamesAndTypes.length + 2];
        all[0] = name;
        all[1] = type;
        System.arraycopy(moreNamesAndTypes, 0, all, 2, moreNamesAndTypes.length);
        if (all.length % 2 != 0) {
            throw VortexException.misuse("struct(...) takes names and types in pairs");
        }
        for (int i = 0; i < all.length; i += 2) {
            if (!(all[i] instanceof String) || !(all[i + 1] instanceof DType)) {
                throw VortexException.misuse(
                        "struct(...) argument " + i + " and " + (i + 1) + " must be a name and a type");
            }
        }
        return struct(false, all);
    }

    /// Returns the `vortex.date` type in `unit` (days, stored as i32, or milliseconds, as i64).
    static Extension date(TimeUnit unit) {
        return new TemporalType(TemporalType.Kind.DATE, unit, null).toDType(false);
    }

    /// Returns the `vortex.time` type in `unit` (seconds or milliseconds as i32, micro- or nanoseconds as i64).
    static Extension time(TimeUnit unit) {
        return new TemporalType(TemporalType.Kind.TIME, unit, null).toDType(false);
    }

    /// Returns the `vortex.timestamp` type in `unit` with time-zone name `zone` (an IANA name or
    /// offset such as `UTC`, `Europe/Paris`, `+01:00`; null for a zone-less local date-time).
    static Extension timestamp(TimeUnit unit, String zone) {
        return new TemporalType(TemporalType.Kind.TIMESTAMP, unit, zone).toDType(false);
    }

    /// Returns the `vortex.uuid` type: 16 bytes (big-endian, as [java.util.UUID] prints them)
    /// stored as a fixed-size list of 16 non-nullable u8.
    static Extension uuid() {
        return new Extension(UUID_ID, new FixedSizeList(new Primitive(PType.U8, false), 16, false), new byte[0]);
    }

    /// The extension id of UUIDs.
    String UUID_ID = "vortex.uuid";

    /// Builds a struct type from alternating names and types.
    static Struct struct(boolean nullable, Object... namesAndTypes) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            names.add((String) namesAndTypes[i]);
            types.add((DType) namesAndTypes[i + 1]);
        }
        return new Struct(names, types, nullable);
    }

    private static String q(boolean nullable) {
        return nullable ? "?" : "";
    }
}
