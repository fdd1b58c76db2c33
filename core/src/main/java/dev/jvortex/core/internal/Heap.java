package dev.jvortex.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// Little-endian word access to heap byte arrays, for byte-shuffling kernels (string decoders)
/// that copy short runs: one 8-byte store per run instead of a call per byte.
public final class Heap {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Heap() {}

    /// Reads 8 bytes at `at`.
    public static long getLong(byte[] b, int at) {
        return (long) LONG.get(b, at);
    }

    /// Writes 8 bytes at `at`.
    public static void putLong(byte[] b, int at, long v) {
        LONG.set(b, at, v);
    }

    /// Copies `n` bytes; both arrays need 8 bytes of slack after the copied range.
    public static void copyShort(byte[] src, int from, byte[] dst, int to, int n) {
        if (n <= 16) {
            putLong(dst, to, getLong(src, from));
            if (n > 8) {
                putLong(dst, to + 8, getLong(src, from + 8));
            }
        } else {
            System.arraycopy(src, from, dst, to, n);
        }
    }
}
