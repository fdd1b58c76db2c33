package dev.jvortex.encodings.sequence;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.sequence`: `out[i] = base + i × multiplier`, every row valid.
public final class SequenceDecoder {
    private SequenceDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.children(node, 0, 0);
        Nodes.buffers(node, 0, 0);
        DType valueType = new DType.Primitive(ptype, false);
        Long base = null;
        Long multiplier = null;
        ProtoReader r = new ProtoReader(node.metadata(), "SequenceMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> base = (Long) Scalar.decodeValue(r.readMessage("ScalarValue"), valueType);
                case 2 -> multiplier = (Long) Scalar.decodeValue(r.readMessage("ScalarValue"), valueType);
                default -> r.skip();
            }
        }
        if (base == null || multiplier == null) {
            throw VortexException.corrupt(node.location() + ": sequence metadata lacks base or multiplier");
        }
        MemorySegment out = ctx.allocate((long) len * ptype.byteWidth(), ptype.byteWidth());
        long b = base;
        long m = multiplier;
        switch (ptype.byteWidth()) {
            case 8 -> {
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, b + i * m);
                }
            }
            case 4 -> {
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (int) (b + i * m));
                }
            }
            default -> {
                for (int i = 0; i < len; i++) {
                    PrimitiveArray.setLong(out, ptype, i, b + i * m);
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, Validity.ALL_VALID);
    }
}
