package dev.jvortex.encodings.decimal;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.decimal_byte_parts`: metadata `{PType zeroth_child_ptype = 1; uint32
/// lower_part_count = 2}` (only 0 lower parts exist); child `[msp: signed integers]` holds the
/// unscaled values. The output uses the decimal's natural width.
public final class DecimalBytePartsDecoder {
    private DecimalBytePartsDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Decimal d)) {
            throw VortexException.corrupt(node.location() + ": vortex.decimal_byte_parts cannot decode type " + dtype);
        }
        long ptypeCode = 0;
        long lower = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "DecimalBytePartsMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> ptypeCode = r.readVarint();
                case 2 -> lower = r.readVarint();
                default -> r.skip();
            }
        }
        if (lower != 0) {
            throw VortexException.unsupported(node.location() + ": decimal byte parts with " + lower + " lower parts");
        }
        Nodes.children(node, 1, 1);
        PType pt = Nodes.ptypeCode(node, ptypeCode, "zeroth_child_ptype");
        if (!pt.isInteger()) {
            throw VortexException.corrupt(node.location() + ": decimal byte parts child must be an integer, not " + pt);
        }
        PrimitiveArray msp = Nodes.primitive(ctx, node, 0, pt, dtype.nullable(), len);
        int width = Math.max(d.minimumByteWidth(), pt.byteWidth());
        MemorySegment out = ctx.allocate((long) len * width, Math.min(16, width));
        for (int i = 0; i < len; i++) {
            long v = msp.getLong(i);
            if (!pt.isSigned() && v < 0 && width <= 8) {
                throw VortexException.corrupt(node.location() + ": unsigned decimal part " + Long.toUnsignedString(v) + " does not fit");
            }
            long base = (long) i * width;
            switch (width) {
                case 1 -> out.set(java.lang.foreign.ValueLayout.JAVA_BYTE, base, (byte) v);
                case 2 -> out.set(PrimitiveArray.LE_SHORT, base, (short) v);
                case 4 -> out.set(PrimitiveArray.LE_INT, base, (int) v);
                default -> {
                    out.set(PrimitiveArray.LE_LONG, base, v);
                    long fill = pt.isSigned() && v < 0 ? -1L : 0L;
                    for (long k = 8; k < width; k += 8) {
                        out.set(PrimitiveArray.LE_LONG, base + k, fill);
                    }
                }
            }
        }
        return new DecimalArray(d, width, out, len, msp.validity());
    }
}
