package dev.jvortex.file.write;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/// A block of rows of a string column read into heap arrays in one copy each: every row's
/// 16-byte view as two little-endian words, and the rows' validity bytes. A loop over a column's
/// rows works from these instead of a memory-segment access per row.
final class ViewBlock {
    /// Rows read at a time.
    static final int ROWS = 512;
    /// Row `k` of the block: its view's first word (`u32` size, then the first 4 bytes of the
    /// value or its prefix) at `2 * k`, its second word at `2 * k + 1`.
    final long[] words = new long[2 * ROWS];
    private final byte[] validity = new byte[ROWS / 8 + 2];
    private boolean allValid;
    /// The first row's bit number within `validity`'s first byte.
    private int bitBase;

    /// Reads rows from `from` (at most [#ROWS], none at or after `to`) of `a`, whose validity is
    /// `v`; returns how many.
    int load(VarBinViewArray a, Validity v, int from, int to) {
        int m = Math.min(ROWS, to - from);
        MemorySegment.copy(a.views(), PrimitiveArray.LE_LONG, (long) from * VarBinViewArray.VIEW_SIZE, words, 0, 2 * m);
        MemorySegment bits = v.bits();
        allValid = v.isAllValid();
        if (bits == null) {
            if (!allValid) {
                Arrays.fill(validity, (byte) 0); // all invalid
            }
            bitBase = 0;
        } else {
            long firstByte = from >>> 3;
            int bytes = (int) (((from + m - 1L) >>> 3) - firstByte + 1);
            MemorySegment.copy(bits, ValueLayout.JAVA_BYTE, firstByte, validity, 0, bytes);
            bitBase = from & 7;
        }
        return m;
    }

    /// Whether row `k` of the block is valid.
    boolean valid(int k) {
        if (allValid) {
            return true;
        }
        int b = bitBase + k;
        return (validity[b >>> 3] >>> (b & 7) & 1) != 0;
    }

    /// The first word of the key of an inline value (`size` at most 12): the view's first word
    /// `w0` with any bytes past the value cleared. Two inline values are equal when both their
    /// keys are; its low 32 bits are the size, so it never equals a longer value's size.
    static long key0(long w0, int size) {
        return size >= 4 ? w0 : w0 & ((1L << (32 + 8 * size)) - 1);
    }

    /// The second word of an inline value's key: the view's second word `w1` with any bytes
    /// past the value cleared.
    static long key1(long w1, int size) {
        return size >= 12 ? w1 : size <= 4 ? 0 : w1 & ((1L << (8 * (size - 4))) - 1);
    }
}
