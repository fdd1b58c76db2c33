package dev.jvortex.encodings.constant;

import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.util.ArrayList;
import java.util.List;

/// Encodes an array whose rows are all equal as `vortex.constant` (buffer 0: the protobuf
/// `ScalarValue`), the inverse of [ConstantDecoder]. Arrays whose valid rows are
/// equal but that also have nulls become `vortex.masked(vortex.constant(value), validity)`, as
/// the reference's compressor writes them; arrays with no valid row become a null constant.
public final class ConstantEncoder {
    private ConstantEncoder() {}

    /// Returns the constant (or masked constant) node of `a`, or null when `a` is empty, holds two
    /// different valid values, or is not a bool, primitive, decimal, utf8 or binary array.
    public static WriteNode encode(Array a) {
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return null;
        }
        Validity validity = a.validity();
        int first = Rows.firstValid(validity, len);
        if (first < 0) {
            return CanonicalEncoder.constant(new Scalar(a.dtype(), null));
        }
        boolean allValid = validity.isAllValid();
        if (a instanceof PrimitiveArray p) {
            if (!sameValidValues(p, first)) {
                return null;
            }
        } else if (!sameValidRows(a, first, len, validity, allValid)) {
            return null;
        }
        Scalar value = Rows.scalar(a, first);
        if (allValid || validity.nullCount(len) == 0) {
            return CanonicalEncoder.constant(value);
        }
        List<WriteNode> kids = new ArrayList<>();
        kids.add(CanonicalEncoder.constant(new Scalar(a.dtype().withNullable(false), value.value())));
        kids.addAll(CanonicalEncoder.validity(a.dtype(), validity, len));
        return new WriteNode(EncodingId.MASKED.id(), new byte[0], List.of(), kids);
    }

    /// Whether every valid row of `a` after `first` (a valid row) equals row `first`. The loop is
    /// its own method, compiled with the row comparison inlined but not with the driver's work.
    private static boolean sameValidRows(Array a, int first, int len, Validity validity, boolean allValid) {
        for (int i = first + 1; i < len; i++) {
            if ((allValid || validity.isValid(i)) && !Rows.equal(a, first, i)) {
                return false;
            }
        }
        return true;
    }

    /// Rows loaded per block by [#sameValidValues].
    private static final int BLOCK = 1024;

    /// Whether every valid row of `p` from `first` (a valid row) on holds the bits of row `first`.
    /// Block by block, stopping at the first block with a differing valid row: arrays that are
    /// not constant usually differ early, and are then never loaded whole.
    static boolean sameValidValues(PrimitiveArray p, int first) {
        int len = p.length();
        long[] validWords = ValidBits.words(p.validity(), len);
        long[] block = new long[Math.min(BLOCK, len - first)];
        Segments.load(p.data(), p.ptype(), first, block, 0, 1);
        long value = block[0];
        for (int from = first; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(p.data(), p.ptype(), from, block, 0, m);
            // Branch-free over the block: any differing bit, valid or not, then a closer look.
            if (differs(block, m, value) && (validWords == null || validDiffers(block, m, value, validWords, from))) {
                return false;
            }
        }
        return true;
    }

    /// Whether any of `block[0..m)` differs from `value`, without a branch. Each loop over a block
    /// is its own small method, compiled once on its own rather than inlined into the driver's
    /// compilations.
    private static boolean differs(long[] block, int m, long value) {
        long diff = 0;
        for (int k = 0; k < m; k++) {
            diff |= block[k] ^ value;
        }
        return diff != 0;
    }

    /// Whether a valid row of `block[0..m)` (rows `from..`) differs from `value`.
    private static boolean validDiffers(long[] block, int m, long value, long[] validWords, int from) {
        for (int k = 0; k < m; k++) {
            if (block[k] != value && ValidBits.get(validWords, from + k)) {
                return true;
            }
        }
        return false;
    }

    /// Returns a `vortex.constant` node of `value`.
    public static WriteNode constant(Scalar value) {
        return CanonicalEncoder.constant(value);
    }
}
