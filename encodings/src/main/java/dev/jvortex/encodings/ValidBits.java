package dev.jvortex.encodings;

import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/// A validity read once into 64-bit words, for loops that test it row by row: one array load
/// and shift per row instead of a memory-segment read. Bit `i % 64` of word `i / 64` is row
/// `i`, set when the row is valid; no words (null) stands for "every row valid".
public final class ValidBits {
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ValidBits() {}

    /// Returns the words of the first `len` rows of `validity`: null when every row is valid,
    /// all zero when none is.
    public static long[] words(Validity validity, int len) {
        if (validity.isAllValid()) {
            return null;
        }
        long[] out = new long[(len + 63) >>> 6];
        if (validity.isAllInvalid() || len == 0) {
            return out;
        }
        MemorySegment bits = validity.bits();
        long bytes = Math.min(bits.byteSize(), ((long) len + 7) >>> 3);
        int full = (int) (bytes >>> 3);
        MemorySegment.copy(bits, LE_LONG, 0, out, 0, full);
        for (long b = (long) full << 3; b < bytes; b++) {
            out[full] |= (bits.get(ValueLayout.JAVA_BYTE, b) & 0xFFL) << ((b & 7) << 3);
        }
        int tail = len & 63;
        if (tail != 0) {
            out[out.length - 1] &= (1L << tail) - 1;
        }
        return out;
    }

    /// Returns whether row `i` is valid in `words` (from [#words]; null: every row).
    public static boolean get(long[] words, int i) {
        return words == null || (words[i >>> 6] >>> i & 1) != 0;
    }
}
