package dev.jvortex.encodings.fsst;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.varbin.StringViews;
import dev.jvortex.encodings.varbin.VarBinTake;
import java.lang.foreign.MemorySegment;

/// Takes rows of `vortex.fsst` (current three-buffer form): the selected rows' code ranges and
/// uncompressed lengths are taken from the children and only those rows are decompressed.
///
/// A full decode decompresses the whole code window as one stream and cuts rows by their lengths;
/// rows decompressed one by one agree with it whenever every row's codes decode to that row's
/// length, as writers produce them. A selected row that does not (or whose codes are not a valid
/// stream on their own) leaves the node to the full decode, which accepts or rejects it. The
/// legacy two-buffer form is decoded whole.
public final class FsstTake {
    private FsstTake() {}

    /// Takes rows `idx` of a `vortex.fsst` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary) || node.bufferCount() != 3) {
            return null;
        }
        FsstMetadata meta = FsstMetadata.read(node.metadata());
        PType lengthsPtype = Nodes.ptypeCode(node, meta.lengthsPtype(), "uncompressed_lengths_ptype");
        PType offsetsPtype = Nodes.ptypeCode(node, meta.codesOffsetsPtype(), "codes_offsets_ptype");
        if (!lengthsPtype.isInteger() || !offsetsPtype.isInteger()) {
            return null;
        }
        Nodes.children(node, 2, 3);
        // The symbol table, as flat per-code arrays: escape and unused codes have length 0.
        MemorySegment symbolBytes = node.buffer(0);
        MemorySegment lengthBytes = node.buffer(1);
        long count = lengthBytes.byteSize();
        if (count > FsstDecoder.MAX_SYMBOLS || symbolBytes.byteSize() != count * 8) {
            return null;
        }
        long[] symbols = new long[256];
        int[] symbolLengths = new int[256];
        for (int c = 0; c < count; c++) {
            int length = lengthBytes.get(JAVA_BYTE, c) & 0xFF;
            if (length < 1 || length > 8) {
                return null;
            }
            symbolLengths[c] = length;
            symbols[c] = symbolBytes.getAtIndex(PrimitiveArray.LE_LONG, c);
        }
        int n = idx.length;
        long[] lengths = ctx.takeLongs(node, 0, lengthsPtype, len, idx);
        long[] bounds = ctx.takeLongs(node, 1, offsetsPtype, len + 1, VarBinTake.pairs(idx));
        Validity validity = ctx.takeValidity(node, 2, dtype, len, idx);
        MemorySegment codes = node.buffer(2);
        long[] rowLengths = new long[n + 1];
        long total = 0;
        for (int k = 0; k < n; k++) {
            long s = bounds[2 * k];
            long e = bounds[2 * k + 1];
            long size = lengths[k];
            if (s < 0 || e < s || e > codes.byteSize() || size < 0 || e - s > Integer.MAX_VALUE) {
                return null;
            }
            rowLengths[k] = size;
            total += size;
            if (total < 0) {
                return null;
            }
        }
        rowLengths[n] = total;
        MemorySegment out = ctx.allocate(total + StringViews.SLACK, 8);
        byte[] chunk = new byte[64];
        long o = 0;
        for (int k = 0; k < n; k++) {
            long s = bounds[2 * k];
            int m = (int) (bounds[2 * k + 1] - s);
            if (m > chunk.length) {
                chunk = new byte[Math.max(m, 2 * chunk.length)];
            }
            MemorySegment.copy(codes, JAVA_BYTE, s, chunk, 0, m);
            long rowEnd = o + rowLengths[k];
            o = decompressRow(chunk, m, symbols, symbolLengths, out, o, rowEnd);
            if (o != rowEnd) {
                return null;
            }
        }
        return StringViews.build(dtype, out, total, rowLengths, n, validity, ctx);
    }

    /// Decompresses the `m` code bytes of one row into `out` from `o`, which must end at `rowEnd`;
    /// returns the end reached, or -1 when the codes are not a valid stream of that length.
    private static long decompressRow(
            byte[] codes, int m, long[] symbols, int[] symbolLengths, MemorySegment out, long o, long rowEnd) {
        int j = 0;
        while (j < m) {
            int code = codes[j++] & 0xFF;
            int size = symbolLengths[code];
            if (size != 0) {
                if (size > rowEnd - o) {
                    return -1;
                }
                // Whole 8-byte stores: what spills past the symbol is overwritten next or lands in the slack.
                out.set(PrimitiveArray.LE_LONG, o, symbols[code]);
                o += size;
            } else if (code == FsstDecoder.ESCAPE && j < m && o < rowEnd) {
                out.set(JAVA_BYTE, o++, codes[j++]);
            } else {
                return -1;
            }
        }
        return o;
    }
}
