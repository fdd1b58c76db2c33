package dev.jvortex.encodings.canonical;



import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Decoders of the canonical encodings: the buffers are (nearly) the in-memory form, so most
/// decode without copying values.
///
/// ## Bytes
/// - `vortex.null`: nothing.
/// - `vortex.bool`: metadata `{uint32 offset = 1}` (bit offset < 8); buffer 0 = LSB-first bits; children `[validity?]`.
/// - `vortex.primitive`: buffer 0 = `len × width` little-endian values; children `[validity?]`.
/// - `vortex.decimal`: metadata `{DecimalType values_type = 1}` (width 2^type bytes); buffer 0 = values; `[validity?]`.
/// - `vortex.varbin`: metadata `{PType offsets_ptype = 1}`; buffer 0 = bytes; children `[offsets (len+1), validity?]`.
/// - `vortex.varbinview`: buffers = data buffers then the 16-byte views; children `[validity?]`.
/// - `vortex.struct`: children `[validity?, field...]`.
/// - `vortex.list`: metadata `{uint64 elements_len = 1; PType offset_ptype = 2}`; children `[elements, offsets (len+1), validity?]`.
/// - `vortex.listview`: metadata adds `PType size_ptype = 3`; children `[elements, offsets, sizes, validity?]`.
/// - `vortex.fixed_size_list`: children `[elements (len × size), validity?]`.
/// - `vortex.ext`: children `[storage]`.
/// - `vortex.map`: children `[entries: list of {key, value} structs, with the map's nullability]`.
public final class CanonicalDecoders {
    private CanonicalDecoders() {}

