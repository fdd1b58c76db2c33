package dev.jvortex.encodings.onpair;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.canonical.CanonicalDecoders;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.onpair`: strings as sequences of dictionary tokens.
///
/// ## Bytes
/// - metadata `{PType uncompressed_lengths_ptype = 1; uint32 bits = 2; uint32 dict_size = 3;
///   uint64 total_tokens = 4; PType dict_offsets_ptype = 5; PType codes_ptype = 6;
///   PType codes_offsets_ptype = 7}`
/// - buffer 0: the dictionary bytes (token `t` is `dict[dict_offsets[t], dict_offsets[t + 1])`;
///   trailing padding is ignored)
/// - children `[dict_offsets (dict_size + 1), codes (total_tokens), codes_offsets (len + 1),
///   uncompressed_lengths (len), validity?]`, all integers, non-nullable
///
/// Row `i` is the concatenation of tokens `codes[codes_offsets[i], codes_offsets[i + 1])`.
public final class OnPairDecoder {
    private OnPairDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.corrupt(node.location() + ": vortex.onpair cannot decode type " + dtype);
        }
        long lengthsCode = 0;
        long dictSize = 0;
        long totalTokens = 0;
        long dictOffsetsCode = 0;
        long codesCode = 0;
        long codesOffsetsCode = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "OnPairMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsCode = r.readVarint();
                case 3 -> dictSize = r.readVarint();
                case 4 -> totalTokens = r.readVarint();
                case 5 -> dictOffsetsCode = r.readVarint();
                case 6 -> codesCode = r.readVarint();
                case 7 -> codesOffsetsCode = r.readVarint();
                default -> r.skip();
            }
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 4, 5);
        MemorySegment dict = node.buffer(0);
        int ndict = Nodes.length(node, dictSize, "dict_size");
        int ntokens = Nodes.length(node, totalTokens, "total_tokens");
        PrimitiveArray dictOffsets = Nodes.primitive(ctx, node, 0, integer(node, dictOffsetsCode, "dict_offsets_ptype"), false, ndict + 1);
        PrimitiveArray codes = Nodes.primitive(ctx, node, 1, integer(node, codesCode, "codes_ptype"), false, ntokens);
        PrimitiveArray codesOffsets = Nodes.primitive(ctx, node, 2, integer(node, codesOffsetsCode, "codes_offsets_ptype"), false,
                len + 1);
        PrimitiveArray lengths = Nodes.primitive(ctx, node, 3, integer(node, lengthsCode, "uncompressed_lengths_ptype"), false, len);
        Validity validity = Nodes.validity(ctx, node, 4, dtype, len);
        // Token bounds, checked once so the copy loop can trust them.
        long dictBytes = dict.byteSize();
        if (dictBytes > Integer.MAX_VALUE - 32) {
            throw VortexException.corrupt(node.location() + ": dictionary of " + dictBytes + " bytes is too large");
        }
        int[] tokStart = new int[ndict];
        int[] tokLen = new int[ndict];
        for (int t = 0; t < ndict; t++) {
            long a = dictOffsets.getLong(t);
            long b = dictOffsets.getLong(t + 1);
            if (a < 0 || b < a || b > dictBytes) {
                throw VortexException.corrupt(node.location() + ": token " + t + " [" + a + ", " + b + ") outside the "
                        + dictBytes + "-byte dictionary");
            }
            tokStart[t] = (int) a;
            tokLen[t] = (int) (b - a);
        }
        long total = 0;
        int[] rowLen = Nodes.ints(node, lengths, "uncompressed length");
        for (int i = 0; i < len; i++) {
            if (rowLen[i] < 0) {
                throw VortexException.corrupt(node.location() + ": negative uncompressed length at row " + i);
            }
            total += rowLen[i];
        }
        if (total > Integer.MAX_VALUE - 32) {
            throw VortexException.unsupported(node.location() + ": " + total + " bytes of strings in one array");
        }
        ctx.allocate(total, 1); // charges the decode budget before the heap buffers below
        // Tokens are copied as 8-byte words on heap arrays with slack; see Heap.copyShort.
        byte[] dictArr = new byte[(int) dictBytes + 16];
        MemorySegment.copy(dict, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, dictArr, 0, (int) dictBytes);
        byte[] outArr = new byte[(int) total + 16];
        int[] tokens = Nodes.ints(node, codes, "token");
        int[] bounds = Nodes.ints(node, codesOffsets, "codes offset");
        int bad = expand(tokens, bounds, rowLen, tokStart, tokLen, dictArr, outArr, ntokens);
        if (bad >= 0) {
            throw VortexException.corrupt(node.location() + ": row " + bad + " has codes outside the " + ntokens
                    + " tokens, a token outside the " + ndict + "-token dictionary, or does not decode to its length "
                    + rowLen[bad]);
        }
        MemorySegment out = ctx.arena().allocate(Math.max(1, total), 8);
        MemorySegment.copy(outArr, 0, out, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (int) total);
        return new VarBinViewArray(dtype, CanonicalDecoders.views(outArr, rowLen, ctx), new MemorySegment[] {out}, len, validity);
    }

    /// Expands every row's tokens into `out`; returns -1, or the first row that is inconsistent.
    /// Kept small and separate so the JIT compiles the loop on its own (not as an OSR of decode).
    private static int expand(int[] tokens, int[] bounds, int[] rowLen, int[] tokStart, int[] tokLen, byte[] dict, byte[] out,
            int ntokens) {
        int ndict = tokLen.length;
        int pos = 0;
        int rows = rowLen.length;
        for (int i = 0; i < rows; i++) {
            int from = bounds[i];
            int to = bounds[i + 1];
            if (from < 0 || to < from || to > ntokens) {
                return i;
            }
            int limit = pos + rowLen[i];
            for (int k = from; k < to; k++) {
                int t = tokens[k];
                if (Integer.compareUnsigned(t, ndict) >= 0) {
                    return i;
                }
                int n = tokLen[t];
                if (n > limit - pos) {
                    return i;
                }
                dev.jvortex.encodings.Heap.copyShort(dict, tokStart[t], out, pos, n);
                pos += n;
            }
            if (pos != limit) {
                return i;
            }
        }
        return -1;
    }

    private static PType integer(EncodedNode node, long code, String field) {
        PType p = Nodes.ptypeCode(node, code, field);
        if (!p.isInteger()) {
            throw VortexException.corrupt(node.location() + ": " + field + " must be an integer type, not " + p);
        }
        return p;
    }
}
