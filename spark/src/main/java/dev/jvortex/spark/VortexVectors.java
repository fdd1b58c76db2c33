package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/// Spark [ColumnVector]s over jvortex's decoded arrays: values are read from the arrays' buffers
/// when Spark asks for them, never copied into Spark's own vectors. A vector is valid while the
/// [dev.jvortex.file.Batch] whose column it wraps is open; the partition reader closes that batch
/// when Spark moves to the next one or closes the reader.
///
/// One final class per array kind keeps each getter monomorphic. Strings and binaries are copied
/// into a fresh `byte[]` per value (Spark may keep a value past the batch, and the batch's memory
/// is freed, not reused, when it closes).
final class VortexVectors {
    private VortexVectors() {}

    /// Returns a vector of `array` read as Spark type `type` (the type [SparkTypes] gives its
    /// dtype, or a pruned struct of it).
    static ColumnVector of(Array array, DataType type) {
        return switch (array) {
            case NullArray n -> new NullVector(type, n.length());
            case BoolArray b -> new BoolVector(type, b);
            case PrimitiveArray p -> primitive(type, p, p.ptype());
            case DecimalArray d -> new DecimalVector(type, d);
            case VarBinViewArray v -> new BytesVector(type, v);
            case StructArray s -> new StructVector((StructType) type, s);
            case ListArray l ->
                l.dtype() instanceof DType.MapType
                        ? new MapVector((MapType) type, l)
                        : new ListVector((ArrayType) type, l.validity(), l, null);
            case FixedSizeListArray f -> new ListVector((ArrayType) type, f.validity(), null, f);
            case ExtensionArray e -> {
                TemporalType t = TemporalType.of(e.dtype());
                if (t == null) {
                    yield of(e.storage(), type);
                }
                yield new TemporalVector(type, (PrimitiveArray) e.storage(), t);
            }
        };
    }

    private static ColumnVector primitive(DataType type, PrimitiveArray p, PType ptype) {
        return switch (ptype) {
            case I32 -> new IntVector(type, p);
            case I64 -> new LongVector(type, p);
            case F64 -> new DoubleVector(type, p);
            case U64 -> new UnsignedLongVector(type, p);
            case I8, I16, U8, U16, U32, F16, F32 -> new NarrowVector(type, p);
        };
    }

    /// The shared null handling: validity bits read per row.
    private abstract static class Base extends ColumnVector {
        final Validity validity;
        final int length;

        Base(DataType type, Validity validity, int length) {
            super(type);
            this.validity = validity;
            this.length = length;
        }

        @Override
        public final void close() {
            // The memory belongs to the batch, which the partition reader closes.
        }

        @Override
        public final boolean hasNull() {
            return !validity.isAllValid();
        }

        @Override
        public final int numNulls() {
            return validity.nullCount(length);
        }

        @Override
        public final boolean isNullAt(int rowId) {
            return !validity.isValid(rowId);
        }

        private UnsupportedOperationException wrong(String what) {
            return new UnsupportedOperationException(
                    what + " of a " + dataType().simpleString() + " column");
        }

        @Override
        public boolean getBoolean(int rowId) {
            throw wrong("boolean");
        }

        @Override
        public byte getByte(int rowId) {
            throw wrong("byte");
        }

        @Override
        public short getShort(int rowId) {
            throw wrong("short");
        }

        @Override
        public int getInt(int rowId) {
            throw wrong("int");
        }

        @Override
        public long getLong(int rowId) {
            throw wrong("long");
        }

        @Override
        public float getFloat(int rowId) {
            throw wrong("float");
        }

        @Override
        public double getDouble(int rowId) {
            throw wrong("double");
        }

        @Override
        public ColumnarArray getArray(int rowId) {
            throw wrong("array");
        }

        @Override
        public ColumnarMap getMap(int ordinal) {
            throw wrong("map");
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            throw wrong("decimal");
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            throw wrong("string");
        }

        @Override
        public byte[] getBinary(int rowId) {
            throw wrong("binary");
        }

