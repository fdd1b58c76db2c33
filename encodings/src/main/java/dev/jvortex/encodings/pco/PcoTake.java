package dev.jvortex.encodings.pco;

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
import java.util.List;

/// Takes rows of `vortex.pco` by decoding only the pages that hold them.
///
/// The pages store the valid rows only, in order, `n_values` per page; a valid row's rank among
/// the valid rows (from the validity, read whole) names its page. The pages needed, with the
/// metadata of their chunks, are handed to [PcoArrayDecoder] as a node of their own (all rows
/// valid, the metadata listing only those chunks and pages), and the rows are gathered from its
/// output. Pages of a chunk decode independently of one another. Only the encoding's public
/// decoder is used; counts that do not add up are left to the whole decode, which reports them.
public final class PcoTake {
    private PcoTake() {}

    /// Takes rows `idx` of a `vortex.pco` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Primitive)) {
            return null;
        }
        Nodes.children(node, 0, 1);
        PcoMetadata meta = PcoMetadata.read(node.metadata());
        byte[] header = meta.header();
        List<long[]> chunks = meta.chunks();
        int pageCount = 0;
        for (long[] p : chunks) {
            pageCount += p.length;
        }
        if (node.bufferCount() != chunks.size() + pageCount) {
            return null;
        }
        Validity validity = Nodes.validity(ctx, node, 0, dtype, len);
        int valid = len - validity.nullCount(len);
        // Pages in order: page g holds valid ranks [starts[g], starts[g + 1]).
        long[] starts = new long[pageCount + 1];
        int[] chunkOf = new int[pageCount];
        int g = 0;
        for (int c = 0; c < chunks.size(); c++) {
            for (long v : chunks.get(c)) {
                chunkOf[g] = c;
                starts[g + 1] = starts[g] + v;
                g++;
            }
        }
        if (starts[pageCount] != valid) {
            return null;
        }
        int n = idx.length;
        long[] ranks = ValidRanks.of(validity, len, idx);
        boolean[] needed = new boolean[pageCount];
        int[] pageOf = new int[n];
        for (int k = 0; k < n; k++) {
            if (ranks[k] >= 0) {
                int at = java.util.Arrays.binarySearch(starts, ranks[k]);
                int p = at >= 0 ? at : -at - 2;
                while (starts[p + 1] <= ranks[k]) {
                    p++; // past empty pages
                }
                pageOf[k] = p;
                needed[p] = true;
            }
        }
        List<long[]> partChunks = new ArrayList<>();
        List<MemorySegment> chunkBuffers = new ArrayList<>();
        List<MemorySegment> pageBuffers = new ArrayList<>();
        long[] viewStart = new long[pageCount];
        long rows = 0;
        g = 0;
        for (int c = 0; c < chunks.size(); c++) {
            long[] chunk = null;
            int kept = 0;
            for (int p = 0; p < chunks.get(c).length; p++, g++) {
                if (!needed[g]) {
                    continue;
                }
                if (chunk == null) {
                    chunk = new long[chunks.get(c).length];
                    chunkBuffers.add(node.buffer(c));
                }
                chunk[kept++] = chunks.get(c)[p];
                pageBuffers.add(node.buffer(chunks.size() + g));
                viewStart[g] = rows;
                rows += chunks.get(c)[p];
            }
            if (chunk != null) {
                partChunks.add(java.util.Arrays.copyOf(chunk, kept));
            }
        }
        if (rows == 0) {
            return Constants.allNull(dtype, n, ctx.arena());
        }
        if (rows > Integer.MAX_VALUE - 16) {
            return null;
        }
        List<MemorySegment> buffers = new ArrayList<>(chunkBuffers);
        buffers.addAll(pageBuffers);
        PartNode part =
                new PartNode(node, new PcoMetadata(header, partChunks).write(), buffers.toArray(MemorySegment[]::new));
        Array decoded = PcoArrayDecoder.decode(part, dtype, (int) rows, ctx);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            int p = pageOf[k];
            positions[k] = ranks[k] < 0 ? -1 : (int) (viewStart[p] + ranks[k] - starts[p]);
        }
        return ValidRanks.gather(decoded, positions, ctx);
    }
}
