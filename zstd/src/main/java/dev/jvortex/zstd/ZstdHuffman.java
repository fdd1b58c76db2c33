package dev.jvortex.zstd;

/// A Huffman decoding table for literals (RFC 8878 §4.2): reading a tree description, building
/// the table, and decoding 1 or 4 streams.
///
/// The table has `1 << maxBits` cells indexed by the next `maxBits` bits of the stream; a cell is
/// `symbol << 8 | numberOfBits`. A symbol of weight `w` owns `2^(w-1)` consecutive cells, and
/// symbols are laid out by increasing weight, then increasing value, which is exactly the
/// canonical code assignment: one table load decodes one symbol, whatever its length.
final class ZstdHuffman {
    /// Longest code zstd allows.
    static final int MAX_BITS = 11;

    final int[] table = new int[1 << MAX_BITS];
    int maxBits;
    /// Symbols of the last tree read: the stored weights plus the implied last one.
    int symbolCount;

    private final byte[] weights = new byte[256];
    private final short[] norm = new short[16];
    private final int[] fseTable = new int[64];
    private final int[] fseNext = new int[16];
    private final ZstdBitReader reader = new ZstdBitReader();

    /// Copies another table into this one.
    void copyFrom(ZstdHuffman other) {
        maxBits = other.maxBits;
        System.arraycopy(other.table, 0, table, 0, 1 << maxBits);
    }

    /// Reads the tree description at `buf[pos, end)` and builds the table; returns the bytes read.
    int readTree(byte[] buf, int pos, int end) {
        if (pos >= end) {
            throw new ZstdException("zstd: Huffman tree description is missing");
        }
        int header = buf[pos] & 0xFF;
        int count;
        int read;
        if (header >= 128) {
            // Direct representation: 4 bits per weight, first weight in the high nibble.
            count = header - 127;
            read = 1 + (count + 1) / 2;
            if (read > end - pos) {
                throw new ZstdException("zstd: Huffman weights are truncated");
            }
            for (int i = 0; i < count; i++) {
                int b = buf[pos + 1 + i / 2] & 0xFF;
                weights[i] = (byte) ((i & 1) == 0 ? b >>> 4 : b & 0xF);
            }
        } else {
            read = 1 + header;
            if (header == 0 || read > end - pos) {
                throw new ZstdException("zstd: FSE-compressed Huffman weights of " + header + " bytes do not fit");
            }
            count = readCompressedWeights(buf, pos + 1, pos + 1 + header);
        }
        build(count);
        return read;
    }

    /// Decodes the FSE-compressed weights in `buf[pos, end)`; returns how many were decoded.
    private int readCompressedWeights(byte[] buf, int pos, int end) {
        int desc = ZstdFse.readDescription(buf, pos, end, norm, 15, 6, "Huffman weights");
        int descBytes = desc >>> 16;
        int accuracyLog = (desc & 0xF) + 5;
        ZstdFse.build(norm, (desc >>> 4) & 0xFFF, accuracyLog, fseTable, fseNext);
        ZstdBitReader r = reader;
        r.init(buf, pos + descBytes, end, "Huffman weights");
        // Two states share one table and take turns; decoding stops when a state update has read
        // past the start of the stream, and the other state then yields the final weight.
        int state1 = r.readBits(accuracyLog);
        int state2 = r.readBits(accuracyLog);
        r.reload();
        int n = 0;
        while (true) {
            if (n > 253) {
                throw new ZstdException("zstd: more than 255 Huffman weights");
            }
            int e = fseTable[state1];
            weights[n++] = (byte) e;
            state1 = (e >>> 16) + r.readBits((e >>> 8) & 0xFF);
            r.reload();
            if (r.overflowed()) {
                weights[n++] = (byte) fseTable[state2];
                break;
            }
            e = fseTable[state2];
            weights[n++] = (byte) e;
            state2 = (e >>> 16) + r.readBits((e >>> 8) & 0xFF);
            r.reload();
            if (r.overflowed()) {
                weights[n++] = (byte) fseTable[state1];
                break;
            }
        }
        return n;
    }