        @Override
        public ColumnVector getChild(int ordinal) {
            throw wrong("child");
        }
    }

    private static final class NullVector extends Base {
        NullVector(DataType type, int length) {
            super(type, Validity.allInvalid(), length);
        }
    }

    private static final class BoolVector extends Base {
        private final BoolArray array;

        BoolVector(DataType type, BoolArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
        }

        @Override
        public boolean getBoolean(int rowId) {
            return array.get(rowId);
        }
    }

    private static final class IntVector extends Base {
        private final MemorySegment data;

        IntVector(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.data = array.data();
        }

        @Override
        public int getInt(int rowId) {
            return data.getAtIndex(PrimitiveArray.LE_INT, rowId);
        }

        @Override
        public long getLong(int rowId) {
            return getInt(rowId);
        }
    }

    private static final class LongVector extends Base {
        private final MemorySegment data;

        LongVector(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.data = array.data();
        }

        @Override
        public long getLong(int rowId) {
            return data.getAtIndex(PrimitiveArray.LE_LONG, rowId);
        }
    }

    private static final class DoubleVector extends Base {
        private final MemorySegment data;

        DoubleVector(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.data = array.data();
        }

        @Override
        public double getDouble(int rowId) {
            return data.getAtIndex(PrimitiveArray.LE_DOUBLE, rowId);
        }
    }

    /// i8, i16, f16, f32 as themselves; u8, u16, u32 widened to short, int, long.
    private static final class NarrowVector extends Base {
        private final PrimitiveArray array;

        NarrowVector(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
        }

        @Override
        public byte getByte(int rowId) {
            return (byte) array.getLong(rowId);
        }

        @Override
        public short getShort(int rowId) {
            return (short) array.getLong(rowId);
        }

        @Override
        public int getInt(int rowId) {
            return (int) array.getLong(rowId);
        }

        @Override
        public long getLong(int rowId) {
            return array.getLong(rowId);
        }

        @Override
        public float getFloat(int rowId) {
            return (float) array.getDouble(rowId);
        }
    }

    /// u64 as Decimal(20, 0).
    private static final class UnsignedLongVector extends Base {
        private final MemorySegment data;

        UnsignedLongVector(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.data = array.data();
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            long v = data.getAtIndex(PrimitiveArray.LE_LONG, rowId);
            if (v >= 0) {
                return Decimal.createUnsafe(v, precision, scale);
            }
            BigInteger unsigned = BigInteger.valueOf(v >>> 1).shiftLeft(1).or(BigInteger.valueOf(v & 1));
            return Decimal.apply(new BigDecimal(unsigned), precision, scale);
        }
    }

    private static final class DecimalVector extends Base {
        private final DecimalArray array;
        private final MemorySegment data;
        private final int width;
        /// Whether every value fits a long (precision of at most 18 digits).
        private final boolean compact;

        DecimalVector(DataType type, DecimalArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
            this.data = array.data();
            this.width = array.byteWidth();
            this.compact = array.dtype().precision() <= Decimal.MAX_LONG_DIGITS();
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            if (compact) {
                long unscaled = switch (width) {
                    case 8 -> data.getAtIndex(PrimitiveArray.LE_LONG, rowId);
                    case 4 -> data.getAtIndex(PrimitiveArray.LE_INT, rowId);
                    // A value of at most 18 digits fits the low 8 bytes of a wider integer.
                    case 16, 32 -> data.get(PrimitiveArray.LE_LONG, (long) rowId * width);
                    default -> array.getUnscaledLong(rowId);
                };
                return Decimal.createUnsafe(unscaled, precision, scale);
            }
            return Decimal.apply(array.get(rowId), precision, scale);
        }
    }

    private static final class BytesVector extends Base {
        private final VarBinViewArray array;

        BytesVector(DataType type, VarBinViewArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            return UTF8String.fromBytes(array.getBytes(rowId));
        }

        @Override
        public byte[] getBinary(int rowId) {
            return array.getBytes(rowId);
        }
    }

