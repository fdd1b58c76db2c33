package dev.jvortex.encodings.decimalbyteparts;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.decimal_byte_parts`: the unscaled decimal values are the signed integers of the
/// single `msp` child.
///
/// The output uses the width the decimal's precision calls for (or the child's, if wider), so
/// chunks of one column share a width whatever integer type each chunk's child was narrowed to;
/// when the widths agree the child's buffer is used as is.
public final class DecimalBytePartsDecoder {
    private DecimalBytePartsDecoder() {}

    /// Decodes a `vortex.decimal_byte_parts` node as `dtype` (a decimal type) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Decimal decimal)) {
            throw VortexException.corrupt(node.location() + ": vortex.decimal_byte_parts cannot decode type " + dtype);
        }
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 1, 1);
        DecimalBytePartsMetadata meta = DecimalBytePartsMetadata.read(node.metadata());
        PType ptype = Nodes.ptypeCode(node, meta.zerothChildPtype(), "zeroth_child_ptype");
        long lowerParts = meta.lowerPartCount();
        if (!ptype.isInteger() || !ptype.isSigned()) {
            throw VortexException.corrupt(
                    node.location() + ": decimal_byte_parts needs a signed integer child, not " + ptype.shortName());
        }
        if (lowerParts != 0) {
            throw VortexException.unsupported(node.location() + ": decimal_byte_parts with "
                    + Long.toUnsignedString(lowerParts) + " lower parts");
        }
        PrimitiveArray msp = Nodes.primitive(ctx, node, 0, ptype, dtype.nullable(), len);
        int width = Math.max(ptype.byteWidth(), decimal.minimumByteWidth());
        if (width == ptype.byteWidth()) {
            return new DecimalArray(decimal, width, msp.data(), len, msp.validity());
        }
        long[] values = IntegerArrays.toLongs(msp);
        MemorySegment out = ctx.allocate((long) len * width, Math.min(width, 16));
        switch (width) {
            case 2 -> {
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) values[i]);
                }
            }
            case 4 -> {
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (int) values[i]);
                }
            }
            case 8 -> MemorySegment.copy(values, 0, out, PrimitiveArray.LE_LONG, 0, len);
            default -> {
                for (int i = 0; i < len; i++) {
                    long v = values[i];
                    long at = (long) i * width;
                    out.set(PrimitiveArray.LE_LONG, at, v);
                    long fill = v >> 63;
                    for (int k = 8; k < width; k += 8) {
                        out.set(PrimitiveArray.LE_LONG, at + k, fill);
                    }
                }
            }
        }
        return new DecimalArray(decimal, width, out, len, msp.validity());
    }
}
