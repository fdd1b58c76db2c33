package dev.jvortex.zstd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/// A Zstandard compressor (RFC 8878) that writes one standard frame per call: a header with the
/// content size (no checksum, no dictionary), then blocks of up to 128 KiB.
///
/// Matches are found as libzstd's "double fast" strategy (its levels 2-4) does: two hash tables,
/// one keyed by 8 bytes and one by 4 or 5, remember the last position of each hash over the
/// whole frame (up to a 2 MiB window); a long match wins over a short one, and the three most
/// recent offsets are tried before hashing (zstd codes them cheaply). Unmatched stretches are
/// skipped faster the longer they get.
///
/// Each block then gets its literals Huffman-coded (1 or 4 streams; raw or RLE when that is not
/// smaller) and its sequences FSE-coded, each of the three fields with the predefined table, an
/// RLE table or a table described in the block, whichever is estimated smallest. A block that
/// does not shrink is stored raw, one of a single repeated byte as RLE.
///
/// An instance keeps its hash tables and scratch (about 1.5 MB) between calls and is not
/// thread-safe; reuse one per thread of work.
public final class ZstdCompressor {
    static final int MAX_BLOCK = ZstdDecompressor.MAX_BLOCK;
    /// Largest window: frames up to this size are single-segment, larger ones declare it.
    static final int WINDOW_LOG = 21;
    private static final int MAX_LONG_LOG = 17;
    private static final int MAX_SHORT_LOG = 16;
    private static final long PRIME8 = 0xCF1BBCDCB7A56463L;
    private static final long PRIME5 = 889523592379L;
    private static final int PRIME4 = 0x9E3779B1;
    private static final VarHandle LE_LONG = ZstdBitReader.LE_LONG;
    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /// Bytes of slack after buffers that take unconditional 8- and 16-byte writes.
    private static final int SLACK = 32;

    private static final int[] LL_BASE = ZstdDecompressor.LL_BASE;
    private static final int[] LL_BITS = ZstdDecompressor.LL_BITS;
    private static final int[] ML_BASE = ZstdDecompressor.ML_BASE;
    private static final int[] ML_BITS = ZstdDecompressor.ML_BITS;
    /// Literal-length code of each length below 64, match-length code of each (length - 3) below 128.
    private static final byte[] LL_CODE = new byte[64];
    private static final byte[] ML_CODE = new byte[128];

    static {
        for (int v = 0, c = 0; v < 64; v++) {
            while (c + 1 < LL_BASE.length && LL_BASE[c + 1] <= v) {
                c++;
            }
            LL_CODE[v] = (byte) c;
        }
        for (int v = 0, c = 0; v < 128; v++) {
            while (c + 1 < ML_BASE.length && ML_BASE[c + 1] - 3 <= v) {
                c++;
            }
            ML_CODE[v] = (byte) c;
        }
    }

    private static final ZstdFseEncoder LL_DEFAULT =
            new ZstdFseEncoder().build(ZstdFse.LL_DEFAULT, ZstdFse.LL_DEFAULT.length, 6);
    private static final ZstdFseEncoder OF_DEFAULT =
            new ZstdFseEncoder().build(ZstdFse.OF_DEFAULT, ZstdFse.OF_DEFAULT.length, 5);
    private static final ZstdFseEncoder ML_DEFAULT =
            new ZstdFseEncoder().build(ZstdFse.ML_DEFAULT, ZstdFse.ML_DEFAULT.length, 6);

    // Match finder state: hash tables hold `position - frameStart + epoch`; entries of earlier
    // calls are below the current epoch and so point before the frame, which rejects them.
    private final int[] longTable = new int[1 << MAX_LONG_LOG];
    private final int[] shortTable = new int[1 << MAX_SHORT_LOG];
    private int epoch = 1;
    private int longLog;
    private int shortLog;
    private boolean shortIs5;
    private int window;
    /// The match finder's two most recent offsets (a guess at the decoder's repeat offsets).
    private int find1;
    private int find2;

    // The sequences of the current block.
    private final int[] seqLl = new int[MAX_BLOCK / 4 + 16];
    private final int[] seqMl = new int[MAX_BLOCK / 4 + 16];
    private final int[] seqOff = new int[MAX_BLOCK / 4 + 16];
    private final byte[] literals = new byte[MAX_BLOCK + SLACK];
    private int nbSeq;
    private int litCount;

