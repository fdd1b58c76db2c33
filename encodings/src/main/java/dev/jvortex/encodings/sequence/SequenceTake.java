package dev.jvortex.encodings.sequence;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/// Takes rows of `vortex.sequence`: row `i` is `base + i × multiplier`, computed for the selected
/// rows only (after the same range check as [SequenceDecoder]).
public final class SequenceTake {
    private SequenceTake() {}

    /// Takes rows `idx` of a `vortex.sequence` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 0, 0);
        SequenceMetadata meta = SequenceMetadata.read(node, ptype);
        long base = meta.base();
        BigInteger multiplier = meta.multiplier();
        if (len == 0) {
            throw VortexException.corrupt(node.location() + ": a sequence array cannot be empty");
        }
        BigInteger first = ptype.isSigned() ? BigInteger.valueOf(base) : SequenceMetadata.unsigned(base);
        BigInteger last = first.add(multiplier.multiply(BigInteger.valueOf(len - 1L)));
        int bits = ptype.bitWidth();
        BigInteger min = ptype.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max = ptype.isSigned()
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        if (last.compareTo(min) < 0 || last.compareTo(max) > 0) {
            throw VortexException.corrupt(node.location() + ": sequence " + first + " + i * " + multiplier + " leaves "
                    + ptype.shortName() + " at row " + (len - 1));
        }
        int n = idx.length;
        int w = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) n * w, w);
        long step = multiplier.longValue();
        for (int k = 0; k < n; k++) {
            PrimitiveArray.setLong(out, ptype, k, base + idx[k] * step);
        }
        return new PrimitiveArray(dtype, ptype, out, n, Validity.ALL_VALID);
    }
}
