package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/// Builders that collect values row by row (with nulls) into canonical arrays, and factories
/// that wrap Java arrays.
///
/// ```java
/// Builders.LongBuilder ids = Builders.longs(new DType.Primitive(PType.I64, true));
/// ids.append(1);
/// ids.appendNull();
/// Array a = ids.build(arena);
/// ```
public final class Builders {
    private Builders() {}

    /// Returns a builder of integers (or timestamps, dates and times over integer storage).
    public static LongBuilder longs(DType dtype) {
        return new LongBuilder(dtype);
    }

    /// Returns a builder of f64 or f32 values.
    public static DoubleBuilder doubles(DType dtype) {
        return new DoubleBuilder(dtype);
    }

    /// Returns a builder of booleans.
    public static BoolBuilder bools(DType dtype) {
        return new BoolBuilder(dtype);
    }

    /// Returns a builder of UTF-8 strings or byte strings.
    public static StringBuilder strings(DType dtype) {
        return new StringBuilder(dtype);
    }

    /// Wraps `values` as a non-nullable array of `ptype` (copied into `arena`).
    public static PrimitiveArray of(PType ptype, long[] values, Arena arena) {
        LongBuilder b = new LongBuilder(new DType.Primitive(ptype, false));
        for (long v : values) {
            b.append(v);
        }
        return (PrimitiveArray) b.build(arena);
    }

    /// Wraps `values` as a non-nullable f64 array (copied into `arena`).
    public static PrimitiveArray of(double[] values, Arena arena) {
        DoubleBuilder b = new DoubleBuilder(new DType.Primitive(PType.F64, false));
        for (double v : values) {
            b.append(v);
        }
        return (PrimitiveArray) b.build(arena);
    }

    /// Collects validity bits.
    public abstract static class Base {
        final DType dtype;
        long[] valid = new long[16];
        int size;
        boolean anyNull;

        Base(DType dtype) {
            this.dtype = dtype;
        }

        void mark(boolean isValid) {
            if ((size >>> 6) >= valid.length) {
                valid = Arrays.copyOf(valid, valid.length * 2);
            }
            if (isValid) {
                valid[size >>> 6] |= 1L << (size & 63);
            } else {
                if (!dtype.nullable()) {
                    throw VortexException.misuse("null appended to a non-nullable " + dtype + " column");
                }
                anyNull = true;
            }
        }

        Validity validity(Arena arena) {
            if (!anyNull) {
                return Validity.ALL_VALID;
            }
            MemorySegment bits = arena.allocate(Math.max(8, ((size + 63) >>> 6) * 8L), 8);
            MemorySegment.copy(
                    valid,
                    0,
                    bits,
                    ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN),
                    0,
                    (size + 63) >>> 6);
            return Validity.ofBits(bits);
        }

        /// Returns the number of rows appended.
        public int size() {
            return size;
        }

        /// Returns the array of the rows appended so far, in `arena`.
        public abstract Array build(Arena arena);

        /// Forgets every row.
        public void reset() {
            Arrays.fill(valid, 0);
            size = 0;
            anyNull = false;
        }

        Array wrap(Array storage) {
            return dtype instanceof DType.Extension e ? new ExtensionArray(e, storage) : storage;
        }

