package dev.jvortex.encodings.varbin;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.varbin` and `vortex.varbinview` (bytes in the package docs) into
/// [VarBinViewArray]s, and builds views for the string decoders.
public final class VarBinDecoder {
    private VarBinDecoder() {}

    /// Decodes `vortex.varbin` into views over its byte buffer (no value bytes are copied).
    public static Array varbin(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        requireString(node, dtype);
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 1, 2);
        long code = VarBinMetadata.read(node.metadata()).offsetsPtype();
        PType offPtype = Nodes.ptypeCode(node, code, "offsets_ptype");
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 0, offPtype, false, len + 1);
        MemorySegment bytes = node.buffer(0);
        MemorySegment views = ctx.allocate(len * 16L, 16);
        for (int i = 0; i < len; i++) {
            long start = offsets.getLong(i);
            long end = offsets.getLong(i + 1);
            if (start < 0 || end < start || end > bytes.byteSize()) {
                throw VortexException.corrupt(node.location() + ": varbin offsets [" + start + ", " + end + ") of row "
                        + i + " outside the " + bytes.byteSize() + "-byte buffer");
            }
            writeView(views, i, bytes, start, (int) (end - start), 0);
        }
        return new VarBinViewArray(
                dtype, views, new MemorySegment[] {bytes}, len, Nodes.validity(ctx, node, 1, dtype, len));
    }

    /// Writes view `i` for `size` bytes at `start` of `data` (buffer index `bufferIndex`).
    public static void writeView(
            MemorySegment views, int i, MemorySegment data, long start, int size, int bufferIndex) {
        long v = i * 16L;
        views.set(PrimitiveArray.LE_INT, v, size);
        if (size <= VarBinViewArray.MAX_INLINED) {
            MemorySegment.copy(data, start, views, v + 4, size);
        } else {
            if (start > 0xFFFFFFFFL) {
                throw VortexException.unsupported("string data offset " + start + " exceeds 4 GiB");
            }
            MemorySegment.copy(data, start, views, v + 4, 4);
            views.set(PrimitiveArray.LE_INT, v + 8, bufferIndex);
            views.set(PrimitiveArray.LE_INT, v + 12, (int) start);
        }
    }

    /// Decodes `vortex.varbinview` without copying: its views and data buffers are used in place.
    public static Array varbinview(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        requireString(node, dtype);
        Nodes.children(node, 0, 1);
        int nbuf = node.bufferCount();
        if (nbuf < 1) {
            throw VortexException.corrupt(node.location() + ": varbinview needs a views buffer");
        }
        MemorySegment views = node.buffer(nbuf - 1);
        if (views.byteSize() != len * 16L) {
            throw VortexException.corrupt(
                    node.location() + ": views buffer has " + views.byteSize() + " bytes, expected " + len * 16L);
        }
        MemorySegment[] data = new MemorySegment[nbuf - 1];
        for (int i = 0; i < data.length; i++) {
            data[i] = node.buffer(i);
        }
        Validity validity = Nodes.validity(ctx, node, 0, dtype, len);
        for (int i = 0; i < len; i++) {
            long v = i * 16L;
            int size = views.get(PrimitiveArray.LE_INT, v);
            if (size < 0) {
                throw VortexException.corrupt(node.location() + ": view " + i + " has negative size " + size);
            }
            if (size > VarBinViewArray.MAX_INLINED) {
                int b = views.get(PrimitiveArray.LE_INT, v + 8);
                long off = Integer.toUnsignedLong(views.get(PrimitiveArray.LE_INT, v + 12));
                if (b < 0 || b >= data.length || off + size > data[b].byteSize()) {
                    if (!validity.isValid(i)) {
                        continue;
                    }
                    throw VortexException.corrupt(node.location() + ": view " + i + " points at buffer " + b
                            + " bytes [" + off + ", " + (off + size) + ") outside the data");
                }
            }
        }
        return new VarBinViewArray(dtype, views, data, len, validity);
    }

    private static void requireString(EncodedNode node, DType dtype) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.corrupt(node.location() + ": " + node.encoding() + " cannot decode type " + dtype);
        }
    }
}