    /// The decoder's repeat offsets as of the blocks written so far.
    private int rep0;
    private int rep1;
    private int rep2;

    // Entropy coding scratch.
    private final byte[] block = new byte[2 * MAX_BLOCK + 1024];
    private final byte[] llCodes = new byte[MAX_BLOCK / 4 + 16];
    private final byte[] mlCodes = new byte[MAX_BLOCK / 4 + 16];
    private final byte[] ofCodes = new byte[MAX_BLOCK / 4 + 16];
    private final int[] ofValues = new int[MAX_BLOCK / 4 + 16];
    private final int[] llCount = new int[36];
    private final int[] mlCount = new int[53];
    private final int[] ofCount = new int[32];
    private final int[] litCounts = new int[256];
    private final short[] norm = new short[ZstdFseEncoder.MAX_SYMBOLS];
    // Entropy tables, two of each: the decoder's current one (which a later block may repeat
    // instead of describing its own) and one to build the next into. `*Pending` is what the
    // decoder will have after the block being written, if it is kept (null: unchanged).
    private final ZstdFseEncoder[] llTables = {new ZstdFseEncoder(), new ZstdFseEncoder()};
    private final ZstdFseEncoder[] mlTables = {new ZstdFseEncoder(), new ZstdFseEncoder()};
    private final ZstdFseEncoder[] ofTables = {new ZstdFseEncoder(), new ZstdFseEncoder()};
    private final ZstdHuffmanEncoder[] huffmans = {new ZstdHuffmanEncoder(), new ZstdHuffmanEncoder()};
    private ZstdFseEncoder llPrevious;
    private ZstdFseEncoder mlPrevious;
    private ZstdFseEncoder ofPrevious;
    private ZstdHuffmanEncoder huffmanPrevious;
    private ZstdFseEncoder llPending;
    private ZstdFseEncoder mlPending;
    private ZstdFseEncoder ofPending;
    private ZstdHuffmanEncoder huffmanPending;
    /// Output of [#chooseTable]: the mode (0 predefined, 1 RLE, 2 described) and the table.
    private int chosenMode;
    private ZstdFseEncoder chosenTable;

    /// Creates a compressor.
    public ZstdCompressor() {}

    /// Returns the largest frame [#compress] can produce for `len` bytes.
    public static long maxCompressedSize(long len) {
        return 18 + len + 3 * (len / MAX_BLOCK + 1);
    }

    /// Compresses all of `src` into one frame.
    ///
    /// @throws IllegalArgumentException if `src` is larger than [ZstdDecompressor#MAX_OUTPUT] - 1024 bytes
    public byte[] compress(byte[] src) {
        return compress(src, 0, src.length);
    }

    /// Compresses all of `src` into one frame.
    ///
    /// @throws IllegalArgumentException if `src` is larger than [ZstdDecompressor#MAX_OUTPUT] - 1024 bytes
    public byte[] compress(MemorySegment src) {
        if (src.byteSize() > ZstdDecompressor.MAX_OUTPUT - 1024) {
            throw new IllegalArgumentException("zstd: cannot compress " + src.byteSize() + " bytes in one frame");
        }
        byte[] bytes = src.toArray(JAVA_BYTE);
        return compress(bytes, 0, bytes.length);
    }

    /// Compresses `src[off, off + len)` into one frame.
    ///
    /// @throws IllegalArgumentException if the range is outside `src` or longer than
    ///     [ZstdDecompressor#MAX_OUTPUT] - 1024 bytes
    public byte[] compress(byte[] src, int off, int len) {
        if (off < 0 || len < 0 || off > src.length - len) {
            throw new IllegalArgumentException(
                    "zstd: range [" + off + ", " + off + " + " + len + ") outside " + src.length + " bytes");
        }
        if (len > ZstdDecompressor.MAX_OUTPUT - 1024) {
            throw new IllegalArgumentException("zstd: cannot compress " + len + " bytes in one frame");
        }
        byte[] out = new byte[(int) maxCompressedSize(len)];
        int op = writeHeader(out, len);
        setup(len);
        int end = off + len;
        if (len == 0) {
            op = blockHeader(out, op, true, 0, 0);
        }
        for (int start = off; start < end; start += MAX_BLOCK) {
            int stop = Math.min(end, start + MAX_BLOCK);
            op = writeBlock(src, off, start, stop, stop == end, out, op);
        }
        epoch += len + 1;
        return Arrays.copyOf(out, op);
    }

