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
            if (typeBits == 64) {
                unpackAll64(packed, width, offset, len, out);
            } else {
                unpackAllWords(packed, typeBits, width, offset, len, out);
            }
        }
        if (meta.patches() != null) {
            Patches.decode(ctx, node, meta.patches(), 0, new DType.Primitive(ptype, dtype.nullable()), len).apply(out);
        }
        Validity validity = Nodes.validity(ctx, node, patchChildren, dtype, len);
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    // Block b holds packed positions [1024 b, 1024 b + 1024); logical row i is packed position i + offset.

    /// Unpacks 8-, 16- and 32-bit values with [BitUnpack#unpackWords], several values per long.
    private static void unpackAllWords(MemorySegment packed, int typeBits, int width, int offset, int len,
            MemorySegment out) {
        int words = 16 * width;
        int bytes = typeBits / 8;
        long[] in = new long[words];
        long[] block = new long[16 * typeBits];
        long end = offset + (long) len;
        for (long b = 0, q = 0; q < end; b++, q += FastLanes.BLOCK) {
            MemorySegment.copy(packed, PrimitiveArray.LE_LONG, b * words * 8, in, 0, words);
            BitUnpack.unpackWords(typeBits, width, in, block);
            int from = b == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            copyOut(block, bytes, from, to, out, (q + from - offset) * bytes);
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
