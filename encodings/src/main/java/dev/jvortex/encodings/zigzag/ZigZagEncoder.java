package dev.jvortex.encodings.zigzag;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
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
        long[] block = new long[1024];
        Validity validity = a.validity();
        for (int from = 0; from < len; from += block.length) {
            int n = Math.min(block.length, len - from);
            Segments.load(a.data(), ptype, from, block, 0, n);
            encode(block, n);
            if (!validity.isAllValid()) {
                zeroNulls(block, n, validity, from);
            }
            Segments.store(block, 0, out, unsigned, from, n);
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

    /// Sets the null rows of `block[0..n)` (rows `from..`) to 0.
    private static void zeroNulls(long[] block, int n, Validity validity, int from) {
        for (int k = 0; k < n; k++) {
            if (!validity.isValid(from + k)) {
                block[k] = 0;
            }
        }
    }
}
