package dev.jvortex.encodings.onpair;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.varbin.StringViews;
import dev.jvortex.encodings.varbin.VarBinTake;
import java.lang.foreign.MemorySegment;

/// Takes rows of `vortex.onpair`: the selected rows' code ranges and uncompressed lengths are
/// taken from the children, then only those rows' token ids are taken from the codes child and
/// looked up in the dictionary (read whole: its offsets are one per token).
///
/// As for FSST, a selected row whose tokens do not add up to its length leaves the node to the
/// full decode, which judges the stream as a whole.
public final class OnPairTake {
    private OnPairTake() {}

    /// Largest dictionary copied to the heap for a take.
    static final long HEAP_DICTIONARY_BYTES = 1 << 22;

    /// Takes rows `idx` of a `vortex.onpair` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            return null;
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 4, 5);
        OnPairMetadata meta = OnPairMetadata.read(node.metadata());
        PType lengthsPtype = Nodes.ptypeCode(node, meta.lengthsPtype(), "uncompressed_lengths_ptype");
        PType dictOffsetsPtype = Nodes.ptypeCode(node, meta.dictOffsetsPtype(), "dict_offsets_ptype");
        PType codesPtype = Nodes.ptypeCode(node, meta.codesPtype(), "codes_ptype");
        PType codesOffsetsPtype = Nodes.ptypeCode(node, meta.codesOffsetsPtype(), "codes_offsets_ptype");
        long dictSize = meta.dictSize();
        long totalTokens = meta.totalTokens();
        int tokenCount = Nodes.length(node, dictSize, "dict_size");
        if (tokenCount > (1 << 20)) {
            throw VortexException.corrupt(
                    node.location() + ": onpair dict_size " + tokenCount + " is implausibly large");
        }
        int codeCount = Nodes.length(node, totalTokens, "total_tokens");
        if (!lengthsPtype.isInteger()
                || !dictOffsetsPtype.isInteger()
                || !codesPtype.isInteger()
                || !codesOffsetsPtype.isInteger()) {
            return null;
        }
        MemorySegment dictBytes = node.buffer(0);
        long[] tokenBounds =
                IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, dictOffsetsPtype, false, tokenCount + 1));
        for (int t = 0; t < tokenCount; t++) {
            long s = tokenBounds[t];
            long e = tokenBounds[t + 1];
            if (s < 0 || e < s || e > dictBytes.byteSize()) {
                throw VortexException.corrupt(node.location() + ": onpair token " + t + " spans bytes [" + s + ", " + e
                        + ") outside the " + dictBytes.byteSize() + "-byte dictionary");
            }
        }
        int n = idx.length;
        long[] lengths = ctx.takeLongs(node, 3, lengthsPtype, len, idx);
        long[] bounds = ctx.takeLongs(node, 2, codesOffsetsPtype, len + 1, VarBinTake.pairs(idx));
        Validity validity = ctx.takeValidity(node, 4, dtype, len, idx);
        long[] rowLengths = new long[n + 1];
        long total = 0;
        long tokens = 0;
        for (int k = 0; k < n; k++) {
            long s = bounds[2 * k];
            long e = bounds[2 * k + 1];
            if (s < 0 || e < s || e > codeCount || lengths[k] < 0) {
                return null;
            }
            tokens += e - s;
            rowLengths[k] = lengths[k];
            total += lengths[k];
            if (total < 0 || tokens > Integer.MAX_VALUE - 16) {
                return null;
            }
        }
        rowLengths[n] = total;
        int[] positions = ctx.indexArray(tokens, "onpair tokens taken");
        int at = 0;
        for (int k = 0; k < n; k++) {
            for (long c = bounds[2 * k]; c < bounds[2 * k + 1]; c++) {
                positions[at++] = (int) c;
            }
        }
        long[] ids = ctx.takeLongs(node, 1, codesPtype, codeCount, positions);
        MemorySegment out = ctx.allocate(total + StringViews.SLACK, 8);
        // The rows are assembled on the heap from a heap copy of the dictionary (per-token segment
        // copies of a few bytes each cost several times more), unless the dictionary is large.
        if (total > Integer.MAX_VALUE - 16) {
            return null;
        }
        if (dictBytes.byteSize() <= HEAP_DICTIONARY_BYTES) {
            byte[] rows = new byte[(int) total];
            if (!assemble(
                    ids,
                    bounds,
                    rowLengths,
                    n,
                    tokenBounds,
                    tokenCount,
                    dictBytes.toArray(JAVA_BYTE),
                    rows,
                    null,
                    null)) {
                return null;
            }
            MemorySegment.copy(rows, 0, out, JAVA_BYTE, 0, rows.length);
        } else if (!assemble(ids, bounds, rowLengths, n, tokenBounds, tokenCount, null, null, dictBytes, out)) {
            return null;
        }
        return StringViews.build(dtype, out, total, rowLengths, n, validity, ctx);
    }

    /// Writes the tokens of each selected row back to back into `rows` from `dict`, or, when those
    /// are null, into `out` from the dictionary buffer `dictBytes`; false when a token id is not in
    /// the dictionary or a
    /// row's tokens do not add up to its length.
    private static boolean assemble(
            long[] ids,
            long[] bounds,
            long[] rowLengths,
            int n,
            long[] tokenBounds,
            int tokenCount,
            byte[] dict,
            byte[] rows,
            MemorySegment dictBytes,
            MemorySegment out) {
        long o = 0;
        int at = 0;
        for (int k = 0; k < n; k++) {
            long rowEnd = o + rowLengths[k];
            for (long c = bounds[2 * k]; c < bounds[2 * k + 1]; c++) {
                long t = ids[at++];
                if (t < 0 || t >= tokenCount) {
                    return false;
                }
                long s = tokenBounds[(int) t];
                long size = tokenBounds[(int) t + 1] - s;
                if (size > rowEnd - o) {
                    return false;
                }
                if (rows != null) {
                    System.arraycopy(dict, (int) s, rows, (int) o, (int) size);
                } else {
                    MemorySegment.copy(dictBytes, s, out, o, size);
                }
                o += size;
            }
            if (o != rowEnd) {
                return false;
            }
        }
        return true;
    }
}
