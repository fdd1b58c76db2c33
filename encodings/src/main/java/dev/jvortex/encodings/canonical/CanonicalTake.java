package dev.jvortex.encodings.canonical;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;

/// Take kernels of the fixed-width canonical encodings: the selected values are gathered from
/// the buffers and the children are taken at the same rows.
///
/// Fixed-width buffers are gathered first and then handed, with the children taken lazily, to the
/// encoding's own decoder, which then checks and decodes only the selection. A node whose
/// buffers do not have the size its decoder demands is left to the whole decode (which reports it).
public final class CanonicalTake {
    private CanonicalTake() {}

    /// `vortex.null`.
    public static Array nullArray(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Null)) {
            return null;
        }
        return new NullArray(idx.length);
    }

    /// `vortex.primitive`: the values gathered by position.
    public static Array primitive(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Primitive p) || node.bufferCount() != 1) {
            return null;
        }
        int w = p.ptype().byteWidth();
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() != (long) len * w) {
            return null;
        }
        return ctx.view(node, dtype, len, idx, null, new MemorySegment[] {ctx.gather(buf, w, idx)});
    }

    /// `vortex.decimal`: the values gathered by position.
    public static Array decimal(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Decimal) || node.bufferCount() != 1) {
            return null;
        }
        long type = DecimalMetadata.read(node.metadata()).valuesType();
        if (type < 0 || type > 5) {
            return null;
        }
        int w = 1 << type;
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() != (long) len * w) {
            return null;
        }
        return ctx.view(node, dtype, len, idx, null, new MemorySegment[] {ctx.gather(buf, w, idx)});
    }

    /// `vortex.bool`: the bits gathered (from the stored bit offset) into a new bitmap at offset 0.
    public static Array bool(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Bool) || node.bufferCount() != 1) {
            return null;
        }
        long offset = BoolMetadata.read(node.metadata()).offset();
        MemorySegment buf = node.buffer(0);
        if (offset < 0 || offset >= 8 || buf.byteSize() < Bits.byteLength(offset + len)) {
            return null;
        }
        return ctx.view(node, dtype, len, idx, new byte[0], new MemorySegment[] {gatherBits(buf, offset, idx, ctx)});
    }

    /// Returns bits `offset + idx[k]` of `bits` as a new bitmap.
    public static MemorySegment gatherBits(MemorySegment bits, long offset, int[] idx, DecodeContext ctx) {
        MemorySegment out = ctx.allocate(Math.max(1, Bits.byteLength(idx.length)), 8);
        for (int k = 0; k < idx.length; k++) {
            if (Bits.get(bits, offset + idx[k])) {
                Bits.set(out, k);
            }
        }
        return out;
    }
}
