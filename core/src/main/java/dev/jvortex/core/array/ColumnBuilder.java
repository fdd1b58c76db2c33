package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/// Builds a column of any type from Java values, row by row: the typed way to make arrays for
/// [dev.jvortex.file.write.VortexWriter] without knowing their physical layout.
///
/// ```java
/// ColumnBuilder ts = ColumnBuilder.of(DType.timestamp(TimeUnit.MICROSECONDS, "UTC").withNullable(true));
/// ts.add(Instant.parse("2026-12-01T10:15:30.123456Z"));
/// ts.add(null);
/// Array column = ts.build(arena);
/// ```
///
/// [#add(Object)] takes, by type (null adds a null row; a non-nullable type rejects it):
///
// spotless:off
/// | type | Java values |
/// |---|---|
/// | bool | `Boolean` |
/// | integers | any integral `Number` (`Long`, `Integer`, `Short`, `Byte`, `BigInteger`), range-checked; u64 up to 2^64 - 1 |
/// | f16, f32, f64 | any `Number` |
/// | decimal(p, s) | `BigDecimal` (rescaled to `s` without rounding), `BigInteger`, `Long`, `Integer` |
/// | utf8 | `String` |
/// | binary | `byte[]` |
/// | vortex.date | `LocalDate` |
/// | vortex.time | `LocalTime` |
/// | vortex.timestamp with a zone | `Instant`, `ZonedDateTime`, `OffsetDateTime` (the instant is stored) |
/// | vortex.timestamp without zone | `LocalDateTime` (or an `Instant`, stored as its UTC date-time) |
/// | vortex.uuid | `UUID` (16 bytes, most significant first) |
/// | list, fixed-size list | `List`, any `Collection`, or `Object[]` of element values |
/// | map | `java.util.Map` (entries in its iteration order) |
/// | struct | `Map<String, ?>` by field name (absent names are null), or `List`/`Object[]` by position |
/// | other extensions | values of the storage type |
// spotless:on
///
/// Temporal values are converted exactly: a value finer than the column's unit (say nanoseconds
/// into a millisecond column) is rejected rather than truncated, as is a decimal needing rounding.
public abstract sealed class ColumnBuilder {
    final DType dtype;
    long[] valid = new long[4];
    int size;
    boolean anyNull;

    ColumnBuilder(DType dtype) {
        this.dtype = dtype;
    }

    /// Returns a builder for columns of `dtype`.
    public static ColumnBuilder of(DType dtype) {
        return switch (dtype) {
            case DType.Null _ -> new NullColumn(dtype);
            case DType.Bool _ -> new BoolColumn(dtype);
            case DType.Primitive _ -> new PrimitiveColumn(dtype);
            case DType.Decimal d -> new DecimalColumn(d);
            case DType.Utf8 _, DType.Binary _ -> new StringColumn(dtype);
            case DType.Struct s -> new StructColumn(s);
            case DType.ListType l -> new ListColumn(dtype, l.element());
            case DType.MapType m -> new ListColumn(dtype, ArrayOps.mapEntry(m));
            case DType.FixedSizeList f -> new FixedListColumn(f);
            case DType.Extension e -> {
                TemporalType t = TemporalType.of(e);
                if (t != null) {
                    yield new TemporalColumn(e, t);
                }
                yield new ExtensionColumn(e);
            }
            case DType.Variant _, DType.Union _ -> throw VortexException.unsupported("building " + dtype + " columns");
        };
    }

    /// Returns the column type.
    public DType dtype() {
        return dtype;
    }

    /// Returns the number of rows added.
    public int size() {
        return size;
    }

    /// Adds one row; null adds a null row (see the class docs for the values each type takes).
    public final ColumnBuilder add(Object value) {
        if (value == null) {
            if (!dtype.nullable()) {
                throw VortexException.misuse("null added to a non-nullable " + dtype + " column at row " + size);
            }
            addNullValue();
            mark(false);
        } else {
            addValue(value);
            mark(true);
        }
        size++;
        return this;
    }

