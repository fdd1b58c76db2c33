package dev.jvortex.encodings.canonical;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Decoders of the fixed-width canonical encodings (`vortex.null`, `vortex.bool`,
/// `vortex.primitive`, `vortex.decimal`) and of `vortex.struct` and `vortex.ext` (bytes in the
/// package docs): the buffers are the in-memory form, so they decode without copying values.
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
        long offset = BoolMetadata.read(node.metadata()).offset();
        if (offset < 0 || offset >= 8) {
            throw VortexException.corrupt(node.location() + ": bool bit offset " + offset + " must be below 8");
        }
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() < Bits.byteLength(offset + len)) {
            throw VortexException.corrupt(node.location() + ": bool buffer of " + buf.byteSize()
                    + " bytes is too short for " + len + " values");
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
            throw VortexException.corrupt(node.location() + ": primitive buffer has " + buf.byteSize()
                    + " bytes, expected " + expected + " for " + len + " " + ptype.shortName() + " values");
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
        long type = DecimalMetadata.read(node.metadata()).valuesType();
        if (type < 0 || type > 5) {
            throw VortexException.corrupt(node.location() + ": unknown decimal value type " + type);
        }
        int width = 1 << type;
        MemorySegment buf = node.buffer(0);
        if (buf.byteSize() != (long) len * width) {
            throw VortexException.corrupt(node.location() + ": decimal buffer has " + buf.byteSize()
                    + " bytes, expected " + (long) len * width);
        }
        return new DecimalArray(d, width, buf, len, Nodes.validity(ctx, node, 0, dtype, len));
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
            fields.add(
                    ctx.decode(node.child(i + (hasValidity ? 1 : 0)), s.fields().get(i), len));
        }
        return new StructArray(s, fields, len, validity);
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
