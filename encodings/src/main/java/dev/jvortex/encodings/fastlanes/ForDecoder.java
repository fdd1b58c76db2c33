package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.ParsedEncodingId;
import java.lang.foreign.MemorySegment;

/// Decodes `fastlanes.for` (frame of reference): every value plus one reference, wrapping.
public final class ForDecoder {
    private ForDecoder() {}

    /// Decodes a `fastlanes.for` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 1, 1);
        Scalar reference;
        try {
            reference = ForMetadata.read(node.metadata(), dtype).reference();
        } catch (VortexException e) {
            throw e.at(node.location() + ": FoR reference");
        }
        if (reference.isNull()) {
            throw VortexException.corrupt(node.location() + ": FoR reference is null");
        }
        long ref = reference.asLong();
        if (ref != 0) {
            PrimitiveArray fused = fused(node, ptype, dtype.nullable(), len, ctx, ref, 0, 1, 1);
            if (fused != null) {
                return new PrimitiveArray(dtype, ptype, fused.data(), len, fused.validity());
            }
        }
        PrimitiveArray encoded = Nodes.primitive(ctx, node, 0, ptype, dtype.nullable(), len);
        if (ref == 0) {
            return new PrimitiveArray(dtype, ptype, encoded.data(), len, encoded.validity());
        }
        // A bit-packed child decodes into memory of its own (see BitPackedDecoder), so the
        // reference is added in place: no second buffer, and the values are still in cache.
        // Any other child may be a view of the file, which must not be written.
        boolean owned = EncodingId.BITPACKED.is(node.child(0).encoding());
        int bytes = ptype.byteWidth();
        MemorySegment out = owned ? encoded.data() : ctx.allocate((long) len * bytes, bytes);
        addReference(encoded.data(), out, bytes, ref, len);
        return new PrimitiveArray(dtype, ptype, out, len, encoded.validity());
    }

    /// Decodes a FoR node whose child is bit-packed without patches in one pass, the reference
    /// added (and ALP applied, `alpBits` 32 or 64) while unpacking; null when it is not such a node.
    /// The reference must not be zero.
    static PrimitiveArray fused(
            EncodedNode node,
            PType ptype,
            boolean nullable,
            int len,
            DecodeContext ctx,
            long reference,
            int alpBits,
            double scale,
            double inverse) {
        if (node.childCount() != 1 || !EncodingId.BITPACKED.is(node.child(0).encoding())) {
            return null;
        }
        return BitPackedDecoder.decodeFused(
                node.child(0), new DType.Primitive(ptype, nullable), len, ctx, reference, alpBits, scale, inverse);
    }

    /// Decodes the integers under an ALP node (`child`, of `ptype` I32 or I64) with the ALP step
    /// `value * scale * inverse` folded into the unpacking, when the child is bit-packed or FoR over
    /// bit-packed without patches; returns null (nothing decoded) otherwise. The result holds the
    /// floats' bits under the integer ptype.
    public static PrimitiveArray decodeAlp(
            EncodedNode child,
            PType ptype,
            boolean nullable,
            int len,
            DecodeContext ctx,
            double scale,
            double inverse) {
        int alpBits = ptype.bitWidth();
        if (alpBits == 64 && !(Simd.ready() && VectorUnpack.FAST_L2D)) {
            // On the scalar path, unpacking and then ALP's own vectorisable pass measured faster for f64.
            return null;
        }
        DType dtype = new DType.Primitive(ptype, nullable);
        ParsedEncodingId id = EncodingId.parse(child.encoding());
        if (id == EncodingId.BITPACKED) {
            return BitPackedDecoder.decodeFused(child, dtype, len, ctx, 0, alpBits, scale, inverse);
        }
        if (id != EncodingId.FOR || child.bufferCount() != 0 || child.childCount() != 1) {
            return null;
        }
        Scalar reference;
        try {
            reference = ForMetadata.read(child.metadata(), dtype).reference();
        } catch (VortexException e) {
            return null; // the ordinary path reports it
        }
        if (reference.isNull()) {
            return null;
        }
        long ref = reference.asLong();
        return ref == 0 ? null : fused(child, ptype, nullable, len, ctx, ref, alpBits, scale, inverse);
    }

    /// Writes `out[i] = in[i] + reference` for `len` values of `bytes` bytes, wrapping (`in` may be `out`).
    static void addReference(MemorySegment in, MemorySegment out, int bytes, long reference, int len) {
        switch (bytes) {
            case 1 -> {
                byte r = (byte) reference;
                for (int i = 0; i < len; i++) {
                    out.set(JAVA_BYTE, i, (byte) (in.get(JAVA_BYTE, i) + r));
                }
            }
            case 2 -> {
                short r = (short) reference;
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) (in.getAtIndex(PrimitiveArray.LE_SHORT, i) + r));
                }
            }
            case 4 -> {
                int r = (int) reference;
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, in.getAtIndex(PrimitiveArray.LE_INT, i) + r);
                }
            }
            default -> {
                for (int i = 0; i < len; i++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, in.getAtIndex(PrimitiveArray.LE_LONG, i) + reference);
                }
            }
        }
    }
}