    /// Adds every value of `values` (see [#add(Object)]).
    public final ColumnBuilder addAll(Iterable<?> values) {
        for (Object v : values) {
            add(v);
        }
        return this;
    }

    /// Adds a placeholder row: null where the type allows it, else a zero value. Used for the
    /// fields of a null struct row.
    final void addPlaceholder() {
        if (dtype.nullable()) {
            add(null);
        } else {
            addNullValue();
            mark(true);
            size++;
        }
    }

    abstract void addValue(Object value);

    /// Adds a zero value (the row's validity is set by the caller).
    abstract void addNullValue();

    /// Returns the array of the rows added, in `arena`.
    public abstract Array build(Arena arena);

    private void mark(boolean isValid) {
        if ((size >>> 6) >= valid.length) {
            valid = Arrays.copyOf(valid, valid.length * 2);
        }
        if (isValid) {
            valid[size >>> 6] |= 1L << (size & 63);
        } else {
            anyNull = true;
        }
    }

    final Validity validity(Arena arena) {
        if (!anyNull) {
            return Validity.ALL_VALID;
        }
        MemorySegment bits = arena.allocate(Math.max(8, ((size + 63) >>> 6) * 8L), 8);
        MemorySegment.copy(valid, 0, bits, PrimitiveArray.LE_LONG, 0, (size + 63) >>> 6);
        return Validity.ofBits(bits);
    }

    final VortexException wrongValue(Object value, String expected) {
        return VortexException.misuse("row " + size + " of a " + dtype + " column: expected " + expected + " but got "
                + value.getClass().getSimpleName() + " " + value);
    }

    static List<?> elements(Object value) {
        return switch (value) {
            case List<?> l -> l;
            case Collection<?> c -> new ArrayList<>(c);
            case Object[] a -> Arrays.asList(a);
            default -> null;
        };
    }

    private static final class NullColumn extends ColumnBuilder {
        NullColumn(DType dtype) {
            super(dtype);
        }

        @Override
        void addValue(Object value) {
            throw wrongValue(value, "null");
        }

        @Override
        void addNullValue() {}

        @Override
        public Array build(Arena arena) {
            return new NullArray(size);
        }
    }

    private static final class BoolColumn extends ColumnBuilder {
        private long[] bits = new long[4];

        BoolColumn(DType dtype) {
            super(dtype);
        }

        @Override
        void addValue(Object value) {
            if (!(value instanceof Boolean b)) {
                throw wrongValue(value, "a Boolean");
            }
            if ((size >>> 6) >= bits.length) {
                bits = Arrays.copyOf(bits, bits.length * 2);
            }
            if (b) {
                bits[size >>> 6] |= 1L << (size & 63);
            }
        }

        @Override
        void addNullValue() {
            if ((size >>> 6) >= bits.length) {
                bits = Arrays.copyOf(bits, bits.length * 2);
            }
        }

        @Override
        public Array build(Arena arena) {
            MemorySegment out = arena.allocate(Math.max(8, ((size + 63) >>> 6) * 8L), 8);
            MemorySegment.copy(bits, 0, out, PrimitiveArray.LE_LONG, 0, (size + 63) >>> 6);
            return new BoolArray(dtype, out, size, validity(arena));
        }
    }

    /// Integers and floats, kept as longs (floats as their bits) until built.
    private static final class PrimitiveColumn extends ColumnBuilder {
        private final PType ptype;
        private long[] values = new long[64];

        PrimitiveColumn(DType dtype) {
            this(dtype, ((DType.Primitive) dtype).ptype());
        }

        PrimitiveColumn(DType dtype, PType ptype) {
            super(dtype);
            this.ptype = ptype;
        }

        @Override
        void addValue(Object value) {
            if (!(value instanceof Number n)) {
                throw wrongValue(value, "a Number");
            }
            put(
                    switch (ptype) {
                        case F16 -> Float.floatToFloat16(n.floatValue());
                        case F32 -> Float.floatToRawIntBits(n.floatValue());
                        case F64 -> Double.doubleToRawLongBits(n.doubleValue());
                        default -> integer(n);
                    });
        }