    /// Dates, times and timestamps: the stored integer scaled to Spark's unit.
    private static final class TemporalVector extends Base {
        private final PrimitiveArray array;
        private final MemorySegment data;
        private final boolean wide;
        private final long multiply;
        private final long divide;

        TemporalVector(DataType type, PrimitiveArray array, TemporalType t) {
            super(type, array.validity(), array.length());
            this.array = array;
            this.data = array.data();
            this.wide = array.ptype().byteWidth() == 8;
            long perSecond = switch (t.unit()) {
                case SECONDS -> 1L;
                case MILLISECONDS -> 1_000L;
                case MICROSECONDS -> 1_000_000L;
                case NANOSECONDS -> 1_000_000_000L;
                case DAYS -> 0L;
            };
            long target = switch (t.kind()) {
                case DATE -> 0L;
                case TIME -> 1_000_000_000L;
                case TIMESTAMP -> 1_000_000L;
            };
            if (t.kind() == TemporalType.Kind.DATE) {
                // Days as they are; milliseconds floored to days.
                multiply = 1;
                divide = perSecond == 0 ? 1 : 86_400_000L;
            } else if (target >= perSecond) {
                multiply = target / perSecond;
                divide = 1;
            } else {
                multiply = 1;
                divide = perSecond / target;
            }
        }

        private long raw(int rowId) {
            return wide ? data.getAtIndex(PrimitiveArray.LE_LONG, rowId) : array.getLong(rowId);
        }

        @Override
        public int getInt(int rowId) {
            return (int) getLong(rowId);
        }

        @Override
        public long getLong(int rowId) {
            long v = raw(rowId);
            return divide == 1 ? v * multiply : Math.floorDiv(v, divide);
        }
    }

    private static final class StructVector extends Base {
        private final ColumnVector[] children;

        StructVector(StructType type, StructArray array) {
            super(type, array.validity(), array.length());
            StructField[] fields = type.fields();
            children = new ColumnVector[fields.length];
            for (int i = 0; i < fields.length; i++) {
                Array field = array.field(fields[i].name());
                if (field == null) {
                    throw VortexException.misuse("struct " + array.dtype() + " has no field " + fields[i].name());
                }
                children[i] = of(field, fields[i].dataType());
            }
        }

        @Override
        public ColumnVector getChild(int ordinal) {
            return children[ordinal];
        }
    }

    /// Lists (offsets) and fixed-size lists (row times size).
    private static final class ListVector extends Base {
        private final ListArray list;
        private final int size;
        private final ColumnVector elements;

        ListVector(ArrayType type, Validity validity, ListArray list, FixedSizeListArray fixed) {
            super(type, validity, list != null ? list.length() : fixed.length());
            this.list = list;
            this.size = fixed == null ? 0 : fixed.size();
            this.elements = of(list != null ? list.elements() : fixed.elements(), type.elementType());
        }

        @Override
        public ColumnarArray getArray(int rowId) {
            if (list == null) {
                return new ColumnarArray(elements, rowId * size, size);
            }
            long start = list.start(rowId);
            return new ColumnarArray(elements, Math.toIntExact(start), Math.toIntExact(list.end(rowId) - start));
        }
    }

    /// Maps: a list of `{key, value}` structs.
    private static final class MapVector extends Base {
        private final MemorySegment offsets;
        private final ColumnVector keys;
        private final ColumnVector values;

        MapVector(MapType type, ListArray list) {
            super(type, list.validity(), list.length());
            this.offsets = list.offsets();
            StructArray entries = (StructArray) list.elements();
            this.keys = of(entries.field(0), type.keyType());
            this.values = of(entries.field(1), type.valueType());
        }

        @Override
        public ColumnarMap getMap(int ordinal) {
            long start = offsets.getAtIndex(PrimitiveArray.LE_LONG, ordinal);
            long end = offsets.getAtIndex(PrimitiveArray.LE_LONG, ordinal + 1L);
            return new ColumnarMap(keys, values, Math.toIntExact(start), Math.toIntExact(end - start));
        }
    }
}
