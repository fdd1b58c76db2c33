package dev.jvortex.encodings.sequence;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/// Takes rows of `vortex.sequence`: row `i` is `base + i × multiplier`, computed for the selected
/// rows only (after the same range check as [SequenceDecoder]).
public final class SequenceTake {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private SequenceTake() {}

    /// Takes rows `idx` of a `vortex.sequence` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 0, 0);
        Long base = null;
        BigInteger multiplier = null;
        ProtoReader r = new ProtoReader(node.metadata(), "SequenceMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> base = (Long) Scalar.decodeValue(r.readMessage("SequenceMetadata.base"), new DType.Primitive(ptype, false));
                case 2 -> multiplier = integer(node, r.readMessage("SequenceMetadata.multiplier"));
                default -> r.skip();
            }
        }
        if (base == null || multiplier == null) {
            throw VortexException.corrupt(node.location() + ": sequence metadata lacks its " + (base == null ? "base" : "multiplier"));
        }
        if (len == 0) {
            throw VortexException.corrupt(node.location() + ": a sequence array cannot be empty");
        }
        BigInteger first = ptype.isSigned() ? BigInteger.valueOf(base) : unsigned(base);
        BigInteger last = first.add(multiplier.multiply(BigInteger.valueOf(len - 1L)));
        int bits = ptype.bitWidth();
        BigInteger min = ptype.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max = ptype.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
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

    private static BigInteger integer(EncodedNode node, ProtoReader r) {
        BigInteger value = null;
        while (r.next()) {
            switch (r.field()) {
                case 3 -> value = BigInteger.valueOf(r.readSVarint());
                case 4 -> value = unsigned(r.readVarint());
                default -> {
                    r.skip();
                    value = null;
                }
            }
        }
        if (value == null) {
            throw VortexException.corrupt(node.location() + ": sequence multiplier is not an integer");
        }
        return value;
    }

    private static BigInteger unsigned(long bits) {
        BigInteger v = BigInteger.valueOf(bits);
        return bits < 0 ? v.add(TWO_64) : v;
    }
}
