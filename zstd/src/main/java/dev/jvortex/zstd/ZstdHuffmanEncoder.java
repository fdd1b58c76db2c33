package dev.jvortex.zstd;

import java.util.Arrays;

/// Huffman coding of literals (RFC 8878 §4.2), the encoding side of [ZstdHuffman]: code lengths
/// limited to 11 bits, the tree description (FSE-compressed or direct weights), and 1 or 4
/// backward streams.
///
/// Codes are canonical in zstd's sense: a symbol of weight `w` (`maxBits + 1 - length`) owns
/// `2^(w-1)` consecutive cells of the decoder's table, symbols laid out by increasing weight,
/// then value; the code is the first cell's index shifted right by `w - 1`.
final class ZstdHuffmanEncoder {
    final int[] codes = new int[256];
    final int[] lengths = new int[256];
    int maxBits;
    int maxSymbol;

    private final long[] sorted = new long[256];
    private final int[] nodeWeight = new int[512];
    private final int[] parent = new int[512];
    private final int[] symbolOf = new int[256];
    private final byte[] weights = new byte[256];
    private final int[] weightCounts = new int[16];
    private final short[] norm = new short[16];
    private final ZstdFseEncoder fse = new ZstdFseEncoder();
    private final ZstdHuffman check = new ZstdHuffman();
    private final byte[] scratch = new byte[256];

