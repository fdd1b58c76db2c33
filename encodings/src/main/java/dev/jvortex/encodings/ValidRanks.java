package dev.jvortex.encodings;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/// For encodings that store only the valid rows, in order (`vortex.zstd`, `vortex.pco`): each
/// selected row's rank among the valid rows, and the rows put back together from the valid
/// values decoded.
public final class ValidRanks {
    private ValidRanks() {}

    /// Returns each row `idx[k]`'s rank among the valid rows of `validity` (over `len` rows), or
    /// -1 for a null row.
    public static long[] of(Validity validity, int len, int[] idx) {
        long[] out = new long[idx.length];
        if (validity.isAllValid()) {
            for (int k = 0; k < idx.length; k++) {
                out[k] = idx[k];
            }
            return out;
        }
        if (validity.isAllInvalid()) {
            Arrays.fill(out, -1);
            return out;
        }
        MemorySegment bits = validity.bits();
        // Valid rows before each 64-row word, then the bits below the row within its word.
        int words = (len + 63) >>> 6;
        long bytes = Bits.byteLength(len);
        long[] before = new long[words + 1];
        long[] word = new long[words];
        for (int w = 0; w < words; w++) {
            long v = 0;
            for (int b = 0; b < 8; b++) {
                long at = (long) w * 8 + b;
                if (at < bytes) {
                    v |= (bits.get(ValueLayout.JAVA_BYTE, at) & 0xFFL) << (8 * b);
                }
            }
            if (w == words - 1 && (len & 63) != 0) {
                v &= (1L << (len & 63)) - 1;
            }
            word[w] = v;
            before[w + 1] = before[w] + Long.bitCount(v);
        }
        for (int k = 0; k < idx.length; k++) {
            int i = idx[k];
            long v = word[i >>> 6];
            out[k] = (v >>> (i & 63) & 1) == 0 ? -1 : before[i >>> 6] + Long.bitCount(v & ((1L << (i & 63)) - 1));
        }
        return out;
    }

    /// Returns row `positions[k]` of `decoded` for every `k`, null where `positions[k]` is -1.
    public static Array gather(Array decoded, int[] positions, TakeContext ctx) {
        int n = positions.length;
        int[] at = new int[n];
        boolean nulls = false;
        for (int k = 0; k < n; k++) {
            nulls |= positions[k] < 0;
            at[k] = Math.max(0, positions[k]);
        }
        Array out = ArrayOps.take(decoded, at, ctx.arena());
        if (!nulls) {
            return out;
        }
        MemorySegment bits = ctx.allocate(Math.max(1, Bits.byteLength(n)), 8);
        for (int k = 0; k < n; k++) {
            if (positions[k] >= 0) {
                Bits.set(bits, k);
            }
        }
        return ArrayOps.withValidity(out, Validity.ofBits(bits));
    }
}
