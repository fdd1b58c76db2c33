package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.patches.PatchesTake;
import java.lang.foreign.MemorySegment;

/// Takes rows of `vortex.alp`: the encoded integers of the selected rows are taken and decoded
/// exactly as [AlpDecoder] decodes them, then the patches of the selected rows are laid over.
public final class AlpTake {
    private AlpTake() {}

    /// Takes rows `idx` of a `vortex.alp` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        if (ptype != PType.F32 && ptype != PType.F64) {
            throw VortexException.corrupt(node.location() + ": vortex.alp needs f32 or f64, not " + dtype);
        }
        Nodes.buffers(node, 0, 0);
        AlpMetadata meta = AlpMetadata.read(node.metadata());
        int max = ptype == PType.F32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        if (meta.e() < 0 || meta.e() > max || meta.f() < 0 || meta.f() > max) {
            throw VortexException.corrupt(node.location() + ": ALP exponents e=" + Long.toUnsignedString(meta.e())
                    + ", f=" + Long.toUnsignedString(meta.f()) + " must be at most " + max + " for "
                    + ptype.shortName());
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, 1 + patchChildren, 1 + patchChildren);
        int e = (int) meta.e();
        int f = (int) meta.f();
        int n = idx.length;
        MemorySegment out;
        PrimitiveArray encoded;
        if (ptype == PType.F32) {
            encoded = ctx.takePrimitive(node, 0, PType.I32, dtype.nullable(), len, idx);
            out = ctx.allocate(n * 4L, 4);
            float scale = AlpDecoder.F10_F32[f];
            float inverse = AlpDecoder.IF10_F32[e];
            MemorySegment in = encoded.data();
            for (int k = 0; k < n; k++) {
                out.setAtIndex(
                        PrimitiveArray.LE_FLOAT, k, (float) in.getAtIndex(PrimitiveArray.LE_INT, k) * scale * inverse);
            }
        } else {
            encoded = ctx.takePrimitive(node, 0, PType.I64, dtype.nullable(), len, idx);
            out = ctx.allocate(n * 8L, 8);
            double scale = AlpDecoder.F10_F64[f];
            double inverse = AlpDecoder.IF10_F64[e];
            MemorySegment in = encoded.data();
            for (int k = 0; k < n; k++) {
                out.setAtIndex(
                        PrimitiveArray.LE_DOUBLE,
                        k,
                        (double) in.getAtIndex(PrimitiveArray.LE_LONG, k) * scale * inverse);
            }
        }
        if (meta.patches() != null) {
            PatchesTake.apply(
                    ctx, node, meta.patches(), 1, new DType.Primitive(ptype, dtype.nullable()), len, idx, out);
        }
        return new PrimitiveArray(dtype, ptype, out, n, encoded.validity());
    }
}
