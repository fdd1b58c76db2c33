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
        long[] tokStart = new long[ndict];
        int[] tokLen = new int[ndict];
        for (int t = 0; t < ndict; t++) {
            long a = dictOffsets.getLong(t);
            long b = dictOffsets.getLong(t + 1);
            if (a < 0 || b < a || b > dict.byteSize()) {
                throw VortexException.corrupt(node.location() + ": token " + t + " [" + a + ", " + b + ") outside the "
                        + dict.byteSize() + "-byte dictionary");
            }
            tokStart[t] = a;
            tokLen[t] = (int) (b - a);
        }
        long total = 0;
        for (int i = 0; i < len; i++) {
            long l = lengths.getLong(i);
            if (l < 0) {
                throw VortexException.corrupt(node.location() + ": negative uncompressed length at row " + i);
            }
            total += l;
        }
        MemorySegment out = ctx.allocate(total, 8);
        MemorySegment views = ctx.allocate(len * 16L, 16);
        long pos = 0;
        for (int i = 0; i < len; i++) {
            long from = codesOffsets.getLong(i);
            long to = codesOffsets.getLong(i + 1);
            if (from < 0 || to < from || to > ntokens) {
                throw VortexException.corrupt(node.location() + ": codes [" + from + ", " + to + ") of row " + i + " outside the "
                        + ntokens + " tokens");
            }
            long start = pos;
            long limit = start + lengths.getLong(i);
            for (long k = from; k < to; k++) {
                long t = codes.getLong((int) k);
                if (t < 0 || t >= ndict) {
                    throw VortexException.corrupt(node.location() + ": token " + t + " in row " + i + " is not in the "
                            + ndict + "-token dictionary");
                }
                int n = tokLen[(int) t];
                if (pos + n > limit) {
                    throw VortexException.corrupt(node.location() + ": row " + i + " decodes past its length " + (limit - start));
                }
                MemorySegment.copy(dict, tokStart[(int) t], out, pos, n);
                pos += n;
            }
            if (pos != limit) {
                throw VortexException.corrupt(node.location() + ": row " + i + " decoded to " + (pos - start) + " bytes, expected "
                        + (limit - start));
            }
            CanonicalDecoders.writeView(views, i, out, start, (int) (pos - start), 0);
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {out.asSlice(0, pos)}, len, validity);
    }

    private static PType integer(EncodedNode node, long code, String field) {
        PType p = Nodes.ptypeCode(node, code, field);
        if (!p.isInteger()) {
            throw VortexException.corrupt(node.location() + ": " + field + " must be an integer type, not " + p);
        }
        return p;
    }
}
