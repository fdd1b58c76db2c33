package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/// Builds canonical arrays in which every row holds the same value.
public final class Constants {
    private Constants() {}

    /// Returns `n` rows of `value` (which may be null) as a canonical array of `dtype`.
    public static Array repeat(DType dtype, Scalar value, int n, Arena arena) {
        if (value == null || value.isNull()) {
            if (!dtype.nullable() && n > 0) {
                throw VortexException.corrupt("null constant for non-nullable type " + dtype);
            }
            return allNull(dtype, n, arena);
        }
        Object v = value.value();
        return switch (dtype) {
            case DType.Null t -> throw VortexException.corrupt("non-null constant for the null type");
            case DType.Bool t -> {
                MemorySegment bits = arena.allocate(Math.max(1, Bits.byteLength(n)));
                if ((Boolean) v) {
                    Bits.setRange(bits, 0, n);
                }
                yield new BoolArray(dtype, bits, n, Validity.ALL_VALID);
            }
            case DType.Primitive t -> {
                int w = t.ptype().byteWidth();
                MemorySegment data = arena.allocate(Math.max(1L, (long) n * w), w);
                long raw = switch (v) {
                    case Long l -> l;
                    case Short s -> s;
                    case Float f -> Float.floatToRawIntBits(f);
                    case Double d -> Double.doubleToRawLongBits(d);
                    default -> throw VortexException.corrupt("constant " + v + " does not fit " + dtype);
                };
                fill(data, w, raw, n);
                yield new PrimitiveArray(dtype, t.ptype(), data, n, Validity.ALL_VALID);
            }
            case DType.Decimal t -> {
                int w = t.minimumByteWidth();
                byte[] le = toLittleEndian((BigInteger) v, w);
                MemorySegment data = arena.allocate(Math.max(1L, (long) n * w), Math.min(w, 16));
                MemorySegment one = MemorySegment.ofArray(le);
                for (long i = 0; i < n; i++) {
                    MemorySegment.copy(one, 0, data, i * w, w);
                }
                yield new DecimalArray(t, w, data, n, Validity.ALL_VALID);
            }
            case DType.Utf8 t -> views(dtype, ((String) v).getBytes(StandardCharsets.UTF_8), n, arena);
            case DType.Binary t -> views(dtype, (byte[]) v, n, arena);
            case DType.Extension t -> new ExtensionArray(t, repeat(t.storage(), new Scalar(t.storage(), v), n, arena));
            case DType.Struct t -> {
                @SuppressWarnings("unchecked")
                List<Scalar> fields = (List<Scalar>) v;
                List<Array> cols = new ArrayList<>();
                for (int i = 0; i < t.size(); i++) {
                    cols.add(repeat(t.fields().get(i), fields.get(i), n, arena));
                }
                yield new StructArray(t, cols, n, Validity.ALL_VALID);
            }
            case DType.FixedSizeList t -> {
                @SuppressWarnings("unchecked")
                List<Scalar> elems = (List<Scalar>) v;
                List<Array> parts = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    for (Scalar e : elems) {
                        parts.add(repeat(t.element(), e, 1, arena));
                    }
                }
                yield new FixedSizeListArray(t, ArrayOps.concat(t.element(), parts, arena), n, Validity.ALL_VALID);
            }
            case DType.ListType t -> {
                @SuppressWarnings("unchecked")
                List<Scalar> elems = (List<Scalar>) v;
                List<Array> one = new ArrayList<>();
                for (Scalar e : elems) {
                    one.add(repeat(t.element(), e, 1, arena));
                }
                Array oneList = ArrayOps.concat(t.element(), one, arena);
                int m = elems.size();
                int[] idx = new int[Math.multiplyExact(n, m)];
                for (int i = 0; i < idx.length; i++) {
                    idx[i] = i % Math.max(1, m);
                }
                MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
                for (int i = 0; i <= n; i++) {
                    offsets.setAtIndex(PrimitiveArray.LE_LONG, i, (long) i * m);
                }
                yield new ListArray(t, offsets, ArrayOps.take(oneList, idx, arena), n, Validity.ALL_VALID);
            }
            default -> throw VortexException.unsupported("constant arrays of type " + dtype);
        };
    }

    /// Returns `n` null rows of `dtype` (with zeroed values).
    public static Array allNull(DType dtype, int n, Arena arena) {
        Validity v = n == 0 || !dtype.nullable() ? Validity.ALL_VALID : Validity.allInvalid();
        return switch (dtype) {
            case DType.Null t -> new NullArray(n);
            case DType.Bool t -> new BoolArray(dtype, arena.allocate(Math.max(1, Bits.byteLength(n))), n, v);
            case DType.Primitive t ->
                new PrimitiveArray(
                        dtype,
                        t.ptype(),
                        arena.allocate(
                                Math.max(1L, (long) n * t.ptype().byteWidth()),
                                t.ptype().byteWidth()),
                        n,
                        v);
            case DType.Decimal t ->
                new DecimalArray(
                        t,
                        t.minimumByteWidth(),
                        arena.allocate(
                                Math.max(1L, (long) n * t.minimumByteWidth()), Math.min(16, t.minimumByteWidth())),
                        n,
                        v);
            case DType.Utf8 t ->
                new VarBinViewArray(dtype, arena.allocate(Math.max(16L, n * 16L), 16), new MemorySegment[0], n, v);
            case DType.Binary t ->
                new VarBinViewArray(dtype, arena.allocate(Math.max(16L, n * 16L), 16), new MemorySegment[0], n, v);
            case DType.Struct t -> {
                List<Array> fields = new ArrayList<>();
                for (DType f : t.fields()) {
                    fields.add(allNull(f, n, arena));
                }
                yield new StructArray(t, fields, n, v);
            }
            case DType.ListType t ->
                new ListArray(t, arena.allocate((n + 1L) * 8, 8), allNull(t.element(), 0, arena), n, v);
            case DType.MapType t ->
                new ListArray(t, arena.allocate((n + 1L) * 8, 8), allNull(ArrayOps.mapEntry(t), 0, arena), n, v);
            case DType.FixedSizeList t ->
                new FixedSizeListArray(t, allNull(t.element(), Math.multiplyExact(n, t.size()), arena), n, v);
            case DType.Extension t -> new ExtensionArray(t, allNull(t.storage(), n, arena));
            default -> throw VortexException.unsupported("arrays of type " + dtype);
        };
    }

    private static void fill(MemorySegment data, int w, long raw, int n) {
        for (long i = 0; i < n; i++) {
            PrimitiveArray.setLong(
                    data,
                    switch (w) {
                        case 1 -> dev.jvortex.core.PType.U8;
                        case 2 -> dev.jvortex.core.PType.U16;
                        case 4 -> dev.jvortex.core.PType.U32;
                        default -> dev.jvortex.core.PType.U64;
                    },
                    i,
                    raw);
        }
    }

    private static Array views(DType dtype, byte[] value, int n, Arena arena) {
        MemorySegment views = arena.allocate(Math.max(16L, n * 16L), 16);
        MemorySegment[] buffers;
        MemorySegment view = arena.allocate(16, 16);
        view.set(PrimitiveArray.LE_INT, 0, value.length);
        if (value.length <= VarBinViewArray.MAX_INLINED) {
            MemorySegment.copy(MemorySegment.ofArray(value), 0, view, 4, value.length);
            buffers = new MemorySegment[0];
        } else {
            MemorySegment data = arena.allocate(value.length);
            MemorySegment.copy(MemorySegment.ofArray(value), 0, data, 0, value.length);
            MemorySegment.copy(MemorySegment.ofArray(value), 0, view, 4, 4);
            buffers = new MemorySegment[] {data};
        }
        for (long i = 0; i < n; i++) {
            MemorySegment.copy(view, 0, views, i * 16, 16);
        }
        return new VarBinViewArray(dtype, views, buffers, n, Validity.ALL_VALID);
    }

    static byte[] toLittleEndian(BigInteger v, int width) {
        byte[] be = v.toByteArray();
        byte[] le = new byte[width];
        byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
        for (int i = 0; i < width; i++) {
            le[i] = i < be.length ? be[be.length - 1 - i] : fill;
        }
        return le;
    }
}