        DType storageType() {
            return dtype instanceof DType.Extension e ? e.storage() : dtype;
        }
    }

    /// Builds integer arrays.
    public static final class LongBuilder extends Base {
        private long[] values = new long[1024];
        private final PType ptype;

        LongBuilder(DType dtype) {
            super(dtype);
            if (!(storageType() instanceof DType.Primitive p) || !p.ptype().isInteger()) {
                throw VortexException.misuse("a long builder needs an integer type, not " + dtype);
            }
            ptype = p.ptype();
        }

        /// Appends a value.
        public void append(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = v;
            mark(true);
            size++;
        }

        /// Appends a null.
        public void appendNull() {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = 0;
            mark(false);
            size++;
        }

        @Override
        public Array build(Arena arena) {
            MemorySegment data = arena.allocate(Math.max(1L, (long) size * ptype.byteWidth()), ptype.byteWidth());
            for (int i = 0; i < size; i++) {
                PrimitiveArray.setLong(data, ptype, i, values[i]);
            }
            return wrap(new PrimitiveArray(storageType(), ptype, data, size, validity(arena)));
        }
    }

    /// Builds f64 and f32 arrays.
    public static final class DoubleBuilder extends Base {
        private double[] values = new double[1024];
        private final PType ptype;

        DoubleBuilder(DType dtype) {
            super(dtype);
            if (!(dtype instanceof DType.Primitive p) || !(p.ptype() == PType.F64 || p.ptype() == PType.F32)) {
                throw VortexException.misuse("a double builder needs f64 or f32, not " + dtype);
            }
            ptype = p.ptype();
        }

        /// Appends a value.
        public void append(double v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = v;
            mark(true);
            size++;
        }

        /// Appends a null.
        public void appendNull() {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = 0;
            mark(false);
            size++;
        }

        @Override
        public Array build(Arena arena) {
            MemorySegment data = arena.allocate(Math.max(1L, (long) size * ptype.byteWidth()), ptype.byteWidth());
            for (int i = 0; i < size; i++) {
                if (ptype == PType.F64) {
                    data.setAtIndex(PrimitiveArray.LE_DOUBLE, i, values[i]);
                } else {
                    data.setAtIndex(PrimitiveArray.LE_FLOAT, i, (float) values[i]);
                }
            }
            return new PrimitiveArray(dtype, ptype, data, size, validity(arena));
        }
    }

    /// Builds boolean arrays.
    public static final class BoolBuilder extends Base {
        private long[] bits = new long[16];

        BoolBuilder(DType dtype) {
            super(dtype);
            if (!(dtype instanceof DType.Bool)) {
                throw VortexException.misuse("a bool builder needs the bool type, not " + dtype);
            }
        }

        /// Appends a value.
        public void append(boolean v) {
            if ((size >>> 6) >= bits.length) {
                bits = Arrays.copyOf(bits, bits.length * 2);
            }
            if (v) {
                bits[size >>> 6] |= 1L << (size & 63);
            }
            mark(true);
            size++;
        }

        /// Appends a null.
        public void appendNull() {
            if ((size >>> 6) >= bits.length) {
                bits = Arrays.copyOf(bits, bits.length * 2);
            }
            mark(false);
            size++;
        }

        @Override
        public Array build(Arena arena) {
            MemorySegment out = arena.allocate(Math.max(8, ((size + 63) >>> 6) * 8L), 8);
            MemorySegment.copy(
                    bits,
                    0,
                    out,
                    ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN),
                    0,
                    (size + 63) >>> 6);
            return new BoolArray(dtype, out, size, validity(arena));
        }

        @Override
        public void reset() {
            super.reset();
            Arrays.fill(bits, 0);
        }
    }

    /// Builds UTF-8 and binary arrays.
    public static final class StringBuilder extends Base {
        /// The most bytes one builder holds (its values' bytes are kept in one Java array).
        public static final int MAX_BYTES = Integer.MAX_VALUE - 8;
        private static final VarHandle LE_INT_VIEW =
                MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

        private final ByteArrayOutputStream data = new ByteArrayOutputStream();
        private int[] lengths = new int[1024];

        StringBuilder(DType dtype) {
            super(dtype);
            DType s = storageType();
            if (!(s instanceof DType.Utf8 || s instanceof DType.Binary)) {
                throw VortexException.misuse("a string builder needs utf8 or binary, not " + dtype);
            }
        }

        /// Appends a string as UTF-8.
        public void append(String v) {
            append(v.getBytes(StandardCharsets.UTF_8));
        }

        /// Appends bytes.
        public void append(byte[] v) {
            append(v, 0, v.length);
        }

        /// Appends `len` bytes of `v` from `off`.
        ///
        /// @throws VortexException (misuse) when the builder would hold more than
        ///     [#MAX_BYTES] bytes: build and write what it holds, then [#reset()] it
        public void append(byte[] v, int off, int len) {
            if (data.size() > MAX_BYTES - len) {
                throw VortexException.misuse("a string builder holds at most " + MAX_BYTES + " bytes (2 GiB); "
                        + size + " values with " + data.size() + " bytes are in, the next has " + len
                        + ": build and write a batch, then reset the builder");
            }
            grow();
            data.write(v, off, len);
            lengths[size] = len;
            mark(true);
            size++;
        }

        /// Appends a null.
        public void appendNull() {
            grow();
            lengths[size] = 0;
            mark(false);
            size++;
        }

        private void grow() {
            if (size == lengths.length) {
                lengths = Arrays.copyOf(lengths, size * 2);
            }
        }

        @Override
        public Array build(Arena arena) {
            byte[] bytes = data.toByteArray();
            MemorySegment buf = arena.allocate(Math.max(1, bytes.length));
            MemorySegment.copy(bytes, 0, buf, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment views = arena.allocate(Math.max(16L, size * 16L), 16);
            writeViews(lengths, size, bytes, views);
            return wrap(new VarBinViewArray(
                    storageType(),
                    views,
                    new MemorySegment[] {buf.asSlice(0, Math.max(1, bytes.length))},
                    size,
                    validity(arena)));
        }

        @Override
        public void reset() {
            super.reset();
            data.reset();
        }

        /// Values per block of views filled in a heap array and then copied to the segment.
        private static final int VIEW_BLOCK = 4096;

        /// Writes the views of the `size` values (`lengths`, end to end in `bytes`) to `views`,
        /// block by block through a heap array: the loop that fills them sees arrays alone, so it
        /// is compiled once whatever segments the arrays are built in.
        private static void writeViews(int[] lengths, int size, byte[] bytes, MemorySegment views) {
            byte[] v = new byte[Math.min(size, VIEW_BLOCK) * 16];
            int pos = 0;
            for (int from = 0; from < size; from += VIEW_BLOCK) {
                int m = Math.min(VIEW_BLOCK, size - from);
                Arrays.fill(v, (byte) 0);
                pos = fillViews(lengths, from, m, pos, bytes, v);
                MemorySegment.copy(v, 0, views, ValueLayout.JAVA_BYTE, from * 16L, m * 16);
            }
        }

        /// Fills `v` with the views of values `from .. from + m`, whose bytes start at `pos` of
        /// `bytes`; returns where the next value's bytes start.
        private static int fillViews(int[] lengths, int from, int m, int pos, byte[] bytes, byte[] v) {
            for (int k = 0; k < m; k++) {
                int len = lengths[from + k];
                int at = k * 16;
                LE_INT_VIEW.set(v, at, len);
                if (len <= VarBinViewArray.MAX_INLINED) {
                    System.arraycopy(bytes, pos, v, at + 4, len);
                } else {
                    System.arraycopy(bytes, pos, v, at + 4, 4);
                    LE_INT_VIEW.set(v, at + 12, pos);
                }
                pos += len;
            }
            return pos;
        }
    }
}
