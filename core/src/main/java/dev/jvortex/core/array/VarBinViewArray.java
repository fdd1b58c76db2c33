package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/// Strings and byte strings as 16-byte views over data buffers (the Arrow "view" layout).
///
/// A view holds `u32 size`; values of at most 12 bytes are inlined in bytes 4..16, longer ones
/// store a 4-byte prefix, `u32 buffer index` and `u32 offset` into that data buffer.
public record VarBinViewArray(DType dtype, MemorySegment views, MemorySegment[] buffers, int length, Validity validity)
        implements Array {
    /// Size of one view in bytes.
    public static final int VIEW_SIZE = 16;
    /// Longest value stored inside its view.
    public static final int MAX_INLINED = 12;

    /// Returns the byte length of row `i`.
    public int byteLength(int i) {
        return views.get(PrimitiveArray.LE_INT, (long) i * VIEW_SIZE);
    }

    /// Returns the bytes of row `i` as a segment (a slice of a view or of a data buffer).
    public MemorySegment slice(int i) {
        long v = (long) i * VIEW_SIZE;
        int size = views.get(PrimitiveArray.LE_INT, v);
        if (size <= MAX_INLINED) {
            return views.asSlice(v + 4, size);
        }
        int buffer = views.get(PrimitiveArray.LE_INT, v + 8);
        int offset = views.get(PrimitiveArray.LE_INT, v + 12);
        return buffers[buffer].asSlice(Integer.toUnsignedLong(offset), size);
    }

    /// Copies the bytes of row `i` to `dst` at `off` (which needs room for [#byteLength] bytes)
    /// and returns their number.
    public int copyBytes(int i, byte[] dst, int off) {
        long v = (long) i * VIEW_SIZE;
        int size = views.get(PrimitiveArray.LE_INT, v);
        if (size <= MAX_INLINED) {
            MemorySegment.copy(views, JAVA_BYTE, v + 4, dst, off, size);
        } else {
            int buffer = views.get(PrimitiveArray.LE_INT, v + 8);
            int offset = views.get(PrimitiveArray.LE_INT, v + 12);
            MemorySegment.copy(buffers[buffer], JAVA_BYTE, Integer.toUnsignedLong(offset), dst, off, size);
        }
        return size;
    }

    /// Returns a copy of the bytes of row `i`.
    public byte[] getBytes(int i) {
        byte[] out = new byte[byteLength(i)];
        copyBytes(i, out, 0);
        return out;
    }

    /// Returns row `i` decoded as UTF-8.
    public String getString(int i) {
        return new String(getBytes(i), StandardCharsets.UTF_8);
    }
}
