package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.patches.Patches;
import java.lang.foreign.MemorySegment;

/// Decodes `fastlanes.bitpacked` into a primitive array (layout in the package docs).
///
/// The output is always freshly allocated from the context, never a view of the input; callers
/// in this package (FoR) rely on that to finish their work in place.
public final class BitPackedDecoder {
    private BitPackedDecoder() {}

    /// Decodes a `fastlanes.bitpacked` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        return decode(node, dtype, len, ctx, 0, 0, 1, 1);
    }

    /// Decodes a `fastlanes.bitpacked` node with a frame-of-reference addition (`reference`,
    /// wrapping in the type) and, for `alpBits` 32 or 64, ALP decoding (`value * scale * inverse`
    /// in f32 or f64) folded into the unpacking; `alpBits` 0 leaves integers. The result has the
    /// integer ptype of `dtype` whatever `alpBits` is (the caller re-labels float bits). Returns
    /// null, having decoded nothing, when the node has patches (they hold encoded values that the
    /// caller must patch in before the reference is added).
    static PrimitiveArray decodeFused(
            EncodedNode node,
            DType dtype,
            int len,
            DecodeContext ctx,
            long reference,
            int alpBits,
            double scale,
            double inverse) {
        return decode(node, dtype, len, ctx, reference, alpBits, scale, inverse);
    }

    private static PrimitiveArray decode(
            EncodedNode node,
            DType dtype,
            int len,
            DecodeContext ctx,
            long reference,
            int alpBits,
            double scale,
            double inverse) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 1, 1);
        BitPackedMetadata meta = BitPackedMetadata.read(node.metadata());
        boolean fused = reference != 0 || alpBits != 0;
        if (fused && meta.patches() != null) {
            return null;
        }
        int typeBits = ptype.bitWidth();
        if (alpBits != 0 && alpBits != typeBits) {
            throw new IllegalArgumentException("ALP on f" + alpBits + " over " + ptype.shortName());
        }
        if (meta.bitWidth() < 0 || meta.bitWidth() > typeBits) {
            throw VortexException.corrupt(node.location() + ": bit width " + Long.toUnsignedString(meta.bitWidth())
                    + " exceeds the " + typeBits + " bits of " + ptype.shortName());
        }
        if (meta.offset() < 0 || meta.offset() >= FastLanes.BLOCK) {
            throw VortexException.corrupt(node.location() + ": bit-packed offset "
                    + Long.toUnsignedString(meta.offset()) + " must be below 1024");
        }
        int width = (int) meta.bitWidth();
        int offset = (int) meta.offset();
        long blocks = (offset + (long) len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        MemorySegment packed = node.buffer(0);
        long expected = blocks * 128 * width;
        if (packed.byteSize() != expected) {
            throw VortexException.corrupt(
                    node.location() + ": packed buffer has " + packed.byteSize() + " bytes, expected " + expected
                            + " for " + len + " values at offset " + offset + " and bit width " + width);
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, patchChildren, patchChildren + 1);

        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        if (width > 0 || fused) {
            unpackAll(packed, typeBits, width, offset, len, out, reference, alpBits, scale, inverse, Simd.ready());
        }
        if (meta.patches() != null) {
            Patches.decode(ctx, node, meta.patches(), 0, new DType.Primitive(ptype, dtype.nullable()), len)
                    .apply(out);
        }
        Validity validity = Nodes.validity(ctx, node, patchChildren, dtype, len);
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    // Block b holds packed positions [1024 b, 1024 b + 1024); logical row i is packed position i + offset.

    /// Unpacks rows `[offset, offset + len)` of the packed blocks into `out`, adding `reference`
    /// and applying ALP (`alpBits` 32 or 64) as [#decodeFused] describes. With `vector` (only when
    /// [Simd#ENABLED]) whole blocks go straight from `packed` to `out` through [VectorUnpack]; the
    /// scalar path copies each block into a `long[]`, unpacks it with [BitUnpack#unpackWords]
    /// (several narrow values per long) and copies the wanted rows out. Package-private so tests
    /// can run both paths.
    static void unpackAll(
            MemorySegment packed,
            int typeBits,
            int width,
            int offset,
            int len,
            MemorySegment out,
            long reference,
            int alpBits,
            double scale,
            double inverse,
            boolean vector) {
        int bytes = typeBits / 8;
        long blockBytes = 128L * width;
        long end = offset + (long) len;
        boolean useVector = vector && width > 0 && (alpBits != 64 || VectorUnpack.FAST_L2D);
        long[] in = useVector ? null : new long[16 * width];
        long[] block = new long[16 * typeBits];
        MemorySegment blockSegment = MemorySegment.ofArray(block);
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            long at = (q + from - offset) * bytes;
            if (useVector) {
                if (from == 0 && to == FastLanes.BLOCK) {
                    // A run of whole blocks in one call: all but a partial last block.
                    int count = (int) Math.min(Integer.MAX_VALUE, (end - q) / FastLanes.BLOCK);
                    vectorBlocks(
                            packed,
                            typeBits,
                            width,
                            b * blockBytes,
                            out,
                            at,
                            count,
                            reference,
                            alpBits,
                            scale,
                            inverse);
                    b += count - 1;
                    q += (long) (count - 1) * FastLanes.BLOCK;
                } else {
                    vectorBlocks(
                            packed,
                            typeBits,
                            width,
                            b * blockBytes,
                            blockSegment,
                            0,
                            1,
                            reference,
                            alpBits,
                            scale,
                            inverse);
                    MemorySegment.copy(blockSegment, (long) from * bytes, out, at, (long) (to - from) * bytes);
                }
                continue;
            }
            MemorySegment.copy(packed, PrimitiveArray.LE_LONG, b * blockBytes, in, 0, in.length);
            if (typeBits == 64) {
                BitUnpack.unpack64(width, in, block); // same layout; measured faster for u64 than the general kernel
            } else {
                BitUnpack.unpackWords(typeBits, width, in, block);
            }
            BitUnpack.addWords(typeBits, block, block.length, reference);
            if (alpBits == 64) {
                for (int i = 0; i < block.length; i++) {
                    block[i] = Double.doubleToRawLongBits((double) block[i] * scale * inverse);
                }
            } else if (alpBits == 32) {
                float s = (float) scale;
                float inv = (float) inverse;
                for (int i = 0; i < block.length; i++) {
                    long w = block[i];
                    long lo = Float.floatToRawIntBits((float) (int) w * s * inv) & 0xFFFF_FFFFL;
                    long hi = Float.floatToRawIntBits((float) (int) (w >>> 32) * s * inv);
                    block[i] = lo | hi << 32;
                }
            }
            copyOut(block, bytes, from, to, out, at);
        }
    }

    private static void vectorBlocks(
            MemorySegment packed,
            int typeBits,
            int width,
            long in,
            MemorySegment out,
            long at,
            int count,
            long reference,
            int alpBits,
            double scale,
            double inverse) {
        switch (alpBits) {
            case 64 -> VectorUnpack.blockF64(width, packed, in, out, at, count, reference, scale, inverse);
            case 32 ->
                VectorUnpack.blockF32(
                        width, packed, in, out, at, count, (int) reference, (float) scale, (float) inverse);
            default -> VectorUnpack.block(typeBits, width, packed, in, out, at, count, reference);
        }
    }

    /// Writes values `[from, to)` of a block held as little-endian longs ([BitUnpack#unpackWords])
    /// to `out` at byte `at`: whole longs in one bulk copy, the values before and after one by one.
    private static void copyOut(long[] block, int bytes, int from, int to, MemorySegment out, long at) {
        int perLong = 8 / bytes;
        int k = from;
        for (; k < to && k % perLong != 0; k++) {
            putValue(block, bytes, k, out, at + (long) (k - from) * bytes);
        }
        int whole = (to - k) / perLong;
        if (whole > 0) {
            MemorySegment.copy(block, k / perLong, out, PrimitiveArray.LE_LONG, at + (long) (k - from) * bytes, whole);
            k += whole * perLong;
        }
        for (; k < to; k++) {
            putValue(block, bytes, k, out, at + (long) (k - from) * bytes);
        }
    }

    private static void putValue(long[] block, int bytes, int k, MemorySegment out, long at) {
        int perLong = 8 / bytes;
        long v = block[k / perLong] >>> (k % perLong * bytes * 8);
        switch (bytes) {
            case 1 -> out.set(JAVA_BYTE, at, (byte) v);
            case 2 -> out.set(PrimitiveArray.LE_SHORT, at, (short) v);
            default -> out.set(PrimitiveArray.LE_INT, at, (int) v);
        }
    }
}
