package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.patches.PatchesTake;
import java.lang.foreign.MemorySegment;

/// Takes rows of `vortex.alprd`: the left codes and right parts of the selected rows are taken
/// and combined as [AlpRdDecoder] combines them; a selected row with a patch (an exception that
/// carries the real left bits) uses those instead of its code.
public final class AlpRdTake {
    private AlpRdTake() {}

    /// Takes rows `idx` of a `vortex.alprd` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        if (ptype != PType.F32 && ptype != PType.F64) {
            throw VortexException.corrupt(node.location() + ": vortex.alprd needs f32 or f64, not " + dtype);
        }
        Nodes.buffers(node, 0, 0);
        AlpRdMetadata meta = AlpRdMetadata.read(node.metadata());
        int typeBits = ptype.bitWidth();
        if (meta.rightBitWidth() < 0 || meta.rightBitWidth() > typeBits) {
            throw VortexException.corrupt(
                    node.location() + ": ALP-RD right bit width " + Long.toUnsignedString(meta.rightBitWidth())
                            + " exceeds the " + typeBits + " bits of " + ptype.shortName());
        }
        if (meta.dictLen() < 0 || meta.dictLen() > meta.dict().length) {
            throw VortexException.corrupt(node.location() + ": ALP-RD dict_len " + Long.toUnsignedString(meta.dictLen())
                    + " but " + meta.dict().length + " dictionary entries are stored");
        }
        PType leftPtype = Nodes.ptypeCode(node, meta.leftPartsPtype(), "left_parts_ptype");
        if (leftPtype != PType.U16) {
            throw VortexException.corrupt(
                    node.location() + ": ALP-RD left parts must be u16, not " + leftPtype.shortName());
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, 2 + patchChildren, 2 + patchChildren);
        int shift = (int) meta.rightBitWidth();
        int dictLen = (int) meta.dictLen();
        long[] shifted = new long[dictLen];
        for (int k = 0; k < dictLen; k++) {
            long entry = meta.dict()[k];
            if (entry < 0 || entry > 0xFFFF) {
                throw VortexException.corrupt(node.location() + ": ALP-RD dictionary entry " + k + " = "
                        + Long.toUnsignedString(entry) + " does not fit 16 bits");
            }
            shifted[k] = shiftLeft(entry, shift);
        }
        int n = idx.length;
        PrimitiveArray left = ctx.takePrimitive(node, 0, PType.U16, dtype.nullable(), len, idx);
        PType rightPtype = ptype == PType.F32 ? PType.U32 : PType.U64;
        PrimitiveArray right = ctx.takePrimitive(node, 1, rightPtype, false, len, idx);
        Validity validity = left.validity();
        // The left bits of each row: its code's dictionary entry, or its patch.
        long[] leftBits = new long[n];
        boolean[] patched = new boolean[n];
        if (meta.patches() != null) {
            PatchesTake.Hits hits =
                    PatchesTake.lookup(ctx, node, meta.patches(), 2, new DType.Primitive(PType.U16, false), len, idx);
            for (int h = 0; h < hits.count(); h++) {
                int k = hits.rows()[h];
                patched[k] = true;
                leftBits[k] = shiftLeft(hits.values().data().getAtIndex(PrimitiveArray.LE_SHORT, h) & 0xFFFFL, shift);
            }
        }
        MemorySegment codes = left.data();
        for (int k = 0; k < n; k++) {
            if (patched[k]) {
                continue;
            }
            int code = codes.getAtIndex(PrimitiveArray.LE_SHORT, k) & 0xFFFF;
            if (code < dictLen) {
                leftBits[k] = shifted[code];
            } else if (validity.isValid(k)) {
                throw VortexException.corrupt(node.location() + ": ALP-RD left code " + code + " at row " + idx[k]
                        + " is outside the " + dictLen + "-entry dictionary");
            }
        }
        MemorySegment rights = right.data();
        MemorySegment out = ctx.allocate((long) n * ptype.byteWidth(), ptype.byteWidth());
        if (ptype == PType.F32) {
            for (int k = 0; k < n; k++) {
                out.setAtIndex(
                        PrimitiveArray.LE_INT, k, (int) leftBits[k] | rights.getAtIndex(PrimitiveArray.LE_INT, k));
            }
        } else {
            for (int k = 0; k < n; k++) {
                out.setAtIndex(PrimitiveArray.LE_LONG, k, leftBits[k] | rights.getAtIndex(PrimitiveArray.LE_LONG, k));
            }
        }
        return new PrimitiveArray(dtype, ptype, out, n, validity);
    }

    private static long shiftLeft(long left, int shift) {
        return shift >= 64 ? 0 : left << shift;
    }
}
