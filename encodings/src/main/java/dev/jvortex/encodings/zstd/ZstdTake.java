package dev.jvortex.encodings.zstd;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.PartNode;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.ValidRanks;
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
        ZstdMetadata meta = ZstdMetadata.read(node.metadata());
        long dictionarySize = meta.dictionarySize();
        List<long[]> frames = new ArrayList<>();
        for (ZstdMetadata.Frame frame : meta.frames()) {
            long size = frame.uncompressedSize();
            long values = frame.values();
            if (values == 0 && size != 0) {
                if (strings) {
                    return null;
                }
                values = size / width;
            }
            frames.add(new long[] {size, values});
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
        long[] ranks = ValidRanks.of(validity, len, idx);
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
        List<ZstdMetadata.Frame> partFrames = new ArrayList<>();
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
                partFrames.add(new ZstdMetadata.Frame(frames.get(f)[0], frames.get(f)[1]));
                buffers.add(node.buffer(first + f));
            }
        }
        if (rows == 0) {
            return Constants.allNull(dtype, n, ctx.arena());
        }
        if (rows > Integer.MAX_VALUE - 16) {
            return null;
        }
        PartNode part = new PartNode(
                node, new ZstdMetadata(dictionarySize, partFrames).write(), buffers.toArray(MemorySegment[]::new));
        Array decoded = ZstdDecoder.zstd(part, dtype, (int) rows, ctx);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            int f = frameOf[k];
            positions[k] = ranks[k] < 0 ? -1 : (int) (viewStart[f] + ranks[k] - starts[f]);
        }
        return ValidRanks.gather(decoded, positions, ctx);
    }
}
