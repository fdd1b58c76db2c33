package dev.jvortex.encodings.list;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.varbin.VarBinTake;
import java.lang.foreign.MemorySegment;

/// Take kernels of the list encodings: the selected rows' offsets (and sizes), then their
/// elements; a map's entries at the rows; a fixed-size list's elements at the rows.
public final class ListTake {
    private ListTake() {}

    /// `vortex.list`: the selected rows' offsets, then their elements.
    public static Array list(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.ListType)) {
            return null; // maps arrive as lists of entries through vortex.map, which decodes whole
        }
        DType elem = ArrayOps.listElement(dtype);
        Nodes.children(node, 2, 3);
        ListMetadata meta = ListMetadata.read(node.metadata());
        long elementsLenRaw = meta.elementsLen();
        long offsetsCode = meta.offsetsPtype();
        int elementsLen = Nodes.length(node, elementsLenRaw, "elements_len");
        PType offPtype = Nodes.ptypeCode(node, offsetsCode, "offset_ptype");
        int n = idx.length;
        long[] bounds = ctx.takeLongs(node, 1, offPtype, len + 1, VarBinTake.pairs(idx));
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
        ListViewMetadata meta = ListViewMetadata.read(node.metadata());
        long elementsLenRaw = meta.elementsLen();
        long offsetsCode = meta.offsetsPtype();
        long sizesCode = meta.sizesPtype();
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