    /// Builds the table from `count` stored weights plus the implied last one.
    private void build(int count) {
        int sum = 0;
        for (int i = 0; i < count; i++) {
            int w = weights[i];
            if (w > MAX_BITS) {
                throw new ZstdException("zstd: Huffman weight " + w + " exceeds " + MAX_BITS);
            }
            if (w > 0) {
                sum += 1 << (w - 1);
            }
        }
        if (sum == 0) {
            throw new ZstdException("zstd: Huffman weights are all zero");
        }
        int bits = 32 - Integer.numberOfLeadingZeros(sum);
        if (bits > MAX_BITS) {
            throw new ZstdException("zstd: Huffman codes longer than " + MAX_BITS + " bits");
        }
        int rest = (1 << bits) - sum;
        if ((rest & (rest - 1)) != 0) {
            throw new ZstdException("zstd: Huffman weights do not complete a prefix code");
        }
        int symbols = count + 1;
        if (symbols > 256) {
            throw new ZstdException("zstd: more than 256 Huffman symbols");
        }
        weights[count] = (byte) (32 - Integer.numberOfLeadingZeros(rest));
        symbolCount = symbols;
        int position = 0;
        for (int w = 1; w <= bits; w++) {
            int span = 1 << (w - 1);
            int cell = (bits + 1 - w);
            for (int s = 0; s < symbols; s++) {
                if (weights[s] == w) {
                    int v = s << 8 | cell;
                    for (int k = 0; k < span; k++) {
                        table[position + k] = v;
                    }
                    position += span;
                }
            }
        }
        maxBits = bits;
    }

    /// Returns the weight of symbol `s` in the last tree read.
    int weight(int s) {
        return weights[s];
    }

    /// Decodes `count` literals from the single stream `src[start, end)` into `out[off, ...)`.
    void decode1(byte[] src, int start, int end, byte[] out, int off, int count) {
        decodeStream(src, start, end, out, off, count);
    }

    /// Decodes `count` literals from 4 streams in `src[start, end)` (after the 6-byte jump table).
    void decode4(byte[] src, int start, int end, byte[] out, int off, int count) {
        if (end - start < 10) {
            throw new ZstdException("zstd: 4-stream Huffman literals of " + (end - start) + " bytes are too short");
        }
        int s1 = (src[start] & 0xFF) | (src[start + 1] & 0xFF) << 8;
        int s2 = (src[start + 2] & 0xFF) | (src[start + 3] & 0xFF) << 8;
        int s3 = (src[start + 4] & 0xFF) | (src[start + 5] & 0xFF) << 8;
        int p1 = start + 6;
        int p2 = p1 + s1;
        int p3 = p2 + s2;
        int p4 = p3 + s3;
        if (p4 >= end) {
            throw new ZstdException("zstd: Huffman jump table points past the literals");
        }
        int segment = (count + 3) / 4;
        int last = count - 3 * segment;
        if (last < 0) {
            throw new ZstdException("zstd: " + count + " literals are too few for 4 streams");
        }
        // The four streams are decoded side by side: within one stream every code's position
        // depends on the previous code's length (a load-shift-add chain), so a single stream runs
        // at the latency of that chain; four independent chains keep the core busy.
        ZstdBitReader r = reader;
        r.init(src, p1, p2, "Huffman literals");
        int q1 = r.pos;
        long c1 = r.container;
        int n1 = r.consumed;
        r.init(src, p2, p3, "Huffman literals");
        int q2 = r.pos;
        long c2 = r.container;
        int n2 = r.consumed;
        r.init(src, p3, p4, "Huffman literals");
        int q3 = r.pos;
        long c3 = r.container;
        int n3 = r.consumed;
        r.init(src, p4, end, "Huffman literals");
        int q4 = r.pos;
        long c4 = r.container;
        int n4 = r.consumed;
        int[] t = table;
        int shift = 64 - maxBits;
        int o1 = off;
        int o2 = off + segment;
        int o3 = off + 2 * segment;
        int o4 = off + 3 * segment;
        int stop4 = off + count;
        // Stream 4 is the shortest (segment - 3 <= last <= segment): while it has 4 codes left, all do.
        while (stop4 - o4 >= 4) {
            if (q1 != p1) {
                int k = Math.min(n1 >>> 3, q1 - p1);
                q1 -= k;
                n1 -= k << 3;
                c1 = (long) ZstdBitReader.LE_LONG.get(src, q1);
            }
            if (q2 != p2) {
                int k = Math.min(n2 >>> 3, q2 - p2);
                q2 -= k;
                n2 -= k << 3;
                c2 = (long) ZstdBitReader.LE_LONG.get(src, q2);
            }
            if (q3 != p3) {
                int k = Math.min(n3 >>> 3, q3 - p3);
                q3 -= k;
                n3 -= k << 3;
                c3 = (long) ZstdBitReader.LE_LONG.get(src, q3);
            }
            if (q4 != p4) {
                int k = Math.min(n4 >>> 3, q4 - p4);
                q4 -= k;
                n4 -= k << 3;
                c4 = (long) ZstdBitReader.LE_LONG.get(src, q4);
            }
            for (int i = 0; i < 4; i++) {
                int e1 = t[(int) ((c1 << n1) >>> shift)];
                int e2 = t[(int) ((c2 << n2) >>> shift)];
                int e3 = t[(int) ((c3 << n3) >>> shift)];
                int e4 = t[(int) ((c4 << n4) >>> shift)];
                n1 += e1 & 0xFF;
                n2 += e2 & 0xFF;
                n3 += e3 & 0xFF;
                n4 += e4 & 0xFF;
                out[o1++] = (byte) (e1 >>> 8);
                out[o2++] = (byte) (e2 >>> 8);
                out[o3++] = (byte) (e3 >>> 8);
                out[o4++] = (byte) (e4 >>> 8);
            }
        }
        finishStream(src, p1, p2, q1, c1, n1, out, o1, off + segment, segment);
        finishStream(src, p2, p3, q2, c2, n2, out, o2, off + 2 * segment, segment);
        finishStream(src, p3, p4, q3, c3, n3, out, o3, off + 3 * segment, segment);
        finishStream(src, p4, end, q4, c4, n4, out, o4, stop4, last);
    }

