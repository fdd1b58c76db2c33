package dev.jvortex.file.write;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/// Reads the bytes of a string column's values in its data buffers, through a buffer's byte
/// array when it is one (the Parquet reader's are) and else through its segment.
///
/// Why: compiled by C1 alone, as in a `jvx convert` of a small file, a memory-segment access is a
/// chain of calls costing about ten times an array access (8 bytes: 12-14 ns against 1.1 ns in
/// one measurement); under C2 the array access is no slower. Native buffers (the writer's
/// copies) and other heap ones are read at call sites of their own: through one site the JIT sees
/// several segment classes and falls back to the memory access's slow generic path.
final class ViewBuffers {
    private static final ValueLayout.OfLong BE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE_ARRAY =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE_BUFFER =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE_BUFFER =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /// The buffers [#map] last looked at; per buffer its byte array (null when it is not one),
    /// the index in that array of the buffer's first byte, the buffer's size, and a byte buffer
    /// over it when it is native (and below 2 GiB).
    private MemorySegment[] buffers;
    private byte[][] arrays;
    private ByteBuffer[] direct;
    private int[] base;
    private long[] size;

    /// Looks at the data buffers of `a`, whose values are read next.
    void map(VarBinViewArray a) {
        MemorySegment[] bufs = a.buffers();
        arrays = new byte[bufs.length][];
        direct = new ByteBuffer[bufs.length];
        base = new int[bufs.length];
        size = new long[bufs.length];
        for (int b = 0; b < bufs.length; b++) {
            size[b] = bufs[b].byteSize();
            if (bufs[b].heapBase().orElse(null) instanceof byte[] array) {
                arrays[b] = array;
                base[b] = Math.toIntExact(bufs[b].address());
            } else if (bufs[b].isNative() && size[b] <= Integer.MAX_VALUE) {
                direct[b] = bufs[b].asByteBuffer();
            }
        }
        buffers = bufs;
    }

    /// Forgets the buffers (so that they are not kept reachable after their rows were added).
    void release() {
        buffers = null;
        arrays = null;
        direct = null;
    }

    /// Whether `n` bytes from `at` of buffer `b` are read through its array.
    private boolean inArray(int b, long at, long n) {
        return arrays[b] != null && at >= 0 && at <= size[b] - n;
    }

    /// The 8 bytes at `at` of buffer `b` as a little-endian word.
    long leLong(int b, long at) {
        if (inArray(b, at, 8)) {
            return (long) LE_ARRAY.get(arrays[b], base[b] + (int) at);
        }
        if (direct[b] != null && at >= 0 && at <= size[b] - 8) {
            return (long) LE_BUFFER.get(direct[b], (int) at);
        }
        MemorySegment data = buffers[b];
        return data.isNative() ? leNative(data, at) : leHeap(data, at);
    }

    /// The 8 bytes at `at` of buffer `b` as a big-endian word.
    long beLong(int b, long at) {
        if (inArray(b, at, 8)) {
            return (long) BE_ARRAY.get(arrays[b], base[b] + (int) at);
        }
        if (direct[b] != null && at >= 0 && at <= size[b] - 8) {
            return (long) BE_BUFFER.get(direct[b], (int) at);
        }
        MemorySegment data = buffers[b];
        return data.isNative() ? beNative(data, at) : beHeap(data, at);
    }

    /// Copies `n` bytes from `at` of buffer `b` to `dst[0 .. n)`.
    void copy(int b, long at, byte[] dst, int n) {
        if (inArray(b, at, n)) {
            System.arraycopy(arrays[b], base[b] + (int) at, dst, 0, n);
        } else {
            MemorySegment.copy(buffers[b], ValueLayout.JAVA_BYTE, at, dst, 0, n);
        }
    }

    private static long leNative(MemorySegment data, long at) {
        return data.get(PrimitiveArray.LE_LONG, at);
    }

    private static long leHeap(MemorySegment data, long at) {
        return data.get(PrimitiveArray.LE_LONG, at);
    }

    private static long beNative(MemorySegment data, long at) {
        return data.get(BE_LONG, at);
    }

    private static long beHeap(MemorySegment data, long at) {
        return data.get(BE_LONG, at);
    }
}
