package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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
        // No loop here: the word loop and the bit loop of the unaligned ends are small methods of
        // their own, so each compiles alone and the usual aligned start cannot fail a predicate.
        long end = from + n;
        long head = Math.min(end, (from + 63) & ~63L);
        long words = (end - head) >>> 6;
        long tail = head + (words << 6);
        long count = countWords(bits, head >>> 3, words);
        if (head != from || tail != end) {
            count += countBits(bits, from, head) + countBits(bits, tail, end);
        }
        return (int) count;
    }

    /// Counts the set bits of `words` 64-bit words from byte `at`: one bulk copy per chunk into a
    /// scratch array and a count over that array (a per-word segment read in a loop is compiled
    /// with predicates from the first segment kind it meets, heap or native, and again for the other).
    private static long countWords(MemorySegment bits, long at, long words) {
        long count = 0;
        byte[] chunk = new byte[(int) Math.min(words, CHUNK_WORDS) * 8];
        for (long done = 0; done < words; done += CHUNK_WORDS) {
            int m = (int) Math.min(CHUNK_WORDS, words - done);
            MemorySegment.copy(bits, JAVA_BYTE, at + (done << 3), chunk, 0, m * 8);
            count += countWords(chunk, m);
        }
        return count;
    }

    private static final int CHUNK_WORDS = 1024;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static long countWords(byte[] chunk, int words) {
        long count = 0;
        for (int w = 0; w < words; w++) {
            count += Long.bitCount((long) LONG.get(chunk, w << 3));
        }
        return count;
    }

    /// Counts the set bits among `[from, to)`, which lie in one aligned 64-bit word: their bytes
    /// (at most 8) copied into a scratch word, masked and counted. No loop, so no loop predicate
    /// to fail when the range is empty on one call and not on the next.
    private static long countBits(MemorySegment bits, long from, long to) {
        if (from >= to) {
            return 0;
        }
        long first = from >>> 3;
        int bytes = (int) (((to - 1) >>> 3) - first + 1);
        byte[] word = new byte[8];
        MemorySegment.copy(bits, JAVA_BYTE, first, word, 0, bytes);
        long n = to - from;
        long mask = n == 64 ? -1L : (1L << n) - 1;
        return Long.bitCount(((long) LONG.get(word, 0) >>> (from & 7)) & mask);
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
