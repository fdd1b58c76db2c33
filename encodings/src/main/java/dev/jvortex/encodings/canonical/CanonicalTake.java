package dev.jvortex.encodings.canonical;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;

/// Take kernels of the canonical encodings: the selected values are gathered from the buffers
/// and the children are taken at the same rows (or, for lists, at the selected rows' elements).
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
        long type = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "DecimalMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                type = r.readVarint();
            } else {
                r.skip();
            }
        }
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
        long offset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "BoolMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                offset = r.readVarint();
            } else {
                r.skip();
            }
        }
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

    /// `vortex.varbinview`: the selected views (the data buffers are shared).
    public static Array varbinview(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        int nbuf = node.bufferCount();
        if (nbuf < 1 || node.buffer(nbuf - 1).byteSize() != len * 16L) {
            return null;
        }
        MemorySegment[] buffers = new MemorySegment[nbuf];
        for (int b = 0; b < nbuf - 1; b++) {
            buffers[b] = node.buffer(b);
        }
        buffers[nbuf - 1] = ctx.gather(node.buffer(nbuf - 1), VarBinViewArray.VIEW_SIZE, idx);
        return ctx.view(node, dtype, len, idx, null, buffers);
    }

    /// `vortex.varbin`: the offsets of the selected rows and of the rows after them, then one view each.
    public static Array varbin(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            return null;
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 1, 2);
        long code = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "VarBinMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                code = r.readVarint();
            } else {
                r.skip();
            }
        }
        PType offPtype = Nodes.ptypeCode(node, code, "offsets_ptype");
        int n = idx.length;
        long[] bounds = ctx.takeLongs(node, 0, offPtype, len + 1, pairs(idx));
        MemorySegment bytes = node.buffer(0);
        MemorySegment views = ctx.allocate(n * 16L, 16);
        for (int k = 0; k < n; k++) {
            long start = bounds[2 * k];
            long end = bounds[2 * k + 1];
            if (start < 0 || end < start || end > bytes.byteSize()) {
                throw VortexException.corrupt(node.location() + ": varbin offsets [" + start + ", " + end + ") of row " + idx[k]
                        + " outside the " + bytes.byteSize() + "-byte buffer");
            }
            CanonicalDecoders.writeView(views, k, bytes, start, (int) (end - start), 0);
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {bytes}, n, ctx.takeValidity(node, 1, dtype, len, idx));
    }

    /// Returns `[idx[0], idx[0] + 1, idx[1], idx[1] + 1, ...]`: the offsets bounding the selected rows.
    public static int[] pairs(int[] idx) {
        int[] out = new int[idx.length * 2];
        for (int k = 0; k < idx.length; k++) {
            out[2 * k] = idx[k];
            out[2 * k + 1] = idx[k] + 1;
        }
        return out;
    }

    /// `vortex.list`: the selected rows' offsets, then their elements.
    public static Array list(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.ListType)) {
            return null; // maps arrive as lists of entries through vortex.map, which decodes whole
        }
        DType elem = ArrayOps.listElement(dtype);
        Nodes.children(node, 2, 3);
        long elementsLenRaw = 0;
        long offsetsCode = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "ListMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLenRaw = r.readVarint();
                case 2 -> offsetsCode = r.readVarint();
                default -> r.skip();
            }
        }
        int elementsLen = Nodes.length(node, elementsLenRaw, "elements_len");
        PType offPtype = Nodes.ptypeCode(node, offsetsCode, "offset_ptype");
        int n = idx.length;
        long[] bounds = ctx.takeLongs(node, 1, offPtype, len + 1, pairs(idx));
        long total = 0;
        for (int k = 0; k < n; k++) {
            long s = bounds[2 * k];
            long e = bounds[2 * k + 1];
            if (s < 0 || e < s || e > elementsLen) {
                throw VortexException.corrupt(node.location() + ": list offsets [" + s + ", " + e + ") of row " + idx[k]
                        + " are not within the " + elementsLen + " elements");
            }
            total += e - s;
        }
        int[] elementIdx = ctx.indexArray(total, "list take element count");
        MemorySegment offsets = ctx.allocate((n + 1L) * 8, 8);
        int at = 0;
        for (int k = 0; k < n; k++) {
            offsets.setAtIndex(PrimitiveArray.LE_LONG, k, at);
            for (long e = bounds[2 * k]; e < bounds[2 * k + 1]; e++) {
                elementIdx[at++] = (int) e;
            }
        }
        offsets.setAtIndex(PrimitiveArray.LE_LONG, n, at);
        Array elements = ctx.take(node.child(0), elem, elementsLen, elementIdx);
        return new ListArray(dtype, offsets, elements, n, ctx.takeValidity(node, 2, dtype, len, idx));
    }

    /// `vortex.listview`: the selected rows' offsets and sizes, then their elements (as a list).
    public static Array listview(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.ListType || dtype instanceof DType.MapType)) {
            return null;
        }
        DType elem = ArrayOps.listElement(dtype);
        Nodes.children(node, 3, 4);
        long elementsLenRaw = 0;
        long offsetsCode = 0;
        long sizesCode = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "ListViewMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLenRaw = r.readVarint();
                case 2 -> offsetsCode = r.readVarint();
                case 3 -> sizesCode = r.readVarint();
                default -> r.skip();
            }
        }
        int elementsLen = Nodes.length(node, elementsLenRaw, "elements_len");
        PType offPtype = Nodes.ptypeCode(node, offsetsCode, "offset_ptype");
        PType sizePtype = Nodes.ptypeCode(node, sizesCode, "size_ptype");
        int n = idx.length;
        long[] starts = ctx.takeLongs(node, 1, offPtype, len, idx);
        long[] sizes = ctx.takeLongs(node, 2, sizePtype, len, idx);
        long total = 0;
        for (int k = 0; k < n; k++) {
            long o = starts[k];
            long size = sizes[k];
            if (o < 0 || size < 0 || o + size > elementsLen) {
                throw VortexException.corrupt(node.location() + ": list view " + idx[k] + " [" + o + ", +" + size
                        + ") outside the " + elementsLen + " elements");
            }
            total += size;
        }
        int[] elementIdx = ctx.indexArray(total, "list view take element count");
        MemorySegment offsets = ctx.allocate((n + 1L) * 8, 8);
        int at = 0;
        for (int k = 0; k < n; k++) {
            offsets.setAtIndex(PrimitiveArray.LE_LONG, k, at);
            for (long e = starts[k]; e < starts[k] + sizes[k]; e++) {
                elementIdx[at++] = (int) e;
            }
        }
        offsets.setAtIndex(PrimitiveArray.LE_LONG, n, at);
        Array elements = ctx.take(node.child(0), elem, elementsLen, elementIdx);
        return new ListArray(dtype, offsets, elements, n, ctx.takeValidity(node, 3, dtype, len, idx));
    }

    /// `vortex.map`: the selected rows of its entries (a list of key-value structs).
    public static Array map(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.MapType m)) {
            return null;
        }
        Nodes.children(node, 1, 1);
        Array entries = ctx.take(node.child(0), new DType.ListType(ArrayOps.mapEntry(m), m.nullable()), len, idx);
        if (!(entries instanceof ListArray l)) {
            throw VortexException.corrupt(node.location() + ": map entries did not decode to a list");
        }
        return new ListArray(dtype, l.offsets(), l.elements(), idx.length, l.validity());
    }

    /// `vortex.fixed_size_list`: the selected rows' elements.
    public static Array fixedSizeList(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.FixedSizeList f)) {
            return null;
        }
        Nodes.children(node, 1, 2);
        int size = f.size();
        int elementsLen = DecodeContext.checkedLength((long) len * size, "fixed-size list elements");
        int[] elementIdx = ctx.indexArray((long) idx.length * size, "fixed-size list take");
        for (int k = 0; k < idx.length; k++) {
            for (int e = 0; e < size; e++) {
                elementIdx[k * size + e] = idx[k] * size + e;
            }
        }
        Array elements = ctx.take(node.child(0), f.element(), elementsLen, elementIdx);
        return new FixedSizeListArray(f, elements, idx.length, ctx.takeValidity(node, 1, dtype, len, idx));
    }
}
