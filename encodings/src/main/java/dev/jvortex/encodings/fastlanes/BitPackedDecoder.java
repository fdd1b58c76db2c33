package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
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

    /// The metadata: `bit_width`, `offset` and the optional patches.
    record Metadata(long bitWidth, long offset, Patches.Metadata patches) {
        static Metadata read(byte[] bytes) {
            long bitWidth = 0;
            long offset = 0;
            Patches.Metadata patches = null;
            ProtoReader r = new ProtoReader(bytes, "BitPackedMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> bitWidth = r.readVarint();
                    case 2 -> offset = r.readVarint();
                    case 3 -> patches = Patches.Metadata.read(r.readMessage("PatchesMetadata"));
                    default -> r.skip();
                }
            }
            return new Metadata(bitWidth, offset, patches);
        }
    }

    /// Decodes a `fastlanes.bitpacked` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 1, 1);
        Metadata meta = Metadata.read(node.metadata());
        int typeBits = ptype.bitWidth();
        if (meta.bitWidth() < 0 || meta.bitWidth() > typeBits) {
            throw VortexException.corrupt(node.location() + ": bit width " + Long.toUnsignedString(meta.bitWidth())
                    + " exceeds the " + typeBits + " bits of " + ptype.shortName());
        }
        if (meta.offset() < 0 || meta.offset() >= FastLanes.BLOCK) {
            throw VortexException.corrupt(node.location() + ": bit-packed offset " + Long.toUnsignedString(meta.offset())
                    + " must be below 1024");
        }
        int width = (int) meta.bitWidth();
        int offset = (int) meta.offset();
        long blocks = (offset + (long) len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        MemorySegment packed = node.buffer(0);
        long expected = blocks * 128 * width;
        if (packed.byteSize() != expected) {
            throw VortexException.corrupt(node.location() + ": packed buffer has " + packed.byteSize() + " bytes, expected "
                    + expected + " for " + len + " values at offset " + offset + " and bit width " + width);
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, patchChildren, patchChildren + 1);

        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        if (width > 0) {
            switch (typeBits) {
                case 8 -> unpackAll8(packed, width, offset, len, out);
                case 16 -> unpackAll16(packed, width, offset, len, out);
                case 32 -> unpackAll32(packed, width, offset, len, out);
                default -> unpackAll64(packed, width, offset, len, out);
            }
        }
        if (meta.patches() != null) {
            Patches.decode(ctx, node, meta.patches(), 0, new DType.Primitive(ptype, dtype.nullable()), len).apply(out);
        }
        Validity validity = Nodes.validity(ctx, node, patchChildren, dtype, len);
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    // One loop per word size so each keeps its scratch arrays and kernel monomorphic. Block b holds
    // packed positions [1024 b, 1024 b + 1024); logical row i is packed position i + offset.

    private static void unpackAll8(MemorySegment packed, int width, int offset, int len, MemorySegment out) {
        int words = 128 * width;
        byte[] in = new byte[words];
        byte[] block = new byte[FastLanes.BLOCK];
        long end = offset + (long) len;
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            MemorySegment.copy(packed, JAVA_BYTE, b * words, in, 0, words);
            BitUnpack.unpack8(width, in, block);
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            MemorySegment.copy(block, from, out, JAVA_BYTE, q + from - offset, to - from);
        }
    }

    private static void unpackAll16(MemorySegment packed, int width, int offset, int len, MemorySegment out) {
        int words = 64 * width;
        short[] in = new short[words];
        short[] block = new short[FastLanes.BLOCK];
        long end = offset + (long) len;
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            MemorySegment.copy(packed, PrimitiveArray.LE_SHORT, b * words * 2, in, 0, words);
            BitUnpack.unpack16(width, in, block);
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            MemorySegment.copy(block, from, out, PrimitiveArray.LE_SHORT, (q + from - offset) * 2, to - from);
        }
    }

    private static void unpackAll32(MemorySegment packed, int width, int offset, int len, MemorySegment out) {
        int words = 32 * width;
        int[] in = new int[words];
        int[] block = new int[FastLanes.BLOCK];
        long end = offset + (long) len;
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            MemorySegment.copy(packed, PrimitiveArray.LE_INT, b * words * 4, in, 0, words);
            BitUnpack.unpack32(width, in, block);
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            MemorySegment.copy(block, from, out, PrimitiveArray.LE_INT, (q + from - offset) * 4, to - from);
        }
    }

    private static void unpackAll64(MemorySegment packed, int width, int offset, int len, MemorySegment out) {
        int words = 16 * width;
        long[] in = new long[words];
        long[] block = new long[FastLanes.BLOCK];
        long end = offset + (long) len;
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            MemorySegment.copy(packed, PrimitiveArray.LE_LONG, b * words * 8, in, 0, words);
            BitUnpack.unpack64(width, in, block);
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            MemorySegment.copy(block, from, out, PrimitiveArray.LE_LONG, (q + from - offset) * 8, to - from);
        }
    }
}
