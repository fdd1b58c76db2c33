package dev.jvortex.encodings.zigzag;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import java.lang.foreign.MemorySegment;

/// Encodes signed integers as `vortex.zigzag`: the child holds `(v << 1) ^ (v >> (w - 1))` as
/// unsigned values of the same width `w`, so small magnitudes of either sign become small
/// numbers. The inverse of [ZigZagDecoder]. Null rows hold 0.
public final class ZigZagEncoder {
    private ZigZagEncoder() {}

    /// Returns the zigzag node of a signed integer array with the unsigned values written by
    /// `children` (role [ChildEncoder.Role#ENCODED]); null for other arrays.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        PrimitiveArray encoded = zigzag(a);
        if (encoded == null) {
            return null;
        }
        return WriteNode.of(EncodingId.ZIGZAG.id(), new byte[0], children.encode(ChildEncoder.Role.ENCODED, encoded));
    }

    /// Returns the zigzag-coded values of a signed integer array as the unsigned type of the same
    /// width, same nullability and validity (null rows 0); null for other arrays.
    public static PrimitiveArray zigzag(PrimitiveArray a) {
        PType ptype = a.ptype();
        if (!ptype.isInteger() || !ptype.isSigned()) {
            return null;
        }
        int len = a.length();
        PType unsigned = ptype.toUnsigned();
        MemorySegment out = MemorySegment.ofArray(new byte[len * ptype.byteWidth()]);
        Validity validity = a.validity();
        long[] words = ValidBits.words(validity, len);
        if (words == null) {
            zigzagAll(a.data(), ptype, unsigned, out, len);
        } else {
            zigzagNullable(a.data(), ptype, unsigned, out, len, words);
        }
        return new PrimitiveArray(new DType.Primitive(unsigned, a.dtype().nullable()), unsigned, out, len, validity);
    }

    /// Zigzag-codes `block[0..n)` in place. Each loop over a block is its own small method,
    /// compiled once on its own rather than inlined into the block driver's compilations.
    private static void encode(long[] block, int n) {
        for (int k = 0; k < n; k++) {
            long v = block[k];
            // v is sign-extended, so v >> 63 is the sign of the w-bit value; only the low w bits are stored.
            block[k] = (v << 1) ^ (v >> 63);
        }
    }

    /// Rows per block of [#zigzagAll] and [#zigzagNullable].
    private static final int BLOCK = 1024;

    /// Zigzag-codes the `len` values of `data` (`ptype`) into `out` (`unsigned`), block by block.
    private static void zigzagAll(MemorySegment data, PType ptype, PType unsigned, MemorySegment out, int len) {
        long[] block = new long[BLOCK];
        for (int from = 0; from < len; from += BLOCK) {
            int n = Math.min(BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, n);
            encode(block, n);
            Segments.store(block, 0, out, unsigned, from, n);
        }
    }

    /// As [#zigzagAll], the null rows (of `words`, from [ValidBits#words]) set to 0.
    private static void zigzagNullable(
            MemorySegment data, PType ptype, PType unsigned, MemorySegment out, int len, long[] words) {
        long[] block = new long[BLOCK];
        for (int from = 0; from < len; from += BLOCK) {
            int n = Math.min(BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, n);
            encode(block, n);
            zeroNulls(block, n, words, from);
            Segments.store(block, 0, out, unsigned, from, n);
        }
    }

    /// Sets the null rows of `block[0..n)` (rows `from..`) to 0, without a branch.
    private static void zeroNulls(long[] block, int n, long[] words, int from) {
        for (int k = 0; k < n; k++) {
            int r = from + k;
            block[k] &= -((words[r >>> 6] >>> r) & 1);
        }
    }
}