    /// Decodes `vortex.null`.
    public static Array nullArray(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Null)) {
            throw VortexException.corrupt(node.location() + ": vortex.null cannot decode type " + dtype);
        }
        return new NullArray(len);
    }

    /// Decodes `vortex.bool`.
    public static Array bool(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Bool)) {
            throw VortexException.corrupt(node.location() + ": vortex.bool cannot decode type " + dtype);
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 1);
        long offset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "BoolMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                offset = r.readVarint();
            } else {
                r.skip();
            }
        }
        if (offset < 0 || offset >= 8) {
            throw VortexException.corrupt(node.location() + ": bool bit offset " + offset + " must be below 8");
        }
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() < Bits.byteLength(offset + len)) {
            throw VortexException.corrupt(node.location() + ": bool buffer of " + buf.byteSize() + " bytes is too short for "
                    + len + " values");
        }
        MemorySegment bits = offset == 0 ? buf : shifted(buf, offset, len, ctx);
        return new BoolArray(dtype, bits, len, Nodes.validity(ctx, node, 0, dtype, len));
    }

    private static MemorySegment shifted(MemorySegment buf, long offset, int len, DecodeContext ctx) {
        MemorySegment out = ctx.allocate(Bits.byteLength(len), 1);
        Bits.copy(buf, offset, out, 0, len);
        return out;
    }

    /// Decodes `vortex.primitive`.
    public static Array primitive(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 1);
        MemorySegment buf = node.buffer(0);
        long expected = (long) len * ptype.byteWidth();
        if (buf.byteSize() != expected) {
            throw VortexException.corrupt(node.location() + ": primitive buffer has " + buf.byteSize() + " bytes, expected "
                    + expected + " for " + len + " " + ptype.shortName() + " values");
        }
        return new PrimitiveArray(dtype, ptype, buf, len, Nodes.validity(ctx, node, 0, dtype, len));
    }

    /// Decodes `vortex.decimal`.
    public static Array decimal(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Decimal d)) {
            throw VortexException.corrupt(node.location() + ": vortex.decimal cannot decode type " + dtype);
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 1);
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
            throw VortexException.corrupt(node.location() + ": unknown decimal value type " + type);
        }
        int width = 1 << type;
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() != (long) len * width) {
            throw VortexException.corrupt(node.location() + ": decimal buffer has " + buf.byteSize() + " bytes, expected "
                    + (long) len * width);
        }
        return new DecimalArray(d, width, buf, len, Nodes.validity(ctx, node, 0, dtype, len));
    }

    /// Decodes `vortex.varbin` into views over its byte buffer (no value bytes are copied).
    public static Array varbin(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        requireString(node, dtype);
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
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 0, offPtype, false, len + 1);
        MemorySegment bytes = node.buffer(0);
        MemorySegment views = ctx.allocate(len * 16L, 16);
        for (int i = 0; i < len; i++) {
            long start = offsets.getLong(i);
            long end = offsets.getLong(i + 1);
            if (start < 0 || end < start || end > bytes.byteSize()) {
                throw VortexException.corrupt(node.location() + ": varbin offsets [" + start + ", " + end + ") of row " + i
                        + " outside the " + bytes.byteSize() + "-byte buffer");
            }
            writeView(views, i, bytes, start, (int) (end - start), 0);
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {bytes}, len, Nodes.validity(ctx, node, 1, dtype, len));
    }

    /// Builds the views of consecutive values of the given lengths laid end to end in `data` (buffer 0).
    public static MemorySegment views(MemorySegment data, int[] lengths, DecodeContext ctx) {
        int n = lengths.length;
        MemorySegment views = ctx.allocate(n * 16L, 16);
        long pos = 0;
        for (int i = 0; i < n; i++) {
            int size = lengths[i];
            long v = i * 16L;
            views.set(PrimitiveArray.LE_INT, v, size);
            if (size <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(data, pos, views, v + 4, size);
            } else {
                views.set(PrimitiveArray.LE_INT, v + 4, data.get(PrimitiveArray.LE_INT, pos));
                views.set(PrimitiveArray.LE_INT, v + 12, (int) pos);
            }
            pos += size;
        }
        return views;
    }

    /// Builds the views of consecutive values laid end to end in the heap array `data` (which has at
    /// least 16 bytes of slack after the last value); the views refer to buffer 0. Works on heap
    /// words and copies the result once, which is several times faster than per-view segment copies.
    public static MemorySegment views(byte[] data, int[] lengths, DecodeContext ctx) {
        int n = lengths.length;
        byte[] v = new byte[n * 16 + 16];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            int size = lengths[i];
            long lo = dev.jvortex.core.internal.Heap.getLong(data, pos);
            int at = i * 16;
            if (size <= VarBinViewArray.MAX_INLINED) {
                long hi = dev.jvortex.core.internal.Heap.getLong(data, pos + 8);
                long first = size >= 4 ? lo & 0xFFFFFFFFL : lo & mask(size);
                long rest = ((lo >>> 32) | (hi << 32)) & mask(Math.max(0, size - 4));
                dev.jvortex.core.internal.Heap.putLong(v, at, (size & 0xFFFFFFFFL) | (first << 32));
                dev.jvortex.core.internal.Heap.putLong(v, at + 8, rest);
            } else {
                dev.jvortex.core.internal.Heap.putLong(v, at, (size & 0xFFFFFFFFL) | (lo << 32));
                dev.jvortex.core.internal.Heap.putLong(v, at + 8, ((long) pos) << 32);
            }
            pos += size;
        }
        MemorySegment views = ctx.allocate(n * 16L, 16);
        MemorySegment.copy(v, 0, views, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, n * 16);
        return views;
    }

    private static long mask(int bytes) {
        return bytes >= 8 ? -1L : (1L << (8 * bytes)) - 1;
    }

    /// Writes view `i` for `size` bytes at `start` of `data` (buffer index `bufferIndex`).
    public static void writeView(MemorySegment views, int i, MemorySegment data, long start, int size, int bufferIndex) {
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
            throw VortexException.corrupt(node.location() + ": views buffer has " + views.byteSize() + " bytes, expected "
                    + len * 16L);
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
                    throw VortexException.corrupt(node.location() + ": view " + i + " points at buffer " + b + " bytes ["
                            + off + ", " + (off + size) + ") outside the data");
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

    /// Decodes `vortex.struct`.
    public static Array struct(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Struct s)) {
            throw VortexException.corrupt(node.location() + ": vortex.struct cannot decode type " + dtype);
        }
        int n = s.size();
        Nodes.children(node, n, n + 1);
        boolean hasValidity = node.childCount() == n + 1;
        Validity validity = hasValidity ? Nodes.validity(ctx, node, 0, dtype, len) : Validity.ALL_VALID;
        List<Array> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            fields.add(ctx.decode(node.child(i + (hasValidity ? 1 : 0)), s.fields().get(i), len));
        }
        return new StructArray(s, fields, len, validity);
    }

    private record ListMeta(long elementsLen, PType offsets, PType sizes) {}

    private static ListMeta listMeta(EncodedNode node, String what) {
        long elementsLen = 0;
        long offsets = 0;
        long sizes = 0;
        ProtoReader r = new ProtoReader(node.metadata(), what);
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLen = r.readVarint();
                case 2 -> offsets = r.readVarint();
                case 3 -> sizes = r.readVarint();
                default -> r.skip();
            }
        }
        return new ListMeta(elementsLen, Nodes.ptypeCode(node, offsets, "offset_ptype"), Nodes.ptypeCode(node, sizes, "size_ptype"));
    }

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
        ListMeta m = listMeta(node, "ListMetadata");
        int elementsLen = Nodes.length(node, m.elementsLen(), "elements_len");
        Array elements = ctx.decode(node.child(0), elem, elementsLen);
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 1, m.offsets(), false, len + 1);
        MemorySegment wide = ctx.allocate((len + 1L) * 8, 8);
        long prev = 0;
        for (int i = 0; i <= len; i++) {
            long o = offsets.getLong(i);
            if (o < 0 || o > elementsLen || (i > 0 && o < prev)) {
                throw VortexException.corrupt(node.location() + ": list offset " + i + " = " + o
                        + " is not within [" + (i > 0 ? prev : 0) + ", " + elementsLen + "]");
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
        ListMeta m = listMeta(node, "ListViewMetadata");
        int elementsLen = Nodes.length(node, m.elementsLen(), "elements_len");
        Array elements = ctx.decode(node.child(0), elem, elementsLen);
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 1, m.offsets(), false, len);
        PrimitiveArray sizes = Nodes.primitive(ctx, node, 2, m.sizes(), false, len);
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
        Array elements = ctx.decode(node.child(0), f.element(), DecodeContext.checkedLength(n, "fixed-size list elements"));
        return new FixedSizeListArray(f, elements, len, Nodes.validity(ctx, node, 1, dtype, len));
    }

    /// Decodes `vortex.ext`.
    public static Array extension(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Extension e)) {
            throw VortexException.corrupt(node.location() + ": vortex.ext cannot decode type " + dtype);
        }
        Nodes.children(node, 1, 1);
        return new ExtensionArray(e, ctx.decode(node.child(0), e.storage(), len));
    }

}
