package dev.jvortex.encodings.onpair;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.varbin.ConcatenatedStrings;
import dev.jvortex.encodings.varbin.StringViews;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Decodes `vortex.onpair` into views: every row's tokens are looked up in the dictionary and
/// copied back to back into one buffer sized from `uncompressed_lengths`.
public final class OnPairDecoder {
    /// Longest token the fast path copies with two 8-byte stores (the OnPair trainer's limit).
    static final int FAST_TOKEN_BYTES = 16;
    /// Token ids widened per chunk.
    static final int CHUNK = 1 << 14;

    private OnPairDecoder() {}

    /// Decodes a `vortex.onpair` node as `dtype` (Utf8 or Binary) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        return prepare(node, dtype, len, ctx).toViews(dtype, len, ctx);
    }

    /// Reads a `vortex.onpair` node's dictionary, codes, row lengths and validity, checked, and
    /// returns them with the decoding of its bytes into caller memory still to do (see
    /// [ConcatenatedStrings]).
    public static ConcatenatedStrings prepare(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.corrupt(node.location() + ": vortex.onpair cannot decode type " + dtype);
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 4, 5);
        OnPairMetadata meta = OnPairMetadata.read(node.metadata());
        PType lengthsPtype = Nodes.ptypeCode(node, meta.lengthsPtype(), "uncompressed_lengths_ptype");
        PType dictOffsetsPtype = Nodes.ptypeCode(node, meta.dictOffsetsPtype(), "dict_offsets_ptype");
        PType codesPtype = Nodes.ptypeCode(node, meta.codesPtype(), "codes_ptype");
        PType codesOffsetsPtype = Nodes.ptypeCode(node, meta.codesOffsetsPtype(), "codes_offsets_ptype");
        long dictSize = meta.dictSize();
        long totalTokens = meta.totalTokens(); // field 2 (bits) only describes how narrow the codes are
        int tokenCount = Nodes.length(node, dictSize, "dict_size");
        if (tokenCount > (1 << 20)) {
            throw VortexException.corrupt(
                    node.location() + ": onpair dict_size " + tokenCount + " is implausibly large");
        }
        int codeCount = Nodes.length(node, totalTokens, "total_tokens");
        requireInteger(node, lengthsPtype, "uncompressed_lengths_ptype");
        requireInteger(node, dictOffsetsPtype, "dict_offsets_ptype");
        requireInteger(node, codesPtype, "codes_ptype");
        requireInteger(node, codesOffsetsPtype, "codes_offsets_ptype");

        MemorySegment dictBytes = node.buffer(0);
        long[] dictOffsets =
                IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, dictOffsetsPtype, false, tokenCount + 1));
        Dictionary dict = Dictionary.read(node, dictBytes, dictOffsets, tokenCount);
        PrimitiveArray codes = Nodes.primitive(ctx, node, 1, codesPtype, false, codeCount);
        PrimitiveArray codesOffsets = Nodes.primitive(ctx, node, 2, codesOffsetsPtype, false, len + 1);
        PrimitiveArray lengths = Nodes.primitive(ctx, node, 3, lengthsPtype, false, len);
        Validity validity = Nodes.validity(ctx, node, 4, dtype, len);

        long codesStart = codesOffsets.getLong(0);
        long codesEnd = codesOffsets.getLong(len);
        if (codesStart < 0 || codesEnd < codesStart || codesEnd > codeCount) {
            throw VortexException.corrupt(node.location() + ": onpair code window [" + codesStart + ", " + codesEnd
                    + ") is outside the " + codeCount + " codes");
        }
        long[] rowLengths = StringViews.lengthsWithTotal(node, lengths, "uncompressed_lengths");
        return new Prepared(node, dict, dictBytes, codes, codesPtype, codesStart, codesEnd, rowLengths, validity);
    }

    /// A checked `vortex.onpair` node whose codes are yet to be decoded.
    private record Prepared(
            EncodedNode node,
            Dictionary dict,
            MemorySegment dictBytes,
            PrimitiveArray codes,
            PType codesPtype,
            long codesFrom,
            long codesEnd,
            long[] lengths,
            Validity validity)
            implements ConcatenatedStrings {
        @Override
        public void decodeInto(MemorySegment out) {
            long total = ConcatenatedStrings.checkedTotal(lengths, out);
            long codesStart = codesFrom;
            // The token ids are widened to ints one chunk at a time, so the decode loops index a plain
            // int[] whatever the codes' ptype, without materialising the whole window.
            long o = 0;
            if (dict.allShort && codesPtype == PType.U16) {
                // The usual case (a dictionary of up to 2^16 tokens): u16 codes read in bulk and used as
                // they are, without widening them into ints first.
                short[] chunk16 = new short[(int) Math.min(CHUNK, codesEnd - codesStart)];
                for (long at = codesStart; at < codesEnd; at += chunk16.length) {
                    int n = (int) Math.min(chunk16.length, codesEnd - at);
                    MemorySegment.copy(codes.data(), PrimitiveArray.LE_SHORT, 2 * at, chunk16, 0, n);
                    o = decompressShortTokens(node, dict, chunk16, n, out, o, total);
                }
                codesStart = codesEnd;
            }
            int[] chunk = new int[(int) Math.min(CHUNK, codesEnd - codesStart)];
            for (long at = codesStart; at < codesEnd; at += chunk.length) {
                int n = (int) Math.min(chunk.length, codesEnd - at);
                IntegerArrays.copyNonNegativeInts(codes, (int) at, (int) at + n, chunk, "onpair code");
                o = dict.allShort
                        ? decompressShortTokens(node, dict, chunk, n, out, o, total)
                        : decompressAnyTokens(node, dict, dictBytes, chunk, n, out, o, total);
            }
            if (o != total) {
                throw VortexException.corrupt(node.location() + ": onpair codes decode to " + o
                        + " bytes but uncompressed_lengths add up to " + total);
            }
        }
    }

    private static void requireInteger(EncodedNode node, PType ptype, String field) {
        if (!ptype.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": " + field + " must be an integer type, not " + ptype.shortName());
        }
    }

    /// The fast path when no token exceeds 16 bytes: each token is held as two words, stored whole,
    /// and the cursor advances by its length (later stores overwrite the excess, the buffer's slack
    /// absorbs the last one). While the tokens left in a batch cannot pass `total` even at 16
    /// bytes each, the loop runs without the per-token output check.
    /// Returns the output position after decoding `codes[0, count)` from position `o`.
    static long decompressShortTokens(
            EncodedNode node, Dictionary dict, int[] codes, int count, MemorySegment out, long o, long total) {
        long[] low = dict.low;
        long[] high = dict.high;
        int[] lengths = dict.lengths;
        int tokens = lengths.length;
        int k = 0;
        while (k < count) {
            int stop = (int) Math.min(count, k + (total - o) / FAST_TOKEN_BYTES);
            for (; k < stop; k++) {
                int c = codes[k];
                if (c >= tokens) {
                    throw badCode(node, c, tokens);
                }
                out.set(PrimitiveArray.LE_LONG, o, low[c]);
                out.set(PrimitiveArray.LE_LONG, o + 8, high[c]);
                o += lengths[c];
            }
            if (k >= count) {
                break;
            }
            int c = codes[k++];
            if (c >= tokens) {
                throw badCode(node, c, tokens);
            }
            int n = lengths[c];
            if (n > total - o) {
                throw overrun(node, total);
            }
            out.set(PrimitiveArray.LE_LONG, o, low[c]);
            out.set(PrimitiveArray.LE_LONG, o + 8, high[c]);
            o += n;
        }
        return o;
    }

    /// [#decompressShortTokens(EncodedNode, Dictionary, int[], int, MemorySegment, long, long)] for u16 codes.
    static long decompressShortTokens(
            EncodedNode node, Dictionary dict, short[] codes, int count, MemorySegment out, long o, long total) {
        long[] low = dict.low;
        long[] high = dict.high;
        int[] lengths = dict.lengths;
        int tokens = lengths.length;
        int k = 0;
        while (k < count) {
            int stop = (int) Math.min(count, k + (total - o) / FAST_TOKEN_BYTES);
            for (; k < stop; k++) {
                int c = codes[k] & 0xFFFF;
                if (c >= tokens) {
                    throw badCode(node, c, tokens);
                }
                out.set(PrimitiveArray.LE_LONG, o, low[c]);
                out.set(PrimitiveArray.LE_LONG, o + 8, high[c]);
                o += lengths[c];
            }
            if (k >= count) {
                break;
            }
            int c = codes[k++] & 0xFFFF;
            if (c >= tokens) {
                throw badCode(node, c, tokens);
            }
            int n = lengths[c];
            if (n > total - o) {
                throw overrun(node, total);
            }
            out.set(PrimitiveArray.LE_LONG, o, low[c]);
            out.set(PrimitiveArray.LE_LONG, o + 8, high[c]);
            o += n;
        }
        return o;
    }

    /// The general path for dictionaries with tokens longer than 16 bytes (not written by the
    /// reference trainer): one bulk copy per token.
    /// Returns the output position after decoding `codes[0, count)` from position `o`.
    static long decompressAnyTokens(
            EncodedNode node,
            Dictionary dict,
            MemorySegment dictBytes,
            int[] codes,
            int count,
            MemorySegment out,
            long o,
            long total) {
        long[] starts = dict.starts;
        int[] lengths = dict.lengths;
        int tokens = lengths.length;
        for (int k = 0; k < count; k++) {
            int c = codes[k];
            if (c >= tokens) {
                throw badCode(node, c, tokens);
            }
            int n = lengths[c];
            if (n > total - o) {
                throw overrun(node, total);
            }
            MemorySegment.copy(dictBytes, starts[c], out, o, n);
            o += n;
        }
        return o;
    }

    private static VortexException badCode(EncodedNode node, int code, int tokens) {
        return VortexException.corrupt(
                node.location() + ": onpair code " + code + " is not below the dictionary size " + tokens);
    }

    private static VortexException overrun(EncodedNode node, long total) {
        return VortexException.corrupt(node.location() + ": onpair codes decode to more than the " + total
                + " bytes that uncompressed_lengths add up to");
    }

    /// The dictionary as per-token arrays: byte start, length and (for the fast path) the token's
    /// bytes as two little-endian words, zero beyond its length.
    static final class Dictionary {
        final long[] starts;
        final int[] lengths;
        final long[] low;
        final long[] high;
        final boolean allShort;

        private Dictionary(int n, boolean allShort) {
            this.starts = new long[n];
            this.lengths = new int[n];
            this.allShort = allShort;
            this.low = allShort ? new long[n] : null;
            this.high = allShort ? new long[n] : null;
        }

        static Dictionary read(EncodedNode node, MemorySegment bytes, long[] offsets, int n) {
            boolean allShort = true;
            for (int t = 0; t < n; t++) {
                long s = offsets[t];
                long e = offsets[t + 1];
                if (s < 0 || e < s || e > bytes.byteSize()) {
                    throw VortexException.corrupt(node.location() + ": onpair token " + t + " spans bytes [" + s + ", "
                            + e + ") outside the " + bytes.byteSize() + "-byte dictionary");
                }
                if (e - s > FAST_TOKEN_BYTES) {
                    allShort = false;
                }
            }
            Dictionary d = new Dictionary(n, allShort);
            byte[] scratch = new byte[FAST_TOKEN_BYTES];
            for (int t = 0; t < n; t++) {
                long s = offsets[t];
                int length = Math.toIntExact(offsets[t + 1] - s);
                d.starts[t] = s;
                d.lengths[t] = length;
                if (allShort) {
                    Arrays.fill(scratch, (byte) 0);
                    MemorySegment.copy(bytes, JAVA_BYTE, s, scratch, 0, length);
                    MemorySegment words = MemorySegment.ofArray(scratch);
                    d.low[t] = words.get(PrimitiveArray.LE_LONG, 0);
                    d.high[t] = words.get(PrimitiveArray.LE_LONG, 8);
                }
            }
            return d;
        }
    }
}
