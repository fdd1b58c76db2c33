package dev.jvortex.encodings.sequence;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/// Decodes `vortex.sequence`: row `i` is `base + i * multiplier`, every row valid.
public final class SequenceDecoder {
    private SequenceDecoder() {}

    /// Decodes a `vortex.sequence` node as `dtype` (an integer type) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 0, 0);
        SequenceMetadata meta = SequenceMetadata.read(node, ptype);
        long base = meta.base();
        BigInteger multiplier = meta.multiplier();
        if (len == 0) {
            throw VortexException.corrupt(node.location() + ": a sequence array cannot be empty");
        }
        // Every row lies between the first and the last, so checking those two keeps all in range.
        BigInteger first = ptype.isSigned() ? BigInteger.valueOf(base) : SequenceMetadata.unsigned(base);
        BigInteger last = first.add(multiplier.multiply(BigInteger.valueOf(len - 1L)));
        if (!fits(last, ptype)) {
            throw VortexException.corrupt(node.location() + ": sequence " + first + " + i * " + multiplier + " leaves "
                    + ptype.shortName() + " at row " + (len - 1));
        }
        int w = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * w, w);
        fill(out, w, base, multiplier.longValue(), len);
        return new PrimitiveArray(dtype, ptype, out, len, Validity.ALL_VALID);
    }

    /// Writes `base + i * step` (wrapping, low `width` bytes) for `i` in `[0, len)`.
    static void fill(MemorySegment out, int width, long base, long step, int len) {
        long v = base;
        switch (width) {
            case 1 -> {
                for (int i = 0; i < len; i++, v += step) {
                    out.set(JAVA_BYTE, i, (byte) v);
                }
            }
            case 2 -> {
                for (int i = 0; i < len; i++, v += step) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) v);
                }
            }
            case 4 -> {
                for (int i = 0; i < len; i++, v += step) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (int) v);
                }
            }
            default -> {
                for (int i = 0; i < len; i++, v += step) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, v);
                }
            }
        }
    }

    private static boolean fits(BigInteger v, PType ptype) {
        int bits = ptype.bitWidth();
        BigInteger min = ptype.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max = ptype.isSigned()
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
    }
}
