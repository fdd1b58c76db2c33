package dev.jvortex.testing;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/// Canonical arrays built from Java arrays, as test inputs: the values on the heap (they live as
/// long as the array object), a `valid` argument of `null` meaning a non-nullable type.
public final class CanonicalArrays {
    private CanonicalArrays() {}

    /// Returns `values` (the low bits of each long) as an array of `ptype`; `valid == null` means non-nullable.
    public static PrimitiveArray ints(PType ptype, long[] values, boolean[] valid) {
        MemorySegment data = MemorySegment.ofArray(new byte[values.length * ptype.byteWidth()]);
        for (int i = 0; i < values.length; i++) {
            PrimitiveArray.setLong(data, ptype, i, values[i]);
        }
        return new PrimitiveArray(
                new DType.Primitive(ptype, valid != null), ptype, data, values.length, validity(valid));
    }

    /// Returns `values` as an f64 array (bits kept, NaN payloads included); `valid == null` means non-nullable.
    public static PrimitiveArray doubles(double[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return ints(PType.F64, bits, valid);
    }

    /// Returns `values` as an f32 array (bits kept, NaN payloads included); `valid == null` means non-nullable.
    public static PrimitiveArray floats(float[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return ints(PType.F32, bits, valid);
    }

    /// Returns UTF-8 strings (null entries are null rows) as a view array; `nullable` sets the type.
    public static VarBinViewArray strings(String[] values, boolean nullable, Arena arena) {
        Builders.StringBuilder b = Builders.strings(new DType.Utf8(nullable));
        for (String s : values) {
            if (s == null) {
                b.appendNull();
            } else {
                b.append(s);
            }
        }
        return (VarBinViewArray) b.build(arena);
    }

    /// Returns byte strings (null entries are null rows) as a binary view array; `nullable` sets the type.
    public static VarBinViewArray binaries(byte[][] values, boolean nullable, Arena arena) {
        Builders.StringBuilder b = Builders.strings(new DType.Binary(nullable));
        for (byte[] v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.append(v);
            }
        }
        return (VarBinViewArray) b.build(arena);
    }

    /// Returns a bool array; `valid == null` means non-nullable.
    public static BoolArray bools(boolean[] values, boolean[] valid) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(values.length))]);
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                Bits.set(bits, i);
            }
        }
        return new BoolArray(new DType.Bool(valid != null), bits, values.length, validity(valid));
    }

    /// Returns decimals of `dtype` with the given unscaled values, stored at the type's minimum
    /// byte width; `valid == null` means all rows valid (the nullability comes from `dtype`).
    public static DecimalArray decimals(DType.Decimal dtype, BigInteger[] unscaled, boolean[] valid) {
        int width = dtype.minimumByteWidth();
        MemorySegment data = MemorySegment.ofArray(new byte[unscaled.length * width]);
        for (int i = 0; i < unscaled.length; i++) {
            byte[] be = unscaled[i].toByteArray();
            if (be.length > width) {
                throw new IllegalArgumentException(
                        "unscaled value " + unscaled[i] + " does not fit " + width + " bytes");
            }
            for (int k = 0; k < width; k++) {
                int from = be.length - 1 - k;
                byte b = from >= 0 ? be[from] : (byte) (unscaled[i].signum() < 0 ? -1 : 0);
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) i * width + k, b);
            }
        }
        return new DecimalArray(dtype, width, data, unscaled.length, validity(valid));
    }

    /// Returns a validity of `valid` (null: all valid).
    public static Validity validity(boolean[] valid) {
        if (valid == null) {
            return Validity.ALL_VALID;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(valid.length))]);
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                Bits.set(bits, i);
            }
        }
        return Validity.ofBits(bits);
    }

    /// Returns the `vortex.timestamp` extension type: `unit` 0 ns, 1 us, 2 ms, 3 s; `zone` null for none.
    public static DType.Extension timestampType(int unit, String zone, boolean nullable) {
        byte[] tz = zone == null ? new byte[0] : zone.getBytes(StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        meta[2] = (byte) (tz.length >>> 8);
        System.arraycopy(tz, 0, meta, 3, tz.length);
        return new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, nullable), meta);
    }

    /// Returns timestamps (i64 storage `values`) of `unit` (see [#timestampType]); `valid == null` means non-nullable.
    public static ExtensionArray timestamps(int unit, String zone, long[] values, boolean[] valid) {
        return new ExtensionArray(timestampType(unit, zone, valid != null), ints(PType.I64, values, valid));
    }

    /// Returns `s` as UTF-8 bytes.
    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
