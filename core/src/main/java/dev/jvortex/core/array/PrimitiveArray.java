package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/// Fixed-width numbers, little-endian, `length × ptype.byteWidth()` bytes.
public record PrimitiveArray(DType dtype, PType ptype, MemorySegment data, int length, Validity validity)
        implements Array {
    public static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfFloat LE_FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfDouble LE_DOUBLE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /// Returns row `i` as a long: signed types sign-extended, unsigned zero-extended (u64 as its bit pattern),
    /// floats as their raw bits.
    public long getLong(int i) {
        return getLong(data, ptype, i);
    }

    /// Returns element `i` of a little-endian buffer of `ptype` as a long (see [#getLong(int)]).
    public static long getLong(MemorySegment data, PType ptype, long i) {
        return switch (ptype) {
            case I8 -> data.get(JAVA_BYTE, i);
            case U8 -> data.get(JAVA_BYTE, i) & 0xFFL;
            case I16 -> data.getAtIndex(LE_SHORT, i);
            case U16, F16 -> data.getAtIndex(LE_SHORT, i) & 0xFFFFL;
            case I32 -> data.getAtIndex(LE_INT, i);
            case U32, F32 -> data.getAtIndex(LE_INT, i) & 0xFFFFFFFFL;
            case I64, U64, F64 -> data.getAtIndex(LE_LONG, i);
        };
    }

    /// Stores the low bits of `v` as element `i` of a little-endian buffer of `ptype`.
    public static void setLong(MemorySegment data, PType ptype, long i, long v) {
        switch (ptype.byteWidth()) {
            case 1 -> data.set(JAVA_BYTE, i, (byte) v);
            case 2 -> data.setAtIndex(LE_SHORT, i, (short) v);
            case 4 -> data.setAtIndex(LE_INT, i, (int) v);
            default -> data.setAtIndex(LE_LONG, i, v);
        }
    }

    /// Returns row `i` of a float array as a double (f16 and f32 widened exactly).
    public double getDouble(int i) {
        return switch (ptype) {
            case F64 -> data.getAtIndex(LE_DOUBLE, i);
            case F32 -> data.getAtIndex(LE_FLOAT, i);
            case F16 -> Float.float16ToFloat(data.getAtIndex(LE_SHORT, i));
            default -> getLong(i);
        };
    }

    /// Returns row `i` of an f32 array.
    public float getFloat(int i) {
        return data.getAtIndex(LE_FLOAT, i);
    }

    /// Returns row `i` of an i32/u32 array.
    public int getInt(int i) {
        return data.getAtIndex(LE_INT, i);
    }
}