    private int writeHeader(byte[] out, int len) {
        LE_INT.set(out, 0, ZstdDecompressor.MAGIC);
        boolean single = len <= 1 << WINDOW_LOG;
        int op = 5;
        int fcsFlag;
        if (single && len < 256) {
            fcsFlag = 0;
        } else if (len < 65536 + 256) {
            fcsFlag = 1;
        } else {
            fcsFlag = 2;
        }
        out[4] = (byte) (fcsFlag << 6 | (single ? 0x20 : 0));
        if (!single) {
            out[op++] = (byte) ((WINDOW_LOG - 10) << 3);
        }
        switch (fcsFlag) {
            case 0 -> out[op++] = (byte) len;
            case 1 -> {
                out[op++] = (byte) (len - 256);
                out[op++] = (byte) ((len - 256) >>> 8);
            }
            default -> {
                LE_INT.set(out, op, len);
                op += 4;
            }
        }
        return op;
    }

    /// Sizes the hash tables and window to the input, as libzstd shrinks its parameters for small inputs.
    private void setup(int len) {
        int log = len <= 1 ? 10 : Math.max(10, 32 - Integer.numberOfLeadingZeros(len - 1));
        log = Math.min(log, WINDOW_LOG);
        window = 1 << log;
        boolean small = len <= MAX_BLOCK;
        longLog = Math.min(small ? MAX_LONG_LOG - 1 : MAX_LONG_LOG, log + 1);
        shortLog = Math.min(small ? MAX_SHORT_LOG - 1 : MAX_SHORT_LOG, log);
        shortIs5 = len <= MAX_BLOCK || len > 256 * 1024;
        if ((long) epoch + len + 1 >= Integer.MAX_VALUE - 16) {
            Arrays.fill(longTable, 0);
            Arrays.fill(shortTable, 0);
            epoch = 1;
        }
        find1 = 1;
        find2 = 4;
        llPrevious = null;
        mlPrevious = null;
        ofPrevious = null;
        huffmanPrevious = null;
        rep0 = 1;
        rep1 = 4;
        rep2 = 8;
    }

    private static int blockHeader(byte[] out, int op, boolean last, int type, int size) {
        int h = (last ? 1 : 0) | type << 1 | size << 3;
        out[op] = (byte) h;
        out[op + 1] = (byte) (h >>> 8);
        out[op + 2] = (byte) (h >>> 16);
        return op + 3;
    }

    private int writeBlock(byte[] src, int frameStart, int start, int stop, boolean last, byte[] out, int op) {
        int n = stop - start;
        if (isRun(src, start, stop)) {
            op = blockHeader(out, op, last, 1, n);
            out[op] = src[start];
            return op + 1;
        }
        int saved0 = rep0;
        int saved1 = rep1;
        int saved2 = rep2;
        findSequences(src, frameStart, start, stop);
        int size = encodeBlock(n);
        if (size > 0 && size < n - minGain(n)) {
            // The decoder now holds this block's tables.
            if (huffmanPending != null) {
                huffmanPrevious = huffmanPending;
            }
            if (llPending != null) {
                llPrevious = llPending;
                ofPrevious = ofPending;
                mlPrevious = mlPending;
            }
            op = blockHeader(out, op, last, 2, size);
            System.arraycopy(block, 0, out, op, size);
            return op + size;
        }
        // Stored raw: the decoder's repeat offsets and tables stay as they were.
        rep0 = saved0;
        rep1 = saved1;
        rep2 = saved2;
        op = blockHeader(out, op, last, 0, n);
        System.arraycopy(src, start, out, op, n);
        return op + n;
    }

    private static int minGain(int n) {
        return (n >>> 6) + 2;
    }