        void put(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = v;
        }

        private long integer(Number n) {
            BigInteger v = switch (n) {
                case BigInteger b -> b;
                case Long l -> BigInteger.valueOf(l);
                case Integer i -> BigInteger.valueOf(i);
                case Short s -> BigInteger.valueOf(s);
                case Byte b -> BigInteger.valueOf(b);
                default -> throw wrongValue(n, "an integral Number");
            };
            int bits = ptype.bitWidth();
            BigInteger min =
                    ptype.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
            BigInteger max = ptype.isSigned()
                    ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                    : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
                throw VortexException.misuse("row " + size + ": " + v + " does not fit " + ptype.shortName() + " ["
                        + min + ", " + max + "]");
            }
            return v.longValue();
        }

        @Override
        void addNullValue() {
            put(0);
        }

        @Override
        public Array build(Arena arena) {
            int w = ptype.byteWidth();
            MemorySegment data = arena.allocate(Math.max(8L, (long) size * w), 8);
            for (int i = 0; i < size; i++) {
                PrimitiveArray.setLong(data, ptype, i, values[i]);
            }
            DType storage = dtype instanceof DType.Extension e ? e.storage() : dtype;
            return new PrimitiveArray(storage, ptype, data, size, validity(arena));
        }
    }

    private static final class DecimalColumn extends ColumnBuilder {
        private final DType.Decimal decimal;
        private final List<BigInteger> values = new ArrayList<>();

        DecimalColumn(DType.Decimal dtype) {
            super(dtype);
            this.decimal = dtype;
        }

        @Override
        void addValue(Object value) {
            BigDecimal d = switch (value) {
                case BigDecimal b -> b;
                case BigInteger b -> new BigDecimal(b);
                case Long l -> BigDecimal.valueOf(l);
                case Integer i -> BigDecimal.valueOf(i);
                default -> throw wrongValue(value, "a BigDecimal");
            };
            BigInteger unscaled;
            try {
                unscaled = d.setScale(decimal.scale(), RoundingMode.UNNECESSARY).unscaledValue();
            } catch (ArithmeticException e) {
                throw VortexException.misuse("row " + size + ": " + d + " needs rounding to scale " + decimal.scale());
            }
            if (unscaled.abs().compareTo(BigInteger.TEN.pow(decimal.precision())) >= 0) {
                throw VortexException.misuse(
                        "row " + size + ": " + d + " has more than " + decimal.precision() + " digits");
            }
            values.add(unscaled);
        }

        @Override
        void addNullValue() {
            values.add(BigInteger.ZERO);
        }

        @Override
        public Array build(Arena arena) {
            int w = decimal.minimumByteWidth();
            MemorySegment data = arena.allocate(Math.max(8L, (long) size * w), 8);
            for (int i = 0; i < size; i++) {
                byte[] be = values.get(i).toByteArray();
                long base = (long) i * w;
                byte sign = values.get(i).signum() < 0 ? (byte) -1 : 0;
                for (int k = 0; k < w; k++) {
                    byte b = k < be.length ? be[be.length - 1 - k] : sign;
                    data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, base + k, b);
                }
            }
            return new DecimalArray(decimal, w, data, size, validity(arena));
        }
    }

    private static final class StringColumn extends ColumnBuilder {
        private final Builders.StringBuilder strings;

        StringColumn(DType dtype) {
            super(dtype);
            strings = Builders.strings(dtype.withNullable(true));
        }

        @Override
        void addValue(Object value) {
            switch (value) {
                case String s when dtype instanceof DType.Utf8 -> strings.append(s);
                case byte[] b when dtype instanceof DType.Binary -> strings.append(b);
                default -> throw wrongValue(value, dtype instanceof DType.Utf8 ? "a String" : "a byte[]");
            }
        }

        @Override
        void addNullValue() {
            strings.append(new byte[0]);
        }

        @Override
        public Array build(Arena arena) {
            VarBinViewArray v = (VarBinViewArray) strings.build(arena);
            return new VarBinViewArray(dtype, v.views(), v.buffers(), size, validity(arena));
        }
    }

    private static final class TemporalColumn extends ColumnBuilder {
        private final TemporalType type;
        private final PrimitiveColumn storage;

        TemporalColumn(DType.Extension dtype, TemporalType type) {
            super(dtype);
            this.type = type;
            this.storage = new PrimitiveColumn(dtype, type.storage());
        }

        @Override
        void addValue(Object value) {
            TimeUnit u = type.unit();
            long v = switch (type.kind()) {
                case DATE -> {
                    if (!(value instanceof LocalDate d)) {
                        throw wrongValue(value, "a LocalDate");
                    }
                    long days = d.toEpochDay();
                    yield u == TimeUnit.DAYS ? days : Math.multiplyExact(days, 86_400_000L);
                }
                case TIME -> {
                    if (!(value instanceof LocalTime t)) {
                        throw wrongValue(value, "a LocalTime");
                    }
                    yield fromNanos(t.toNanoOfDay(), 0, u, value);
                }
                case TIMESTAMP -> {
                    Instant at = switch (value) {
                        case Instant i -> i;
                        case ZonedDateTime z when type.zone() != null -> z.toInstant();
                        case OffsetDateTime o when type.zone() != null -> o.toInstant();
                        case LocalDateTime l when type.zone() == null -> l.toInstant(ZoneOffset.UTC);
                        default ->
                            throw wrongValue(
                                    value,
                                    type.zone() == null
                                            ? "a LocalDateTime or Instant"
                                            : "an Instant, ZonedDateTime or OffsetDateTime");
                    };
                    yield fromNanos(at.getNano(), at.getEpochSecond(), u, value);
                }
            };
            storage.put(v);
            storage.size++;
        }

        /// Returns `seconds` s + `nanos` ns in `unit`, failing when that loses precision.
        private long fromNanos(long nanos, long seconds, TimeUnit unit, Object value) {
            long secondsPart = nanos / 1_000_000_000L;
            long nano = nanos % 1_000_000_000L;
            long s = seconds + secondsPart;
            long per = unit.perSecond();
            long nanosPerUnit = 1_000_000_000L / per;
            if (nano % nanosPerUnit != 0) {
                throw VortexException.misuse(
                        "row " + size + ": " + value + " is finer than the column's unit " + unit.shortName());
            }
            try {
                return Math.addExact(Math.multiplyExact(s, per), nano / nanosPerUnit);
            } catch (ArithmeticException e) {
                throw VortexException.misuse("row " + size + ": " + value + " is out of range in " + unit.shortName());
            }
        }

        @Override
        void addNullValue() {
            storage.put(0);
            storage.size++;
        }

        @Override
        public Array build(Arena arena) {
            storage.valid = valid;
            storage.anyNull = anyNull;
            return new ExtensionArray((DType.Extension) dtype, storage.build(arena));
        }
    }

    private static final class ExtensionColumn extends ColumnBuilder {
        private final ColumnBuilder storage;
        private final boolean uuid;

        ExtensionColumn(DType.Extension dtype) {
            super(dtype);
            this.storage = of(dtype.storage());
            this.uuid = dtype.id().equals(DType.UUID_ID);
        }

        @Override
        void addValue(Object value) {
            if (uuid && value instanceof UUID u) {
                Object[] bytes = new Object[16];
                long hi = u.getMostSignificantBits();
                long lo = u.getLeastSignificantBits();
                for (int i = 0; i < 8; i++) {
                    bytes[i] = (int) ((hi >>> (56 - 8 * i)) & 0xFF);
                    bytes[8 + i] = (int) ((lo >>> (56 - 8 * i)) & 0xFF);
                }
                storage.add(bytes);
            } else {
                storage.add(value);
            }
        }

        @Override
        void addNullValue() {
            storage.addPlaceholder();
        }

        @Override
        public Array build(Arena arena) {
            return new ExtensionArray((DType.Extension) dtype, storage.build(arena));
        }
    }

    /// Lists and maps: offsets over one element builder.
    private static final class ListColumn extends ColumnBuilder {
        private final ColumnBuilder elements;
        private long[] offsets = new long[65];

        ListColumn(DType dtype, DType element) {
            super(dtype);
            this.elements = of(element);
        }

        @Override
        void addValue(Object value) {
            if (dtype instanceof DType.MapType) {
                if (!(value instanceof Map<?, ?> m)) {
                    throw wrongValue(value, "a java.util.Map");
                }
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    elements.add(Arrays.asList(e.getKey(), e.getValue()));
                }
            } else {
                List<?> list = elements(value);
                if (list == null) {
                    throw wrongValue(value, "a List, Collection or Object[]");
                }
                elements.addAll(list);
            }
            end();
        }

        @Override
        void addNullValue() {
            end();
        }

        private void end() {
            if (size + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[size + 1] = elements.size();
        }

        @Override
        public Array build(Arena arena) {
            MemorySegment o = arena.allocate((size + 1L) * 8, 8);
            MemorySegment.copy(offsets, 0, o, PrimitiveArray.LE_LONG, 0, size + 1);
            return new ListArray(dtype, o, elements.build(arena), size, validity(arena));
        }
    }

    private static final class FixedListColumn extends ColumnBuilder {
        private final DType.FixedSizeList type;
        private final ColumnBuilder elements;

        FixedListColumn(DType.FixedSizeList dtype) {
            super(dtype);
            this.type = dtype;
            this.elements = of(dtype.element());
        }

        @Override
        void addValue(Object value) {
            List<?> list = elements(value);
            if (list == null) {
                throw wrongValue(value, "a List, Collection or Object[]");
            }
            if (list.size() != type.size()) {
                throw VortexException.misuse(
                        "row " + size + ": " + list.size() + " elements for a list of exactly " + type.size());
            }
            elements.addAll(list);
        }

        @Override
        void addNullValue() {
            for (int i = 0; i < type.size(); i++) {
                elements.addPlaceholder();
            }
        }

        @Override
        public Array build(Arena arena) {
            return new FixedSizeListArray(type, elements.build(arena), size, validity(arena));
        }
    }

    private static final class StructColumn extends ColumnBuilder {
        private final DType.Struct type;
        private final ColumnBuilder[] fields;

        StructColumn(DType.Struct dtype) {
            super(dtype);
            this.type = dtype;
            this.fields = new ColumnBuilder[dtype.size()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = of(dtype.fields().get(i));
            }
        }

        @Override
        void addValue(Object value) {
            if (value instanceof Map<?, ?> m) {
                for (Object k : m.keySet()) {
                    if (!(k instanceof String s) || type.indexOf(s) < 0) {
                        throw VortexException.misuse(
                                "row " + size + ": the struct has no field '" + k + "'; fields are " + type.names());
                    }
                }
                for (int i = 0; i < fields.length; i++) {
                    fields[i].add(m.get(type.names().get(i)));
                }
                return;
            }
            List<?> list = elements(value);
            if (list == null) {
                throw wrongValue(value, "a Map by field name, or a List or Object[] by position");
            }
            if (list.size() != fields.length) {
                throw VortexException.misuse(
                        "row " + size + ": " + list.size() + " values for a struct of " + fields.length + " fields");
            }
            for (int i = 0; i < fields.length; i++) {
                fields[i].add(list.get(i));
            }
        }

        @Override
        void addNullValue() {
            for (ColumnBuilder f : fields) {
                f.addPlaceholder();
            }
        }

        @Override
        public Array build(Arena arena) {
            List<Array> arrays = new ArrayList<>(fields.length);
            for (ColumnBuilder f : fields) {
                arrays.add(f.build(arena));
            }
            return new StructArray(type, arrays, size, validity(arena));
        }
    }
}
