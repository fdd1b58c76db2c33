package dev.jvortex.encodings.zstd;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Takes rows of `vortex.zstd` by decompressing only the frames that hold them.
///
/// The frames store the valid rows only, in order, `n_values` per frame; a valid row's rank among
/// the valid rows (from the validity, read whole) names its frame. The frames needed are handed,
/// with the dictionary, to [ZstdDecoder] as a node of their own (all rows valid, the metadata
/// listing only those frames), and the rows are gathered from its output. Frames whose value
/// count is not stored (old primitive-only files store 0: then it is size / width) are handled
/// for primitives; strings with such frames, or counts that do not add up to the valid rows, are
/// left to the whole decode. Only the encoding's public decoder is used.
public final class ZstdTake {
    private ZstdTake() {}

    /// Takes rows `idx` of a `vortex.zstd` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        boolean strings = dtype instanceof DType.Utf8 || dtype instanceof DType.Binary;
        if (!strings && !(dtype instanceof DType.Primitive)) {
            return null;
        }
        int width = strings ? 1 : ((DType.Primitive) dtype).ptype().byteWidth();
        Nodes.children(node, 0, 1);
        long dictionarySize = 0;
        List<long[]> frames = new ArrayList<>();
        ProtoReader r = new ProtoReader(node.metadata(), "ZstdMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> dictionarySize = r.readVarint() & 0xFFFFFFFFL;
                case 2 -> {
                    ProtoReader f = r.readMessage("ZstdFrameMetadata");
                    long size = 0;
                    long values = 0;
                    while (f.next()) {
                        switch (f.field()) {
                            case 1 -> size = f.readVarint();
                            case 2 -> values = f.readVarint();
                            default -> f.skip();
                        }
                    }
                    if (values == 0 && size != 0) {
                        if (strings) {
                            return null;
                        }
                        values = size / width;
                    }
                    frames.add(new long[] {size, values});
                }
                default -> r.skip();
            }
        }
        int first = dictionarySize > 0 ? 1 : 0;
        if (node.bufferCount() != first + frames.size()) {
            return null; // the whole decode reports it
        }
        Validity validity = Nodes.validity(ctx, node, 0, dtype, len);
        int valid = len - validity.nullCount(len);
        // Cumulative value counts: frame f holds valid ranks [starts[f], starts[f + 1]).
        long[] starts = new long[frames.size() + 1];
        for (int f = 0; f < frames.size(); f++) {
            long v = frames.get(f)[1];
            if (v < 0) {
                return null;
            }
            starts[f + 1] = starts[f] + v;
            if (starts[f + 1] < 0) {
                return null;
            }
        }
        if (starts[frames.size()] != valid) {
            return null;
        }
        int n = idx.length;
        long[] ranks = ranks(validity, len, idx);
        // The frames needed, in order, and where each begins among the decoded values.
        boolean[] needed = new boolean[frames.size()];
        int[] frameOf = new int[n];
        for (int k = 0; k < n; k++) {
            if (ranks[k] < 0) {
                continue;
            }
            int at = Arrays.binarySearch(starts, ranks[k]);
            int f = at >= 0 ? at : -at - 2;
            while (starts[f + 1] <= ranks[k]) {
                f++; // past frames holding no values
            }
            frameOf[k] = f;
            needed[f] = true;
        }
        ProtoWriter meta = new ProtoWriter();
        if (dictionarySize > 0) {
            meta.varint(1, dictionarySize);
        }
        List<MemorySegment> buffers = new ArrayList<>();
        if (first == 1) {
            buffers.add(node.buffer(0));
        }
        long[] viewStart = new long[frames.size()];
        long rows = 0;
        for (int f = 0; f < frames.size(); f++) {
            if (needed[f]) {
                viewStart[f] = rows;
                rows += frames.get(f)[1];
                meta.bytes(2, new ProtoWriter().varint(1, frames.get(f)[0]).varint(2, frames.get(f)[1]).toByteArray());
                buffers.add(node.buffer(first + f));
            }
        }
        if (rows == 0) {
            return Constants.allNull(dtype, n, ctx.arena());
        }
        if (rows > Integer.MAX_VALUE - 16) {
            return null;
        }
        Array decoded = ZstdDecoder.zstd(new FramesNode(node, meta.toByteArray(), buffers.toArray(MemorySegment[]::new)),
                dtype, (int) rows, ctx);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            if (ranks[k] >= 0) {
                int f = frameOf[k];
                positions[k] = (int) (viewStart[f] + ranks[k] - starts[f]);
            }
        }
        Array out = ArrayOps.take(decoded, positions, ctx.arena());
        if (validity.isAllValid()) {
            return out;
        }
        MemorySegment bits = ctx.allocate(Math.max(1, Bits.byteLength(n)), 8);
        for (int k = 0; k < n; k++) {
            if (ranks[k] >= 0) {
                Bits.set(bits, k);
            }
        }
        return ArrayOps.withValidity(out, Validity.ofBits(bits));
    }

    /// Returns each selected row's rank among the valid rows, or -1 for a null row.
    private static long[] ranks(Validity validity, int len, int[] idx) {
        long[] out = new long[idx.length];
        if (validity.isAllValid()) {
            for (int k = 0; k < idx.length; k++) {
                out[k] = idx[k];
            }
            return out;
        }
        if (validity.isAllInvalid()) {
            Arrays.fill(out, -1);
            return out;
        }
        MemorySegment bits = validity.bits();
        // Valid rows before each 64-row word, then the bits below the row within its word.
        int words = (len + 63) >>> 6;
        long[] before = new long[words + 1];
        long[] word = new long[words];
        for (int w = 0; w < words; w++) {
            long v = 0;
            for (int b = 0; b < 8; b++) {
                long at = (long) w * 8 + b;
                if (at < Bits.byteLength(len)) {
                    v |= (bits.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at) & 0xFFL) << (8 * b);
                }
            }
            if (w == words - 1 && (len & 63) != 0) {
                v &= (1L << (len & 63)) - 1;
            }
            word[w] = v;
            before[w + 1] = before[w] + Long.bitCount(v);
        }
        for (int k = 0; k < idx.length; k++) {
            int i = idx[k];
            long v = word[i >>> 6];
            out[k] = (v >>> (i & 63) & 1) == 0 ? -1 : before[i >>> 6] + Long.bitCount(v & ((1L << (i & 63)) - 1));
        }
        return out;
    }

    /// The node with only some frames: its own metadata and buffers, no validity child.
    private record FramesNode(EncodedNode original, byte[] metadata, MemorySegment[] buffers) implements EncodedNode {
        @Override
        public String encoding() {
            return original.encoding();
        }

        @Override
        public byte[] metadata() {
            return metadata.clone();
        }

        @Override
        public int childCount() {
            return 0;
        }

        @Override
        public EncodedNode child(int i) {
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public int bufferCount() {
            return buffers.length;
        }

        @Override
        public MemorySegment buffer(int i) {
            return buffers[i];
        }

        @Override
        public String location() {
            return original.location();
        }
    }
}