    private void decodeStream(byte[] src, int start, int end, byte[] out, int off, int count) {
        ZstdBitReader r = reader;
        r.init(src, start, end, "Huffman literals");
        finishStream(src, start, end, r.pos, r.container, r.consumed, out, off, off + count, count);
    }

    /// Decodes one stream's codes into `out[o, stop)` from the given reader state, then checks
    /// that the stream `src[start, end)` was used up exactly (`count` is for the message).
    private void finishStream(
            byte[] src,
            int start,
            int end,
            int pos,
            long container,
            int consumed,
            byte[] out,
            int o,
            int stop,
            int count) {
        // The reader's state lives in locals here: this loop decodes most literal bytes.
        int[] t = table;
        int shift = 64 - maxBits;
        // After a reload at least 57 bits are readable and a code has at most 11: 4 codes per reload.
        while (stop - o >= 4) {
            if (pos != start) {
                int bytes = Math.min(consumed >>> 3, pos - start);
                pos -= bytes;
                consumed -= bytes << 3;
                container = (long) ZstdBitReader.LE_LONG.get(src, pos);
            }
            int e = t[(int) ((container << consumed) >>> shift)];
            consumed += e & 0xFF;
            out[o] = (byte) (e >>> 8);
            e = t[(int) ((container << consumed) >>> shift)];
            consumed += e & 0xFF;
            out[o + 1] = (byte) (e >>> 8);
            e = t[(int) ((container << consumed) >>> shift)];
            consumed += e & 0xFF;
            out[o + 2] = (byte) (e >>> 8);
            e = t[(int) ((container << consumed) >>> shift)];
            consumed += e & 0xFF;
            out[o + 3] = (byte) (e >>> 8);
            o += 4;
        }
        while (o < stop) {
            if (pos != start) {
                int bytes = Math.min(consumed >>> 3, pos - start);
                pos -= bytes;
                consumed -= bytes << 3;
                container = (long) ZstdBitReader.LE_LONG.get(src, pos);
            }
            int e = t[(int) ((container << consumed) >>> shift)];
            consumed += e & 0xFF;
            out[o++] = (byte) (e >>> 8);
        }
        if (pos != start || consumed != 64) {
            throw new ZstdException(
                    "zstd: Huffman stream of " + (end - start) + " bytes did not end after " + count + " literals");
        }
    }
}
