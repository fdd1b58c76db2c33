package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.patches.Patches;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.alprd` ("ALP for real doubles"): each float's bits are a dictionary-coded
/// left part above `right_bit_width` stored right bits (layout in the package docs).
public final class AlpRdDecoder {
    private AlpRdDecoder() {}

    /// Decodes a `vortex.alprd` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
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
        // A chunk-offsets child, if the patches declare one, is present but not needed.
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

        PrimitiveArray left = Nodes.primitive(ctx, node, 0, PType.U16, dtype.nullable(), len);
        PType rightPtype = ptype == PType.F32 ? PType.U32 : PType.U64;
        PrimitiveArray right = Nodes.primitive(ctx, node, 1, rightPtype, false, len);
        Patches patches = meta.patches() == null
                ? null
                : Patches.decode(ctx, node, meta.patches(), 2, new DType.Primitive(PType.U16, false), len);
        Validity validity = left.validity();

        MemorySegment out = ctx.allocate((long) len * ptype.byteWidth(), ptype.byteWidth());
        MemorySegment codes = left.data();
        MemorySegment rights = right.data();
        int unknown = 0;
        if (ptype == PType.F32) {
            for (int i = 0; i < len; i++) {
                int code = codes.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFF;
                int rightBits = rights.getAtIndex(PrimitiveArray.LE_INT, i);
                if (code < dictLen) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (int) shifted[code] | rightBits);
                } else {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, rightBits);
                    unknown++;
                }
            }
        } else {
            for (int i = 0; i < len; i++) {
                int code = codes.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFF;
                long rightBits = rights.getAtIndex(PrimitiveArray.LE_LONG, i);
                if (code < dictLen) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, shifted[code] | rightBits);
                } else {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, rightBits);
                    unknown++;
                }
            }
        }
        boolean[] patched = null;
        if (patches != null) {
            // Exceptions carry the real left bit pattern (not a code) for their row.
            MemorySegment leftValues = patches.values().data();
            for (int k = 0; k < patches.count(); k++) {
                int i = patches.position(k);
                long bits = shiftLeft(leftValues.getAtIndex(PrimitiveArray.LE_SHORT, k) & 0xFFFFL, shift);
                if (ptype == PType.F32) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (int) bits | rights.getAtIndex(PrimitiveArray.LE_INT, i));
                } else {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, bits | rights.getAtIndex(PrimitiveArray.LE_LONG, i));
                }
            }
            if (unknown > 0) {
                patched = new boolean[len];
                for (int k = 0; k < patches.count(); k++) {
                    patched[patches.position(k)] = true;
                }
            }
        }
        if (unknown > 0) {
            // Rare: a code outside the dictionary is only acceptable under a null or a patch.
            for (int i = 0; i < len; i++) {
                int code = codes.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFF;
                if (code >= dictLen && validity.isValid(i) && (patched == null || !patched[i])) {
                    throw VortexException.corrupt(node.location() + ": ALP-RD left code " + code + " at row " + i
                            + " is outside the " + dictLen + "-entry dictionary");
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    /// Returns `left << shift`, where a shift by the whole word width leaves nothing.
    private static long shiftLeft(long left, int shift) {
        return shift >= 64 ? 0 : left << shift;
    }
}
