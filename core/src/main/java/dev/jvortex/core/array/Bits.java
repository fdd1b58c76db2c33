package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// Bitmap helpers: least-significant bit first, bit `i` lives in byte `i / 8`.
public final class Bits {
    private Bits() {}

    /// Returns the number of bytes holding `n` bits.
    public static long byteLength(long n) {
        return (n + 7) >>> 3;
    }

    /// Returns bit `i`.
    public static boolean get(MemorySegment bits, long i) {
        return (bits.get(JAVA_BYTE, i >>> 3) & (1 << (i & 7))) != 0;
    }

    /// Sets bit `i`.
    public static void set(MemorySegment bits, long i) {
        long b = i >>> 3;
        bits.set(JAVA_BYTE, b, (byte) (bits.get(JAVA_BYTE, b) | (1 << (i & 7))));
    }

    /// Clears bit `i`.
    public static void clear(MemorySegment bits, long i) {
        long b = i >>> 3;
        bits.set(JAVA_BYTE, b, (byte) (bits.get(JAVA_BYTE, b) & ~(1 << (i & 7))));
    }

    /// Sets or clears bit `i`.
    public static void put(MemorySegment bits, long i, boolean value) {
        if (value) {
            set(bits, i);
        } else {
            clear(bits, i);
        }
    }

    /// Sets bits `[from, from + n)`.
    public static void setRange(MemorySegment bits, long from, long n) {
        long i = from;
        long end = from + n;
        while (i < end && (i & 7) != 0) {
            set(bits, i++);
        }
        long fullBytes = (end - i) >>> 3;
        if (fullBytes > 0) {
            bits.asSlice(i >>> 3, fullBytes).fill((byte) 0xFF);
            i += fullBytes << 3;
        }
        while (i < end) {
            set(bits, i++);
        }
    }

    /// Counts the set bits among `[from, from + n)`.
    public static int popCount(MemorySegment bits, long from, long n) {
        long count = 0;
        long i = from;
        long end = from + n;
        while (i < end && (i & 63) != 0) {
            if (get(bits, i)) {
                count++;
            }
            i++;
        }
        while (end - i >= 64) {
            count += Long.bitCount(bits.get(JAVA_LONG_UNALIGNED, i >>> 3));
            i += 64;
        }
        while (i < end) {
            if (get(bits, i)) {
                count++;
            }
            i++;
        }
        return (int) count;
    }

    /// Copies bits `[from, from + n)` of `src` into a new bitmap starting at bit 0.
    public static MemorySegment slice(MemorySegment src, long from, long n, Arena arena) {
        MemorySegment out = arena.allocate(Math.max(1, byteLength(n)));
        copy(src, from, out, 0, n);
        return out;
    }

    /// Copies `n` bits from `src` at bit `srcPos` to `dst` at bit `dstPos`.
    public static void copy(MemorySegment src, long srcPos, MemorySegment dst, long dstPos, long n) {
        if ((srcPos & 7) == 0 && (dstPos & 7) == 0) {
            long whole = n >>> 3;
            MemorySegment.copy(src, srcPos >>> 3, dst, dstPos >>> 3, whole);
            for (long k = whole << 3; k < n; k++) {
                put(dst, dstPos + k, get(src, srcPos + k));
            }
            return;
        }
        for (long k = 0; k < n; k++) {
            put(dst, dstPos + k, get(src, srcPos + k));
        }
    }
}