    private static boolean isRun(byte[] src, int start, int stop) {
        if (stop - start < 16) {
            return false;
        }
        byte b = src[start];
        long word = (b & 0xFFL) * 0x0101010101010101L;
        int i = start;
        for (; i + 8 <= stop; i += 8) {
            if ((long) LE_LONG.get(src, i) != word) {
                return false;
            }
        }
        for (; i < stop; i++) {
            if (src[i] != b) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- match finding

    private static long read64(byte[] b, int p) {
        return (long) LE_LONG.get(b, p);
    }

    private static int read32(byte[] b, int p) {
        return (int) LE_INT.get(b, p);
    }

    /// Returns how many bytes from `a` equal those from `b` (`b < a`), not passing `limit`.
    private static int count(byte[] s, int a, int b, int limit) {
        int start = a;
        while (a <= limit - 8) {
            long x = read64(s, a) ^ read64(s, b);
            if (x != 0) {
                return a - start + (Long.numberOfTrailingZeros(x) >>> 3);
            }
            a += 8;
            b += 8;
        }
        while (a < limit && s[a] == s[b]) {
            a++;
            b++;
        }
        return a - start;
    }

    /// Fills the sequences and literals of block `src[blockStart, blockEnd)`.
    private void findSequences(byte[] src, int frameStart, int blockStart, int blockEnd) {
        nbSeq = 0;
        litCount = 0;
        int[] lt = longTable;
        int[] st = shortTable;
        int longShift = 64 - longLog;
        int shortShift = 64 - shortLog;
        int shortShift4 = 32 - shortLog;
        boolean five = shortIs5;
        int base = frameStart - epoch;
        int win = window;
        int o1 = find1;
        int o2 = find2;
        int anchor = blockStart;
        int ip = blockStart == frameStart ? blockStart + 1 : blockStart;
        int ilimit = blockEnd - 8;
        while (ip < ilimit) {
            long v = read64(src, ip);
            int hl = (int) ((v * PRIME8) >>> longShift);
            int hs = five ? (int) (((v << 24) * PRIME5) >>> shortShift) : ((int) v * PRIME4) >>> shortShift4;
            int candL = lt[hl] + base;
            int candS = st[hs] + base;
            int curr = ip;
            lt[hl] = curr - base;
            st[hs] = curr - base;
            // Candidates at or after `low` are in the frame and within the window also from ip + 1.
            int low = Math.max(frameStart, ip + 1 - win);
            int mLen;
            int match;
            // The most recent offset, one byte ahead: a cheap sequence when it matches.
            int rp = ip + 1 - o1;
            if (rp >= frameStart && o1 <= win && read32(src, rp) == read32(src, ip + 1)) {
                mLen = 4 + count(src, ip + 5, rp + 4, blockEnd);
                ip++;
                store(src, anchor, ip - anchor, o1, mLen);
            } else {
                if (candL >= low && read64(src, candL) == v) {
                    match = candL;
                    mLen = 8 + count(src, ip + 8, candL + 8, blockEnd);
                } else if (candS >= low && read32(src, candS) == (int) v) {
                    // A short match; a long one starting a byte later is usually better.
                    long v1 = read64(src, ip + 1);
                    int hl1 = (int) ((v1 * PRIME8) >>> longShift);
                    int candL1 = lt[hl1] + base;
                    lt[hl1] = curr + 1 - base;
                    if (candL1 >= low && read64(src, candL1) == v1) {
                        ip++;
                        match = candL1;
                        mLen = 8 + count(src, ip + 8, candL1 + 8, blockEnd);
                    } else {
                        match = candS;
                        mLen = 4 + count(src, ip + 4, candS + 4, blockEnd);
                    }
                } else {
                    ip += ((ip - anchor) >> 8) + 1;
                    continue;
                }
                int back = extendBack(src, ip, match, anchor, low);
                ip -= back;
                match -= back;
                mLen += back;
                o2 = o1;
                o1 = ip - match;
                store(src, anchor, ip - anchor, o1, mLen);
            }
            ip += mLen;
            anchor = ip;
            if (ip <= ilimit) {
                // Remember two positions inside the match, then take back-to-back repeats.
                int p = curr + 2;
                long w = read64(src, p);
                lt[(int) ((w * PRIME8) >>> longShift)] = p - base;
                st[five ? (int) (((w << 24) * PRIME5) >>> shortShift) : ((int) w * PRIME4) >>> shortShift4] = p - base;
                w = read64(src, ip - 2);
                lt[(int) ((w * PRIME8) >>> longShift)] = ip - 2 - base;
                w = read64(src, ip - 1);
                st[five ? (int) (((w << 24) * PRIME5) >>> shortShift) : ((int) w * PRIME4) >>> shortShift4] =
                        ip - 1 - base;
                while (ip <= ilimit
                        && ip - o2 >= Math.max(frameStart, ip - win)
                        && read32(src, ip) == read32(src, ip - o2)) {
                    int rLen = 4 + count(src, ip + 4, ip + 4 - o2, blockEnd);
                    int t = o2;
                    o2 = o1;
                    o1 = t;
                    w = read64(src, ip);
                    lt[(int) ((w * PRIME8) >>> longShift)] = ip - base;
                    st[five ? (int) (((w << 24) * PRIME5) >>> shortShift) : ((int) w * PRIME4) >>> shortShift4] =
                            ip - base;
                    store(src, ip, 0, o1, rLen);
                    ip += rLen;
                    anchor = ip;
                }
            }
        }
        find1 = o1;
        find2 = o2;
        int rest = blockEnd - anchor;
        System.arraycopy(src, anchor, literals, litCount, rest);
        litCount += rest;
    }

    /// Returns how many bytes before `ip` (not before `anchor`) equal those before `match` (not
    /// before `low`). (A counted loop: a loop with the two bounds as exit tests gets them hoisted
    /// on the profile, and the JIT recompiles all of [#findSequences] when a block breaks them.)
    private static int extendBack(byte[] src, int ip, int match, int anchor, int low) {
        int limit = Math.min(ip - anchor, match - low);
        int back = 0;
        while (back < limit && src[ip - back - 1] == src[match - back - 1]) {
            back++;
        }
        return back;
    }

    private void store(byte[] src, int from, int litLen, int offset, int mLen) {
        int n = nbSeq++;
        seqLl[n] = litLen;
        seqOff[n] = offset;
        seqMl[n] = mLen;
        int lc = litCount;
        if (litLen <= 16 && from + 16 <= src.length) {
            LE_LONG.set(literals, lc, (long) LE_LONG.get(src, from));
            LE_LONG.set(literals, lc + 8, (long) LE_LONG.get(src, from + 8));
        } else {
            System.arraycopy(src, from, literals, lc, litLen);
        }
        litCount = lc + litLen;
    }

    // ---------------------------------------------------------------- entropy coding

    /// Writes the compressed block content into [#block]; returns its size, or -1 when it
    /// grows past `rawSize` (the block is then stored raw).
    private int encodeBlock(int rawSize) {
        huffmanPending = null;
        llPending = null;
        ofPending = null;
        mlPending = null;
        byte[] out = block;
        int p = writeLiterals(out);
        if (p >= rawSize) {
            return -1;
        }
        return writeSequences(out, p, rawSize);
    }

    private int writeLiterals(byte[] out) {
        int n = litCount;
        byte[] lit = literals;
        if (n == 0) {
            out[0] = 0;
            return 1;
        }
        int[] counts = litCounts;
        Arrays.fill(counts, 0);
        for (int i = 0; i < n; i++) {
            counts[lit[i] & 0xFF]++;
        }
        int distinct = 0;
        for (int c : counts) {
            if (c != 0) {
                distinct++;
            }
        }
        if (distinct == 1 && n > 1) {
            int p = rawHeader(out, 1, n);
            out[p] = lit[0];
            return p + 1;
        }
        if (n >= 64 && distinct > 1) {
            int p = huffmanLiterals(out, n);
            if (p > 0) {
                return p;
            }
        }
        int p = rawHeader(out, 0, n);
        System.arraycopy(lit, 0, out, p, n);
        return p + n;
    }

    private static int rawHeader(byte[] out, int type, int n) {
        if (n < 32) {
            out[0] = (byte) (type | n << 3);
            return 1;
        }
        if (n < 4096) {
            int h = type | 1 << 2 | n << 4;
            out[0] = (byte) h;
            out[1] = (byte) (h >>> 8);
            return 2;
        }
        int h = type | 3 << 2 | n << 4;
        out[0] = (byte) h;
        out[1] = (byte) (h >>> 8);
        out[2] = (byte) (h >>> 16);
        return 3;
    }

    /// Writes Huffman-coded literals at `out[0]`; returns the section size, or -1 when raw is as good.
    private int huffmanLiterals(byte[] out, int n) {
        ZstdHuffmanEncoder previous = huffmanPrevious;
        ZstdHuffmanEncoder h = huffmans[previous == huffmans[0] ? 1 : 0];
        long bits = h.build(litCounts);
        boolean single = n < 256;
        int headerSize = single || n < 1024 ? 3 : n < 16384 ? 4 : 5;
        int budget = n - minGain(n);
        int treeStart = headerSize;
        int q = h.writeTree(out, treeStart);
        long repeatBits = previous == null ? -1 : previous.cost(litCounts);
        int type = 2;
        if (repeatBits >= 0 && (q < 0 || repeatBits <= bits + 8L * (q - treeStart))) {
            // The previous block's codes, without a tree ("treeless" literals).
            h = previous;
            bits = repeatBits;
            q = treeStart;
            type = 3;
        }
        if (q < 0 || (q - treeStart) + (bits >>> 3) + headerSize + (single ? 0 : 6) >= budget) {
            return -1;
        }
        byte[] lit = literals;
        if (single) {
            q = h.encodeStream(lit, 0, n, out, q);
        } else {
            int jump = q;
            q += 6;
            int segment = (n + 3) / 4;
            int s1 = q;
            q = h.encodeStream(lit, 0, segment, out, q);
            int s2 = q;
            q = h.encodeStream(lit, segment, 2 * segment, out, q);
            int s3 = q;
            q = h.encodeStream(lit, 2 * segment, 3 * segment, out, q);
            int s4 = q;
            q = h.encodeStream(lit, 3 * segment, n, out, q);
            int[] sizes = {s2 - s1, s3 - s2, s4 - s3};
            for (int i = 0; i < 3; i++) {
                if (sizes[i] > 0xFFFF) {
                    return -1;
                }
                out[jump + 2 * i] = (byte) sizes[i];
                out[jump + 2 * i + 1] = (byte) (sizes[i] >>> 8);
            }
        }
        int compressed = q - treeStart;
        if (compressed + headerSize >= budget) {
            return -1;
        }
        int sizeFormat = single ? 0 : n < 1024 ? 1 : n < 16384 ? 2 : 3;
        int sizeBits = sizeFormat <= 1 ? 10 : sizeFormat == 2 ? 14 : 18;
        long header = type | sizeFormat << 2 | (long) n << 4 | (long) compressed << (4 + sizeBits);
        huffmanPending = h;
        for (int i = 0; i < headerSize; i++) {
            out[i] = (byte) (header >>> (8 * i));
        }
        return q;
    }

    private int writeSequences(byte[] out, int p, int rawSize) {
        int n = nbSeq;
        if (n == 0) {
            out[p] = 0;
            return p + 1;
        }
        if (n < 128) {
            out[p++] = (byte) n;
        } else if (n < 0x7F00) {
            out[p++] = (byte) ((n >>> 8) + 128);
            out[p++] = (byte) n;
        } else {
            out[p++] = (byte) 255;
            out[p++] = (byte) (n - 0x7F00);
            out[p++] = (byte) ((n - 0x7F00) >>> 8);
        }
        // Offsets to offset values with the decoder's repeat-offset rules (RFC 8878 §3.1.2.5).
        Arrays.fill(llCount, 0);
        Arrays.fill(mlCount, 0);
        Arrays.fill(ofCount, 0);
        int r0 = rep0;
        int r1 = rep1;
        int r2 = rep2;
        int maxLl = 0;
        int maxMl = 0;
        int maxOf = 0;
        for (int i = 0; i < n; i++) {
            int ll = seqLl[i];
            int off = seqOff[i];
            int ofv;
            if (ll != 0) {
                if (off == r0) {
                    ofv = 1;
                } else if (off == r1) {
                    ofv = 2;
                    r1 = r0;
                    r0 = off;
                } else if (off == r2) {
                    ofv = 3;
                    r2 = r1;
                    r1 = r0;
                    r0 = off;
                } else {
                    ofv = off + 3;
                    r2 = r1;
                    r1 = r0;
                    r0 = off;
                }
            } else {
                if (off == r1) {
                    ofv = 1;
                    r1 = r0;
                    r0 = off;
                } else if (off == r2) {
                    ofv = 2;
                    r2 = r1;
                    r1 = r0;
                    r0 = off;
                } else if (off == r0 - 1) {
                    ofv = 3;
                    r2 = r1;
                    r1 = r0;
                    r0 = off;
                } else {
                    ofv = off + 3;
                    r2 = r1;
                    r1 = r0;
                    r0 = off;
                }
            }
            int ofCode = 31 - Integer.numberOfLeadingZeros(ofv);
            int llCode = ll < 64 ? LL_CODE[ll] : (31 - Integer.numberOfLeadingZeros(ll)) + 19;
            int mlBase = seqMl[i] - 3;
            int mlCode = mlBase < 128 ? ML_CODE[mlBase] : (31 - Integer.numberOfLeadingZeros(mlBase)) + 36;
            ofValues[i] = ofv;
            ofCodes[i] = (byte) ofCode;
            llCodes[i] = (byte) llCode;
            mlCodes[i] = (byte) mlCode;
            llCount[llCode]++;
            mlCount[mlCode]++;
            ofCount[ofCode]++;
            maxLl = Math.max(maxLl, llCode);
            maxMl = Math.max(maxMl, mlCode);
            maxOf = Math.max(maxOf, ofCode);
        }
        rep0 = r0;
        rep1 = r1;
        rep2 = r2;

        int modesAt = p++;
        p = chooseTable(
                llCount,
                maxLl,
                n,
                9,
                LL_DEFAULT,
                ZstdFse.LL_DEFAULT.length - 1,
                llPrevious,
                llTables[llPrevious == llTables[0] ? 1 : 0],
                out,
                p);
        int llMode = chosenMode;
        ZstdFseEncoder ll = chosenTable;
        p = chooseTable(
                ofCount,
                maxOf,
                n,
                8,
                OF_DEFAULT,
                ZstdFse.OF_DEFAULT.length - 1,
                ofPrevious,
                ofTables[ofPrevious == ofTables[0] ? 1 : 0],
                out,
                p);
        int ofMode = chosenMode;
        ZstdFseEncoder of = chosenTable;
        p = chooseTable(
                mlCount,
                maxMl,
                n,
                9,
                ML_DEFAULT,
                ZstdFse.ML_DEFAULT.length - 1,
                mlPrevious,
                mlTables[mlPrevious == mlTables[0] ? 1 : 0],
                out,
                p);
        int mlMode = chosenMode;
        ZstdFseEncoder ml = chosenTable;
        llPending = ll;
        ofPending = of;
        mlPending = ml;
        out[modesAt] = (byte) (llMode << 6 | ofMode << 4 | mlMode << 2);
        if (p >= rawSize) {
            return -1;
        }
        return encodeSequences(out, p, rawSize, ll, of, ml);
    }

    /// Picks the cheapest table for one sequence field: the previous block's (repeat mode), RLE
    /// for a single symbol, the predefined table or one described here (its description is
    /// written at `out[p]`). Sets [#chosenMode] and [#chosenTable]; returns the position after
    /// any description.
    private int chooseTable(
            int[] counts,
            int maxSymbol,
            int total,
            int maxLog,
            ZstdFseEncoder predefined,
            int predefinedMax,
            ZstdFseEncoder previous,
            ZstdFseEncoder scratch,
            byte[] out,
            int p) {
        int distinct = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            if (counts[s] != 0) {
                distinct++;
            }
        }
        long repeatCost = previous == null ? -1 : previous.cost(counts, maxSymbol);
        if (distinct == 1 && repeatCost == 0) {
            // The previous table was RLE of the same symbol.
            chosenMode = 3;
            chosenTable = previous;
            return p;
        }
        if (distinct == 1) {
            Arrays.fill(norm, 0, maxSymbol + 1, (short) 0);
            norm[maxSymbol] = 1;
            chosenMode = 1;
            chosenTable = scratch.build(norm, maxSymbol + 1, 0);
            out[p] = (byte) maxSymbol;
            return p + 1;
        }
        long predefinedCost = Long.MAX_VALUE;
        if (maxSymbol <= predefinedMax) {
            predefinedCost = 0;
            for (int s = 0; s <= maxSymbol; s++) {
                predefinedCost += (long) counts[s] * predefined.cost[s];
            }
        }
        int log = ZstdFseEncoder.optimalLog(maxLog, total, maxSymbol);
        while (distinct > 1 << log && log < maxLog) {
            log++;
        }
        ZstdFseEncoder.normalize(counts, maxSymbol, total, log, norm);
        int end = ZstdFseEncoder.writeDescription(norm, maxSymbol, log, out, p);
        scratch.build(norm, maxSymbol + 1, log);
        long describedCost = (long) (end - p) * 8 * 256;
        for (int s = 0; s <= maxSymbol; s++) {
            describedCost += (long) counts[s] * scratch.cost[s];
        }
        if (repeatCost >= 0 && repeatCost <= describedCost && repeatCost <= predefinedCost) {
            chosenMode = 3;
            chosenTable = previous;
            return p;
        }
        if (predefinedCost <= describedCost) {
            chosenMode = 0;
            chosenTable = predefined;
            return p;
        }
        chosenMode = 2;
        chosenTable = scratch;
        return end;
    }

    /// Writes the sequences bitstream at `out[p]`: the last sequence first, so that the decoder
    /// reading backwards meets the first sequence first. Returns the end, or -1 past `limit`.
    private int encodeSequences(
            byte[] out, int p, int limit, ZstdFseEncoder llT, ZstdFseEncoder ofT, ZstdFseEncoder mlT) {
        int n = nbSeq;
        int[] llStates = llT.stateTable;
        int[] llDnb = llT.deltaNbBits;
        int[] llDfs = llT.deltaFindState;
        int[] mlStates = mlT.stateTable;
        int[] mlDnb = mlT.deltaNbBits;
        int[] mlDfs = mlT.deltaFindState;
        int[] ofStates = ofT.stateTable;
        int[] ofDnb = ofT.deltaNbBits;
        int[] ofDfs = ofT.deltaFindState;
        int last = n - 1;
        int mlState = mlT.initState(mlCodes[last]);
        int ofState = ofT.initState(ofCodes[last]);
        int llState = llT.initState(llCodes[last]);
        long c = 0;
        int bits = 0;
        {
            int llCode = llCodes[last];
            int mlCode = mlCodes[last];
            int ofCode = ofCodes[last];
            c |= (long) (seqLl[last] - LL_BASE[llCode]) << bits;
            bits += LL_BITS[llCode];
            c |= (long) (seqMl[last] - ML_BASE[mlCode]) << bits;
            bits += ML_BITS[mlCode];
            LE_LONG.set(out, p, c);
            p += bits >>> 3;
            c >>>= bits & ~7;
            bits &= 7;
            c |= (long) (ofValues[last] & ((1 << ofCode) - 1)) << bits;
            bits += ofCode;
            LE_LONG.set(out, p, c);
            p += bits >>> 3;
            c >>>= bits & ~7;
            bits &= 7;
        }
        for (int i = last - 1; i >= 0; i--) {
            int llCode = llCodes[i];
            int mlCode = mlCodes[i];
            int ofCode = ofCodes[i];
            // State steps (at most 8 + 9 + 9 bits), in the reverse of the decoder's order.
            int nb = (ofState + ofDnb[ofCode]) >>> 16;
            c |= (long) (ofState & ((1 << nb) - 1)) << bits;
            bits += nb;
            ofState = ofStates[(ofState >>> nb) + ofDfs[ofCode]];
            nb = (mlState + mlDnb[mlCode]) >>> 16;
            c |= (long) (mlState & ((1 << nb) - 1)) << bits;
            bits += nb;
            mlState = mlStates[(mlState >>> nb) + mlDfs[mlCode]];
            nb = (llState + llDnb[llCode]) >>> 16;
            c |= (long) (llState & ((1 << nb) - 1)) << bits;
            bits += nb;
            llState = llStates[(llState >>> nb) + llDfs[llCode]];
            LE_LONG.set(out, p, c);
            p += bits >>> 3;
            c >>>= bits & ~7;
            bits &= 7;
            // Extra bits: literal length and match length (up to 16 each), then the offset (up to 31).
            c |= (long) (seqLl[i] - LL_BASE[llCode]) << bits;
            bits += LL_BITS[llCode];
            c |= (long) (seqMl[i] - ML_BASE[mlCode]) << bits;
            bits += ML_BITS[mlCode];
            LE_LONG.set(out, p, c);
            p += bits >>> 3;
            c >>>= bits & ~7;
            bits &= 7;
            c |= (long) (ofValues[i] & ((1 << ofCode) - 1)) << bits;
            bits += ofCode;
            LE_LONG.set(out, p, c);
            p += bits >>> 3;
            c >>>= bits & ~7;
            bits &= 7;
            if (p > limit) {
                return -1;
            }
        }
        c |= (long) (mlState & ((1 << mlT.log) - 1)) << bits;
        bits += mlT.log;
        c |= (long) (ofState & ((1 << ofT.log) - 1)) << bits;
        bits += ofT.log;
        LE_LONG.set(out, p, c);
        p += bits >>> 3;
        c >>>= bits & ~7;
        bits &= 7;
        c |= (long) (llState & ((1 << llT.log) - 1)) << bits;
        bits += llT.log;
        c |= 1L << bits;
        bits++;
        LE_LONG.set(out, p, c);
        p += (bits + 7) >>> 3;
        return p > limit ? -1 : p;
    }
}
