package dev.jvortex.encodings.list;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes the list encodings (bytes in the package docs): `vortex.list`, `vortex.listview`,
/// `vortex.map` and `vortex.fixed_size_list`, all into [ListArray]s (or [FixedSizeListArray]s).
public final class ListDecoder {
    private ListDecoder() {}

    private static DType elementType(EncodedNode node, DType dtype) {
        if (dtype instanceof DType.ListType || dtype instanceof DType.MapType) {
            return ArrayOps.listElement(dtype);
        }
        throw VortexException.corrupt(node.location() + ": " + node.encoding() + " cannot decode type " + dtype);
    }

    /// Decodes `vortex.list`.
    public static Array list(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        DType elem = elementType(node, dtype);
        Nodes.children(node, 2, 3);
        ListMetadata m = ListMetadata.read(node.metadata());
        PType offsetsPtype = Nodes.ptypeCode(node, m.offsetsPtype(), "offset_ptype");
        int elementsLen = Nodes.length(node, m.elementsLen(), "elements_len");
        Array elements = ctx.decode(node.child(0), elem, elementsLen);
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 1, offsetsPtype, false, len + 1);
        MemorySegment wide = ctx.allocate((len + 1L) * 8, 8);
        long prev = 0;
        for (int i = 0; i <= len; i++) {
            long o = offsets.getLong(i);
            if (o < 0 || o > elementsLen || (i > 0 && o < prev)) {
                throw VortexException.corrupt(node.location() + ": list offset " + i + " = " + o + " is not within ["
                        + (i > 0 ? prev : 0) + ", " + elementsLen + "]");
            }
            wide.setAtIndex(PrimitiveArray.LE_LONG, i, o);
            prev = o;
        }
        return new ListArray(dtype, wide, elements, len, Nodes.validity(ctx, node, 2, dtype, len));
    }

    /// Decodes `vortex.listview` into a list (copying elements only when views overlap or are out of order).
    public static Array listview(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        DType elem = elementType(node, dtype);
        Nodes.children(node, 3, 4);
        ListViewMetadata m = ListViewMetadata.read(node.metadata());
        PType offsetsPtype = Nodes.ptypeCode(node, m.offsetsPtype(), "offset_ptype");
        PType sizesPtype = Nodes.ptypeCode(node, m.sizesPtype(), "size_ptype");
        int elementsLen = Nodes.length(node, m.elementsLen(), "elements_len");
        Array elements = ctx.decode(node.child(0), elem, elementsLen);
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 1, offsetsPtype, false, len);
        PrimitiveArray sizes = Nodes.primitive(ctx, node, 2, sizesPtype, false, len);
        Validity validity = Nodes.validity(ctx, node, 3, dtype, len);
        MemorySegment wide = ctx.allocate((len + 1L) * 8, 8);
        boolean contiguous = true;
        long total = 0;
        long expectNext = len == 0 ? 0 : offsets.getLong(0);
        for (int i = 0; i < len; i++) {
            long o = offsets.getLong(i);
            long s = sizes.getLong(i);
            if (o < 0 || s < 0 || o + s > elementsLen) {
                throw VortexException.corrupt(node.location() + ": list view " + i + " [" + o + ", +" + s
                        + ") outside the " + elementsLen + " elements");
            }
            if (o != expectNext) {
                contiguous = false;
            }
            expectNext = o + s;
            total += s;
        }
        if (contiguous) {
            for (int i = 0; i < len; i++) {
                wide.setAtIndex(PrimitiveArray.LE_LONG, i, offsets.getLong(i));
            }
            wide.setAtIndex(PrimitiveArray.LE_LONG, len, expectNext);
            return new ListArray(dtype, wide, elements, len, validity);
        }
        int[] idx = new int[DecodeContext.checkedLength(total, "list view element count")];
        int k = 0;
        for (int i = 0; i < len; i++) {
            wide.setAtIndex(PrimitiveArray.LE_LONG, i, k);
            long o = offsets.getLong(i);
            long s = sizes.getLong(i);
            for (long e = 0; e < s; e++) {
                idx[k++] = (int) (o + e);
            }
        }
        wide.setAtIndex(PrimitiveArray.LE_LONG, len, k);
        return new ListArray(dtype, wide, ArrayOps.take(elements, idx, ctx.arena()), len, validity);
    }

    /// Decodes `vortex.map`: one child, the entries as a list of `{key, value}` structs.
    public static Array map(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.MapType m)) {
            throw VortexException.corrupt(node.location() + ": vortex.map cannot decode type " + dtype);
        }
        Nodes.children(node, 1, 1);
        Array entries = ctx.decode(node.child(0), new DType.ListType(ArrayOps.mapEntry(m), m.nullable()), len);
        if (!(entries instanceof ListArray l)) {
            throw VortexException.corrupt(node.location() + ": map entries did not decode to a list");
        }
        return new ListArray(dtype, l.offsets(), l.elements(), len, l.validity());
    }

    /// Decodes `vortex.fixed_size_list`.
    public static Array fixedSizeList(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.FixedSizeList f)) {
            throw VortexException.corrupt(node.location() + ": vortex.fixed_size_list cannot decode type " + dtype);
        }
        Nodes.children(node, 1, 2);
        long n = (long) len * f.size();
        Array elements =
                ctx.decode(node.child(0), f.element(), DecodeContext.checkedLength(n, "fixed-size list elements"));
        return new FixedSizeListArray(f, elements, len, Nodes.validity(ctx, node, 1, dtype, len));
    }
}
