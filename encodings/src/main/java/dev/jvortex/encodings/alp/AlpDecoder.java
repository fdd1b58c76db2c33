package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.fastlanes.ForDecoder;
import dev.jvortex.encodings.patches.Patches;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.alp`: `value = (float) encoded × 10^f × 10^-e`, then the patches.
///
/// Bit-exact with the reference: the powers of ten are the reference's decimal literals (each
/// correctly rounded to the float type, never computed by repeated division), and the two
/// multiplications are done left to right in the float type itself (f32 for f32 arrays).
public final class AlpDecoder {
    private AlpDecoder() {}

    /// Largest exponent the reference accepts for f32 arrays.
    static final int F32_MAX_EXPONENT = 10;
    /// Largest exponent the reference accepts for f64 arrays.
    static final int F64_MAX_EXPONENT = 18;

    /// `10^k` as f32 literals, k = 0..10.
    static final float[] F10_F32 = {
        1f, 10f, 100f, 1000f, 10000f, 100000f, 1000000f, 10000000f, 100000000f, 1000000000f, 10000000000f
    };
    /// `10^-k` as f32 literals, k = 0..10.
    static final float[] IF10_F32 = {
        1f, 0.1f, 0.01f, 0.001f, 0.0001f, 0.00001f, 0.000001f, 0.0000001f, 0.00000001f, 0.000000001f, 0.0000000001f
    };
    /// `10^k` as f64 literals, k = 0..23.
    static final double[] F10_F64 = {
        1.0,
        10.0,
        100.0,
        1000.0,
        10000.0,
        100000.0,
        1000000.0,
        10000000.0,
        100000000.0,
        1000000000.0,
        10000000000.0,
        100000000000.0,
        1000000000000.0,
        10000000000000.0,
        100000000000000.0,
        1000000000000000.0,
        10000000000000000.0,
        100000000000000000.0,
        1000000000000000000.0,
        10000000000000000000.0,
        100000000000000000000.0,
        1000000000000000000000.0,
        10000000000000000000000.0,
        100000000000000000000000.0
    };
    /// `10^-k` as f64 literals, k = 0..23.
    static final double[] IF10_F64 = {
        1.0,
        0.1,
        0.01,
        0.001,
        0.0001,
        0.00001,
        0.000001,
        0.0000001,
        0.00000001,
        0.000000001,
        0.0000000001,
        0.00000000001,
        0.000000000001,
        0.0000000000001,
        0.00000000000001,
        0.000000000000001,
        0.0000000000000001,
        0.00000000000000001,
        0.000000000000000001,
        0.0000000000000000001,
        0.00000000000000000001,
        0.000000000000000000001,
        0.0000000000000000000001,
        0.00000000000000000000001
    };

    /// Decodes a `vortex.alp` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        if (ptype != PType.F32 && ptype != PType.F64) {
            throw VortexException.corrupt(node.location() + ": vortex.alp needs f32 or f64, not " + dtype);
        }
        Nodes.buffers(node, 0, 0);
        AlpMetadata meta = AlpMetadata.read(node.metadata());
        int max = ptype == PType.F32 ? F32_MAX_EXPONENT : F64_MAX_EXPONENT;
        if (meta.e() < 0 || meta.e() > max || meta.f() < 0 || meta.f() > max) {
            throw VortexException.corrupt(node.location() + ": ALP exponents e=" + Long.toUnsignedString(meta.e())
                    + ", f=" + Long.toUnsignedString(meta.f()) + " must be at most " + max + " for "
                    + ptype.shortName());
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, 1 + patchChildren, 1 + patchChildren);
        int e = (int) meta.e();
        int f = (int) meta.f();
        MemorySegment out;
        PrimitiveArray encoded;
        PType intType = ptype == PType.F32 ? PType.I32 : PType.I64;
        double scale = ptype == PType.F32 ? F10_F32[f] : F10_F64[f];
        double inverse = ptype == PType.F32 ? IF10_F32[e] : IF10_F64[e];
        PrimitiveArray fused = ForDecoder.decodeAlp(node.child(0), intType, dtype.nullable(), len, ctx, scale, inverse);
        if (fused != null) {
            // Decoded into memory of its own, floats already: only the patches are left.
            encoded = fused;
            out = fused.data();
        } else if (ptype == PType.F32) {
            encoded = Nodes.primitive(ctx, node, 0, PType.I32, dtype.nullable(), len);
            out = ctx.allocate(len * 4L, 4);
            decode32(encoded.data(), out, len, F10_F32[f], IF10_F32[e]);
        } else {
            encoded = Nodes.primitive(ctx, node, 0, PType.I64, dtype.nullable(), len);
            out = ctx.allocate(len * 8L, 8);
            decode64(encoded.data(), out, len, F10_F64[f], IF10_F64[e]);
        }
        if (meta.patches() != null) {
            Patches.decode(ctx, node, meta.patches(), 1, new DType.Primitive(ptype, dtype.nullable()), len)
                    .apply(out);
        }
        return new PrimitiveArray(dtype, ptype, out, len, encoded.validity());
    }

    /// Values converted per chunk (through Java arrays, so the conversion loop can be vectorised by the JIT).
    private static final int CHUNK = 2048;

    private static void decode32(MemorySegment in, MemorySegment out, int len, float scale, float inverse) {
        int[] ints = new int[Math.min(len, CHUNK)];
        float[] floats = new float[ints.length];
        for (int at = 0; at < len; at += CHUNK) {
            int m = Math.min(CHUNK, len - at);
            MemorySegment.copy(in, PrimitiveArray.LE_INT, 4L * at, ints, 0, m);
            for (int i = 0; i < m; i++) {
                // Two float multiplications, in this order, like the reference; not one by a folded constant.
                floats[i] = (float) ints[i] * scale * inverse;
            }
            MemorySegment.copy(floats, 0, out, PrimitiveArray.LE_FLOAT, 4L * at, m);
        }
    }

    private static void decode64(MemorySegment in, MemorySegment out, int len, double scale, double inverse) {
        // A plain segment loop: measured faster for f64 than going through Java arrays.
        for (int i = 0; i < len; i++) {
            double v = (double) in.getAtIndex(PrimitiveArray.LE_LONG, i) * scale * inverse;
            out.setAtIndex(PrimitiveArray.LE_DOUBLE, i, v);
        }
    }
}