    /// Computes code lengths (at most [ZstdHuffman#MAX_BITS]) and codes for `counts[0..255]`,
    /// which must have at least two present symbols. Returns the coded size in bits.
    long build(int[] counts) {
        int n = 0;
        int last = 0;
        for (int s = 0; s < 256; s++) {
            lengths[s] = 0;
            if (counts[s] != 0) {
                sorted[n++] = (long) counts[s] << 8 | s;
                last = s;
            }
        }
        maxSymbol = last;
        Arrays.sort(sorted, 0, n);
        // Huffman's construction with two queues: the sorted leaves and the internal nodes,
        // which are created in nondecreasing weight order.
        for (int i = 0; i < n; i++) {
            nodeWeight[i] = (int) (sorted[i] >>> 8);
            symbolOf[i] = (int) (sorted[i] & 0xFF);
        }
        int leaf = 0;
        int inner = n;
        for (int k = n; k < 2 * n - 1; k++) {
            int a;
            if (leaf < n && (inner >= k || nodeWeight[leaf] <= nodeWeight[inner])) {
                a = leaf++;
            } else {
                a = inner++;
            }
            int b;
            if (leaf < n && (inner >= k || nodeWeight[leaf] <= nodeWeight[inner])) {
                b = leaf++;
            } else {
                b = inner++;
            }
            nodeWeight[k] = nodeWeight[a] + nodeWeight[b];
            parent[a] = k;
            parent[b] = k;
        }
        int root = 2 * n - 2;
        // Depths, reusing nodeWeight (a node's parent has a larger index).
        nodeWeight[root] = 0;
        for (int k = root - 1; k >= 0; k--) {
            nodeWeight[k] = nodeWeight[parent[k]] + 1;
        }
        int limit = ZstdHuffman.MAX_BITS;
        // Leaf i (ascending count) has depth nodeWeight[i]; clamp to the limit, then repair the
        // Kraft sum (in units of 2^-limit) by lengthening the least frequent short-enough codes.
        long kraft = 0;
        for (int i = 0; i < n; i++) {
            int len = Math.min(nodeWeight[i], limit);
            nodeWeight[i] = len;
            kraft += 1L << (limit - len);
        }
        long full = 1L << limit;
        while (kraft > full) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (nodeWeight[i] < limit && (best < 0 || nodeWeight[i] > nodeWeight[best])) {
                    best = i;
                }
            }
            kraft -= 1L << (limit - nodeWeight[best] - 1);
            nodeWeight[best]++;
        }
        // Then fill any slack by shortening the most frequent codes: zstd needs a complete code.
        while (kraft < full) {
            for (int i = n - 1; i >= 0 && kraft < full; i--) {
                while (nodeWeight[i] > 1 && kraft + (1L << (limit - nodeWeight[i])) <= full) {
                    kraft += 1L << (limit - nodeWeight[i]);
                    nodeWeight[i]--;
                }
            }
        }
        int max = 0;
        long bits = 0;
        for (int i = 0; i < n; i++) {
            lengths[symbolOf[i]] = nodeWeight[i];
            max = Math.max(max, nodeWeight[i]);
            bits += (long) nodeWeight[i] * (sorted[i] >>> 8);
        }
        maxBits = max;
        int position = 0;
        for (int w = 1; w <= max; w++) {
            int len = max + 1 - w;
            for (int s = 0; s <= last; s++) {
                if (lengths[s] == len) {
                    codes[s] = position >>> (w - 1);
                    position += 1 << (w - 1);
                }
            }
        }
        return bits;
    }

    /// Returns the size in bits of coding `counts` with the current codes, or -1 when a present
    /// symbol has no code.
    long cost(int[] counts) {
        long bits = 0;
        for (int s = 0; s < 256; s++) {
            if (counts[s] != 0) {
                if (lengths[s] == 0) {
                    return -1;
                }
                bits += (long) counts[s] * lengths[s];
            }
        }
        return bits;
    }

    /// Writes the tree description at `out[pos]`; returns the position after it, or -1 when it
    /// cannot be described (more than 128 weights that FSE does not fit in 127 bytes).
    int writeTree(byte[] out, int pos) {
        int count = maxSymbol;
        int distinct = 0;
        Arrays.fill(weightCounts, 0);
        for (int s = 0; s < count; s++) {
            int w = lengths[s] == 0 ? 0 : maxBits + 1 - lengths[s];
            weights[s] = (byte) w;
            if (weightCounts[w]++ == 0) {
                distinct++;
            }
        }
        int direct = count <= 128 ? 1 + (count + 1) / 2 : Integer.MAX_VALUE;
        int fseSize = distinct >= 2 ? fseWeights(count) : -1;
        if (fseSize > 0 && fseSize < direct) {
            System.arraycopy(scratch, 0, out, pos, fseSize);
            return pos + fseSize;
        }
        if (direct == Integer.MAX_VALUE) {
            return -1;
        }
        out[pos] = (byte) (127 + count);
        for (int i = 0; i < count; i += 2) {
            int hi = weights[i];
            int lo = i + 1 < count ? weights[i + 1] : 0;
            out[pos + 1 + i / 2] = (byte) (hi << 4 | lo);
        }
        return pos + direct;
    }

    /// FSE-compresses `weights[0, count)` into `scratch` (header byte first); returns the size,
    /// or -1 when it does not fit in 128 bytes or would not decode back exactly.
    private int fseWeights(int count) {
        int maxWeight = 0;
        for (int w = 0; w < 16; w++) {
            if (weightCounts[w] != 0) {
                maxWeight = w;
            }
        }
        int log = ZstdFseEncoder.optimalLog(6, count, maxWeight);
        ZstdFseEncoder.normalize(weightCounts, maxWeight, count, log, norm);
        byte[] out = scratch;
        int p;
        try {
            p = ZstdFseEncoder.writeDescription(norm, maxWeight, log, out, 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
        if (p > 100) {
            return -1;
        }
        fse.build(norm, maxWeight + 1, log);
        // Two interleaved states: even positions on the first, odd on the second, encoded from the end.
        long container = 0;
        int bits = 0;
        int state1 = -1;
        int state2 = -1;
        int[] stateTable = fse.stateTable;
        int[] dnb = fse.deltaNbBits;
        int[] dfs = fse.deltaFindState;
        for (int i = count - 1; i >= 0; i--) {
            int s = weights[i];
            if ((i & 1) == 0) {
                if (state1 < 0) {
                    state1 = fse.initState(s);
                    continue;
                }
                int nb = (state1 + dnb[s]) >>> 16;
                container |= (long) (state1 & ((1 << nb) - 1)) << bits;
                bits += nb;
                state1 = stateTable[(state1 >>> nb) + dfs[s]];
            } else {
                if (state2 < 0) {
                    state2 = fse.initState(s);
                    continue;
                }
                int nb = (state2 + dnb[s]) >>> 16;
                container |= (long) (state2 & ((1 << nb) - 1)) << bits;
                bits += nb;
                state2 = stateTable[(state2 >>> nb) + dfs[s]];
            }
            if (bits > 48) {
                if (p + 8 > 128) {
                    return -1;
                }
                for (int k = 0; k < bits >>> 3; k++) {
                    out[p++] = (byte) (container >>> (8 * k));
                }
                container >>>= bits & ~7;
                bits &= 7;
            }
        }
        int mask = (1 << log) - 1;
        container |= (long) (state2 & mask) << bits;
        bits += log;
        container |= (long) (state1 & mask) << bits;
        bits += log;
        container |= 1L << bits;
        bits++;
        int bytes = (bits + 7) >>> 3;
        if (p + bytes > 128) {
            return -1;
        }
        for (int k = 0; k < bytes; k++) {
            out[p++] = (byte) (container >>> (8 * k));
        }
        out[0] = (byte) (p - 1);
        // The decoder finds the end of the weights by reading past the stream; a state step of
        // zero bits at the very end would hide it. Decode once to be sure.
        try {
            check.readTree(out, 0, p);
        } catch (RuntimeException e) {
            return -1;
        }
        if (check.symbolCount != count + 1) {
            return -1;
        }
        for (int s = 0; s < count; s++) {
            if (check.weight(s) != weights[s]) {
                return -1;
            }
        }
        return p;
    }

    /// Encodes `src[from, to)` as one backward stream at `out[pos]`; returns the position after it.
    /// `out` needs 8 spare bytes past the stream.
    int encodeStream(byte[] src, int from, int to, byte[] out, int pos) {
        int[] c = codes;
        int[] l = lengths;
        long container = 0;
        int bits = 0;
        int i = to - 1;
        // Up to 4 codes of at most 11 bits between flushes: 7 + 44 < 64.
        while (i - from >= 3) {
            int s = src[i] & 0xFF;
            container |= (long) c[s] << bits;
            bits += l[s];
            s = src[i - 1] & 0xFF;
            container |= (long) c[s] << bits;
            bits += l[s];
            s = src[i - 2] & 0xFF;
            container |= (long) c[s] << bits;
            bits += l[s];
            s = src[i - 3] & 0xFF;
            container |= (long) c[s] << bits;
            bits += l[s];
            i -= 4;
            ZstdBitReader.LE_LONG.set(out, pos, container);
            pos += bits >>> 3;
            container >>>= bits & ~7;
            bits &= 7;
        }
        while (i >= from) {
            int s = src[i] & 0xFF;
            container |= (long) c[s] << bits;
            bits += l[s];
            i--;
        }
        container |= 1L << bits;
        bits++;
        ZstdBitReader.LE_LONG.set(out, pos, container);
        return pos + ((bits + 7) >>> 3);
    }
}
