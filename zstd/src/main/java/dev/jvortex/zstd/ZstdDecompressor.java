package dev.jvortex.zstd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/// A Zstandard decompressor written from RFC 8878: every frame type and block type, Huffman
/// literals (1 or 4 streams, treeless), FSE/RLE/predefined/repeat sequence tables, repeat offsets,
/// XXH64 content checksums, skippable and concatenated frames, raw and formatted dictionaries.
///
/// Output goes into a heap buffer owned by the instance (matches read earlier output from it) and
/// is then copied to the caller. Output never grows past what the caller expects: a frame that
/// claims or produces more fails. Every size, offset and count read from the input is checked
/// before use, so corrupt input ends in a [ZstdException].
///
/// Input is one or more frames back to back; empty input is an error (a frame is at least 9
/// bytes). An instance keeps scratch tables between calls and is not thread-safe; it costs a few
/// hundred kilobytes, so reuse one per thread of work.
public final class ZstdDecompressor {
    /// Magic number of a zstd frame, little-endian at its start.
    public static final int MAGIC = 0xFD2FB528;
    /// Largest decompressed size of one block.
    static final int MAX_BLOCK = 128 * 1024;
    /// Most output bytes one input byte can yield: an RLE block turns 4 bytes into 128 KiB. A
    /// caller that stores a frame's decompressed size beside it can reject sizes beyond this
    /// ratio before allocating anything.
    public static final long MAX_RATIO = MAX_BLOCK / 4;
    /// Largest output one call can produce (a Java array bound).
    public static final int MAX_OUTPUT = Integer.MAX_VALUE - 16;

    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT_LAYOUT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE_LONG = ZstdBitReader.LE_LONG;
    /// Spare bytes past the output limit, so that short copies may move whole 8-byte words.
    private static final int SLACK = 64;
    /// Largest input a [MemorySegment] call takes (it is copied into a Java array with slack).
    public static final int MAX_INPUT = MAX_OUTPUT - SLACK;

    // Literal-length and match-length codes: base value and number of extra bits (RFC 8878 §3.1.1.3.2.1.1).
    static final int[] LL_BASE = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512,
        1024, 2048, 4096, 8192, 16384, 32768, 65536
    };
    static final int[] LL_BITS = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16
    };
    static final int[] ML_BASE = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
        33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539
    };
    static final int[] ML_BITS = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2,
        2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
    };
    private static final int LL_MAX_SYMBOL = 35;
    private static final int ML_MAX_SYMBOL = 52;
    private static final int OF_MAX_SYMBOL = 31;

    private final ZstdDictionary dictionary;
    private final byte[] dictContent;

    private byte[] out = new byte[0];
    private int op;
    /// Reusable copy of the input when it comes as a segment.
    private byte[] inputCopy = new byte[0];
    private int frameStart;

    private final byte[] literals = new byte[MAX_BLOCK + SLACK];
    private final ZstdHuffman huffman = new ZstdHuffman();
    private ZstdHuffman currentHuffman;

    private final short[] norm = new short[64];
    private final int[] next = new int[64];
    private static final long[] LL_DEFAULT_FUSED = fuse(ZstdFse.LL_DEFAULT_TABLE, 64, LL_MAX_SYMBOL, new long[64]);
    private static final long[] OF_DEFAULT_FUSED = fuse(ZstdFse.OF_DEFAULT_TABLE, 32, OF_MAX_SYMBOL, new long[32]);
    private static final long[] ML_DEFAULT_FUSED = fuse(ZstdFse.ML_DEFAULT_TABLE, 64, ML_MAX_SYMBOL, new long[64]);
    private final SequenceTable ll =
            new SequenceTable("literal length", LL_MAX_SYMBOL, 9, ZstdFse.LL_DEFAULT_TABLE, LL_DEFAULT_FUSED, 6);
    private final SequenceTable of =
            new SequenceTable("offset", OF_MAX_SYMBOL, 8, ZstdFse.OF_DEFAULT_TABLE, OF_DEFAULT_FUSED, 5);
    private final SequenceTable ml =
            new SequenceTable("match length", ML_MAX_SYMBOL, 9, ZstdFse.ML_DEFAULT_TABLE, ML_DEFAULT_FUSED, 6);
    private int rep0;
    private int rep1;
    private int rep2;
    private final ZstdBitReader reader = new ZstdBitReader();

    /// Creates a decompressor without a dictionary.
    public ZstdDecompressor() {
        this(null);
    }

    /// Creates a decompressor that uses `dictionary` (may be null) for every frame.
    public ZstdDecompressor(ZstdDictionary dictionary) {
        this.dictionary = dictionary;
        this.dictContent = dictionary == null ? new byte[0] : dictionary.content;
    }

    /// Decompresses every frame of `src` into `dst` and returns the number of bytes written; fails
    /// if the output would not fit in `dst`.
    ///
    /// @throws ZstdException if `src` is not valid zstd data or its content does not fit in `dst`
    /// @throws IllegalArgumentException if `src` is larger than [#MAX_INPUT] bytes
    public long decompress(MemorySegment src, MemorySegment dst) {
        int cap = (int) Math.min(dst.byteSize(), MAX_OUTPUT);
        int n = run(input(src), (int) src.byteSize(), 0, cap);
        MemorySegment.copy(out, 0, dst, JAVA_BYTE, 0, n);
        return n;
    }

    /// Decompresses every frame of `src` into a new array; fails if the output exceeds `maxSize` bytes.
    ///
    /// @throws ZstdException if `src` is not valid zstd data or its content exceeds `maxSize` bytes
    /// @throws IllegalArgumentException if `src` is larger than [#MAX_INPUT] bytes
    public byte[] decompress(MemorySegment src, int maxSize) {
        int n = run(input(src), (int) src.byteSize(), 0, Math.min(Math.max(maxSize, 0), MAX_OUTPUT));
        return Arrays.copyOf(out, n);
    }

    /// Decompresses every frame of `src` into a new array; fails if the output exceeds `maxSize` bytes.
    ///
    /// @throws ZstdException if `src` is not valid zstd data or its content exceeds `maxSize` bytes
    public byte[] decompress(byte[] src, int maxSize) {
        int n = run(src, src.length, 0, Math.min(Math.max(maxSize, 0), MAX_OUTPUT));
        return Arrays.copyOf(out, n);
    }

    /// Decompresses every frame of `src` after the output already held (see [#output()]), for
    /// callers that gather several inputs in one buffer; returns the bytes added, at most `max`.
    /// Frames never see the output of earlier calls as history.
    ///
    /// Together with [#clearOutput()], [#output()] and [#outputSize()] this lets a caller
    /// decompress several inputs one after the other into this decompressor's own buffer and
    /// read the result there, without a copy per input:
    ///
    /// ```java
    /// d.clearOutput();
    /// for (MemorySegment frame : frames) {
    ///     d.append(frame, maxBytesPerFrame);
    /// }
    /// byte[] all = d.output(); // bytes [0, d.outputSize())
    /// ```
    ///
    /// @throws ZstdException if `src` is not valid zstd data or its content exceeds `max` bytes
    /// @throws IllegalArgumentException if `src` is larger than [#MAX_INPUT] bytes
    public int append(MemorySegment src, int max) {
        int base = op;
        int cap = (int) Math.min((long) base + Math.max(max, 0), MAX_OUTPUT);
        return run(input(src), (int) src.byteSize(), base, cap);
    }

    /// Forgets the output held, for [#append].
    public void clearOutput() {
        op = 0;
    }

    /// Returns the buffer that holds the output of the last call in `[0, outputSize())`
    /// (followed by at least [#SLACK] spare bytes). It stays owned by this decompressor: the
    /// next call may overwrite or replace it, so read it before decompressing again.
    public byte[] output() {
        return out;
    }

    /// Returns the number of output bytes held (see [#output()]).
    public int outputSize() {
        return op;
    }

    /// Drops buffers above `bytes` so that a decompressor kept for reuse does not pin a large one;
    /// the output held is forgotten when its buffer is dropped.
    public void trim(int bytes) {
        if (out.length > bytes) {
            out = new byte[0];
            op = 0;
        }
        if (inputCopy.length > bytes) {
            inputCopy = new byte[0];
        }
    }

    /// Copies `src` into the reusable input buffer, followed by at least [#SLACK] bytes.
    private byte[] input(MemorySegment src) {
        long n = src.byteSize();
        if (n > MAX_INPUT) {
            throw new IllegalArgumentException("zstd: input of " + n + " bytes is too large");
        }
        if (inputCopy.length < n + SLACK) {
            inputCopy =
                    new byte[(int) Math.min((long) MAX_OUTPUT, Math.max(n + SLACK, (long) inputCopy.length * 3 / 2))];
        }
        MemorySegment.copy(src, JAVA_BYTE, 0, inputCopy, 0, (int) n);
        return inputCopy;
    }

    /// Returns the content size the first frame of `src` declares in its header, or -1 when it
    /// declares none (writers that stream may leave it out). Skippable frames before it are
    /// passed over. Only the header is read: the rest of the frame is not checked.
    ///
    /// @throws ZstdException if `src` does not start with a zstd frame header
    public static long frameContentSize(MemorySegment src) {
        long end = src.byteSize();
        long ip = 0;
        while (true) {
            if (end - ip < 4) {
                throw new ZstdException("zstd: truncated frame magic (input byte " + ip + ")");
            }
            int magic = src.get(LE_INT_LAYOUT, ip);
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
                if (end - ip < 8) {
                    throw new ZstdException("zstd: truncated skippable frame header (input byte " + ip + ")");
                }
                long size = src.get(LE_INT_LAYOUT, ip + 4) & 0xFFFFFFFFL;
                if (size > end - ip - 8) {
                    throw new ZstdException(
                            "zstd: skippable frame of " + size + " bytes runs past the input (input byte " + ip + ")");
                }
                ip += 8 + size;
                continue;
            }
            if (magic != MAGIC) {
                throw new ZstdException(
                        "zstd: not a zstd frame (magic 0x" + Integer.toHexString(magic) + ") (input byte " + ip + ")");
            }
            ip += 4;
            if (ip >= end) {
                throw new ZstdException("zstd: truncated frame header (input byte " + ip + ")");
            }
            int descriptor = src.get(JAVA_BYTE, ip) & 0xFF;
            int fcsFlag = descriptor >>> 6;
            boolean singleSegment = (descriptor & 0x20) != 0;
            int dictFlag = descriptor & 3;
            if ((descriptor & 0x08) != 0) {
                throw new ZstdException("zstd: reserved bit set in the frame header (input byte " + ip + ")");
            }
            int fcsBytes = fcsFlag == 0 ? (singleSegment ? 1 : 0) : 1 << fcsFlag;
            if (fcsBytes == 0) {
                return -1;
            }
            long at = ip + 1 + (singleSegment ? 0 : 1) + (dictFlag == 3 ? 4 : dictFlag);
            if (end - at < fcsBytes) {
                throw new ZstdException("zstd: truncated frame header (input byte " + ip + ")");
            }
            long v = 0;
            for (int i = 0; i < fcsBytes; i++) {
                v |= (src.get(JAVA_BYTE, at + i) & 0xFFL) << (8 * i);
            }
            long size = fcsBytes == 2 ? v + 256 : v;
            if (size < 0) {
                throw new ZstdException("zstd: frame content size " + Long.toUnsignedString(size)
                        + " is too large (input byte " + ip + ")");
            }
            return size;
        }
    }

    /// Returns the content size the first frame of `src` declares, or -1; see
    /// [#frameContentSize(MemorySegment)].
    ///
    /// @throws ZstdException if `src` does not start with a zstd frame header
    public static long frameContentSize(byte[] src) {
        return frameContentSize(MemorySegment.ofArray(src));
    }

    private int run(byte[] src, int length, int base, int cap) {
        try {
            op = base;
            decodeFrames(src, 0, length, cap);
            return op - base;
        } catch (IndexOutOfBoundsException | ArithmeticException e) {
            // Every read and write above is checked explicitly; this is the net under those checks.
            throw new ZstdException("zstd: corrupt input escaped a bounds check: " + e, e);
        }
    }

    static int le32(byte[] b, int p) {
        return (int) LE_INT.get(b, p);
    }

    private static ZstdException corrupt(String what, int at) {
        return new ZstdException("zstd: " + what + " (input byte " + at + ")");
    }

    // ---------------------------------------------------------------- frames

    private void decodeFrames(byte[] in, int ip, int end, int cap) {
        if (ip == end) {
            throw corrupt("input is empty", ip);
        }
        while (ip < end) {
            if (end - ip < 4) {
                throw corrupt("truncated frame magic", ip);
            }
            int magic = le32(in, ip);
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
                if (end - ip < 8) {
                    throw corrupt("truncated skippable frame header", ip);
                }
                long size = le32(in, ip + 4) & 0xFFFFFFFFL;
                if (size > end - ip - 8) {
                    throw corrupt("skippable frame of " + size + " bytes runs past the input", ip);
                }
                ip += 8 + (int) size;
                continue;
            }
            if (magic != MAGIC) {
                throw corrupt("not a zstd frame (magic 0x" + Integer.toHexString(magic) + ")", ip);
            }
            ip = decodeFrame(in, ip + 4, end, cap);
        }
    }

    private int decodeFrame(byte[] in, int ip, int end, int cap) {
        if (ip >= end) {
            throw corrupt("truncated frame header", ip);
        }
        int descriptor = in[ip] & 0xFF;
        int fcsFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        boolean checksum = (descriptor & 0x04) != 0;
        int dictFlag = descriptor & 3;
        if ((descriptor & 0x08) != 0) {
            throw corrupt("reserved bit set in the frame header", ip);
        }
        int didBytes = dictFlag == 3 ? 4 : dictFlag;
        int fcsBytes = fcsFlag == 0 ? (singleSegment ? 1 : 0) : 1 << fcsFlag;
        int headerSize = 1 + (singleSegment ? 0 : 1) + didBytes + fcsBytes;
        if (end - ip < headerSize) {
            throw corrupt("truncated frame header", ip);
        }
        int p = ip + 1;
        if (!singleSegment) {
            int wd = in[p++] & 0xFF;
            if ((wd >>> 3) > 31 - 10) {
                throw corrupt("window of 2^" + (10 + (wd >>> 3)) + " bytes is too large", p - 1);
            }
        }
        long dictId = 0;
        for (int i = 0; i < didBytes; i++) {
            dictId |= (in[p++] & 0xFFL) << (8 * i);
        }
        long contentSize = -1;
        if (fcsBytes > 0) {
            long v = 0;
            for (int i = 0; i < fcsBytes; i++) {
                v |= (in[p++] & 0xFFL) << (8 * i);
            }
            contentSize = fcsBytes == 2 ? v + 256 : v;
        }
        ip = p;
        long frameLimit = cap;
        if (contentSize != -1) {
            // Also catches a negative (over 2^63) 8-byte size.
            if (contentSize < 0 || contentSize > cap - op) {
                throw corrupt(
                        "frame content size " + Long.toUnsignedString(contentSize) + " exceeds the " + (cap - op)
                                + " bytes of output expected",
                        ip);
            }
            // No block yields more than 128 KiB from 4 input bytes (an RLE block), so a size beyond
            // that ratio is a lie; refusing it here keeps a tiny frame from forcing a huge allocation.
            if (contentSize > (long) (end - ip) * MAX_RATIO) {
                throw corrupt(
                        "frame content size " + contentSize + " cannot come from the " + (end - ip)
                                + " bytes that follow",
                        ip);
            }
            frameLimit = op + contentSize;
            grow((int) frameLimit);
        }
        startFrame(dictId, ip);

        boolean last = false;
        while (!last) {
            if (end - ip < 3) {
                throw corrupt("truncated block header", ip);
            }
            int header = (in[ip] & 0xFF) | (in[ip + 1] & 0xFF) << 8 | (in[ip + 2] & 0xFF) << 16;
            ip += 3;
            last = (header & 1) != 0;
            int type = (header >>> 1) & 3;
            int size = header >>> 3;
            switch (type) {
                case 0 -> {
                    if (size > end - ip) {
                        throw corrupt("raw block of " + size + " bytes runs past the input", ip);
                    }
                    reserve(size, frameLimit, ip);
                    System.arraycopy(in, ip, out, op, size);
                    op += size;
                    ip += size;
                }
                case 1 -> {
                    if (ip >= end) {
                        throw corrupt("truncated RLE block", ip);
                    }
                    reserve(size, frameLimit, ip);
                    Arrays.fill(out, op, op + size, in[ip]);
                    op += size;
                    ip += 1;
                }
                case 2 -> {
                    if (size > end - ip) {
                        throw corrupt("compressed block of " + size + " bytes runs past the input", ip);
                    }
                    if (size > MAX_BLOCK) {
                        throw corrupt("compressed block of " + size + " bytes exceeds 128 KiB", ip);
                    }
                    decodeCompressedBlock(in, ip, ip + size, frameLimit);
                    ip += size;
                }
                default -> throw corrupt("reserved block type", ip - 3);
            }
        }
        int produced = op - frameStart;
        if (contentSize != -1 && produced != contentSize) {
            throw corrupt("frame produced " + produced + " bytes but declares " + contentSize, ip);
        }
        if (checksum) {
            if (end - ip < 4) {
                throw corrupt("truncated content checksum", ip);
            }
            int expected = le32(in, ip);
            int actual = (int) XxHash64.hash(out, frameStart, produced, 0);
            if (expected != actual) {
                throw corrupt(
                        "content checksum mismatch: frame says 0x" + Integer.toHexString(expected)
                                + ", content hashes to 0x" + Integer.toHexString(actual),
                        ip);
            }
            ip += 4;
        }
        return ip;
    }

    /// Resets the per-frame state: repeat offsets, previous tables, history start.
    private void startFrame(long dictId, int ip) {
        frameStart = op;
        ZstdDictionary d = dictionary;
        if (dictId != 0 && (d == null || (d.id & 0xFFFFFFFFL) != dictId)) {
            throw corrupt(
                    "frame needs dictionary " + dictId
                            + (d == null
                                    ? " but none was given"
                                    : " but dictionary " + Integer.toUnsignedString(d.id) + " was given"),
                    ip);
        }
        if (d == null) {
            rep0 = 1;
            rep1 = 4;
            rep2 = 8;
            currentHuffman = null;
            ll.set(null, 0);
            of.set(null, 0);
            ml.set(null, 0);
        } else {
            rep0 = d.rep0;
            rep1 = d.rep1;
            rep2 = d.rep2;
            currentHuffman = d.huffman;
            ll.set(d.llTable, d.llLog);
            of.set(d.ofTable, d.ofLog);
            ml.set(d.mlTable, d.mlLog);
        }
    }

    /// Checks that `n` more bytes fit in the block, frame and output, and grows the buffer for them.
    private void reserve(int n, long frameLimit, int ip) {
        if (n > MAX_BLOCK) {
            throw corrupt("block of " + n + " bytes exceeds 128 KiB", ip);
        }
        if (n > frameLimit - op) {
            throw corrupt("frame output exceeds the " + (frameLimit - frameStart) + " bytes expected", ip);
        }
        grow(op + n);
    }

    private void grow(int needed) {
        long want = (long) needed + SLACK;
        if (want > out.length) {
            long doubled = Math.max((long) out.length * 2, 1024);
            out = Arrays.copyOf(out, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(want, doubled)));
        }
    }

    // ---------------------------------------------------------------- blocks

    private void decodeCompressedBlock(byte[] in, int ip, int blockEnd, long frameLimit) {
        // Output limit for this block: 128 KiB, the frame's declared size, the caller's capacity.
        int limit = (int) Math.min(frameLimit, (long) op + MAX_BLOCK);
        grow(limit);

        // Literals section (RFC 8878 §3.1.1.3.1).
        if (ip >= blockEnd) {
            throw corrupt("empty compressed block", ip);
        }
        int b0 = in[ip] & 0xFF;
        int litType = b0 & 3;
        int sizeFormat = (b0 >>> 2) & 3;
        byte[] litArray;
        int litPos;
        int litCount;
        if (litType <= 1) {
            int headerSize;
            if ((sizeFormat & 1) == 0) {
                headerSize = 1;
                litCount = b0 >>> 3;
            } else if (sizeFormat == 1) {
                headerSize = 2;
                litCount = blockEnd - ip < 2 ? -1 : (b0 >>> 4) + ((in[ip + 1] & 0xFF) << 4);
            } else {
                headerSize = 3;
                litCount =
                        blockEnd - ip < 3 ? -1 : (b0 >>> 4) + ((in[ip + 1] & 0xFF) << 4) + ((in[ip + 2] & 0xFF) << 12);
            }
            if (litCount < 0) {
                throw corrupt("truncated literals header", ip);
            }
            if (litCount > MAX_BLOCK) {
                throw corrupt(litCount + " literals exceed 128 KiB", ip);
            }
            if (litType == 0) {
                if (litCount > blockEnd - ip - headerSize) {
                    throw corrupt(litCount + " raw literals run past the block", ip);
                }
                litArray = in;
                litPos = ip + headerSize;
                if (in.length - (litPos + litCount) < SLACK) {
                    // The sequence loop copies literals in 16-byte steps and needs slack after them.
                    System.arraycopy(in, litPos, literals, 0, litCount);
                    litArray = literals;
                    litPos = 0;
                }
                ip += headerSize + litCount;
            } else {
                if (blockEnd - ip < headerSize + 1) {
                    throw corrupt("truncated RLE literals", ip);
                }
                Arrays.fill(literals, 0, litCount, in[ip + headerSize]);
                litArray = literals;
                litPos = 0;
                ip += headerSize + 1;
            }
        } else {
            int headerSize = sizeFormat <= 1 ? 3 : sizeFormat + 2;
            if (blockEnd - ip < headerSize) {
                throw corrupt("truncated literals header", ip);
            }
            long h = 0;
            for (int i = 0; i < headerSize; i++) {
                h |= (in[ip + i] & 0xFFL) << (8 * i);
            }
            int sizeBits = switch (sizeFormat) {
                case 0, 1 -> 10;
                case 2 -> 14;
                default -> 18;
            };
            litCount = (int) ((h >>> 4) & ((1 << sizeBits) - 1));
            int compressedSize = (int) ((h >>> (4 + sizeBits)) & ((1 << sizeBits) - 1));
            if (litCount > MAX_BLOCK) {
                throw corrupt(litCount + " literals exceed 128 KiB", ip);
            }
            int start = ip + headerSize;
            if (compressedSize > blockEnd - start) {
                throw corrupt("Huffman literals of " + compressedSize + " bytes run past the block", ip);
            }
            int stop = start + compressedSize;
            if (litType == 2) {
                start += huffman.readTree(in, start, stop);
                currentHuffman = huffman;
            } else if (currentHuffman == null) {
                throw corrupt("treeless literals without a previous Huffman table", ip);
            }
            if (sizeFormat == 0) {
                currentHuffman.decode1(in, start, stop, literals, 0, litCount);
            } else {
                currentHuffman.decode4(in, start, stop, literals, 0, litCount);
            }
            litArray = literals;
            litPos = 0;
            ip = stop;
        }

        // Sequences section header (RFC 8878 §3.1.1.3.2).
        if (ip >= blockEnd) {
            throw corrupt("missing sequences section", ip);
        }
        int s0 = in[ip] & 0xFF;
        int nbSeq;
        if (s0 == 0) {
            if (ip + 1 != blockEnd) {
                throw corrupt("bytes after an empty sequences section", ip);
            }
            if (litCount > limit - op) {
                throw corrupt("block output exceeds the expected size", ip);
            }
            System.arraycopy(litArray, litPos, out, op, litCount);
            op += litCount;
            return;
        } else if (s0 < 128) {
            nbSeq = s0;
            ip += 1;
        } else if (s0 < 255) {
            if (blockEnd - ip < 2) {
                throw corrupt("truncated sequence count", ip);
            }
            nbSeq = ((s0 - 128) << 8) + (in[ip + 1] & 0xFF);
            ip += 2;
        } else {
            if (blockEnd - ip < 3) {
                throw corrupt("truncated sequence count", ip);
            }
            nbSeq = (in[ip + 1] & 0xFF) + ((in[ip + 2] & 0xFF) << 8) + 0x7F00;
            ip += 3;
        }
        if (ip >= blockEnd) {
            throw corrupt("missing symbol compression modes", ip);
        }
        int modes = in[ip++] & 0xFF;
        if ((modes & 3) != 0) {
            throw corrupt("reserved bits set in symbol compression modes", ip - 1);
        }
        ip = ll.read(in, ip, blockEnd, modes >>> 6);
        ip = of.read(in, ip, blockEnd, (modes >>> 4) & 3);
        ip = ml.read(in, ip, blockEnd, (modes >>> 2) & 3);
        decodeSequences(in, ip, blockEnd, nbSeq, litArray, litPos, litPos + litCount, limit);
    }

    /// The decoding table of one sequence field (literal lengths, offsets or match lengths):
    /// predefined, a single repeated symbol, described in the block, or repeated from the last block.
    ///
    /// Besides the FSE table ([ZstdFse] layout) it keeps the table the sequence loop reads: one
    /// long per state that already holds what the state's symbol means, packed as
    /// `value base << 32 | next-state baseline << 16 | extra bits << 8 | state bits`. A state step
    /// is then one load, with no second lookup of the code's base value and extra-bit count.
    private final class SequenceTable {
        private final String name;
        private final int maxSymbol;
        private final int maxLog;
        private final int[] defaultTable;
        private final long[] defaultFused;
        private final int defaultLog;
        private final int[] scratch = new int[1 << ZstdFse.MAX_ACCURACY_LOG];
        private final long[] fusedScratch = new long[1 << ZstdFse.MAX_ACCURACY_LOG];
        private final int[] rle = new int[1];
        int[] table;
        long[] fused;
        int log;

        SequenceTable(String name, int maxSymbol, int maxLog, int[] defaultTable, long[] defaultFused, int defaultLog) {
            this.name = name;
            this.maxSymbol = maxSymbol;
            this.maxLog = maxLog;
            this.defaultTable = defaultTable;
            this.defaultFused = defaultFused;
            this.defaultLog = defaultLog;
        }

        /// Uses `table` (an FSE table of `1 << log` cells, e.g. a dictionary's) from now on.
        void set(int[] table, int log) {
            this.table = table;
            this.log = log;
            this.fused = table == null ? null : fuse(table, 1 << log, maxSymbol, fusedScratch);
        }

        /// Sets up the table for `mode` (0 predefined, 1 RLE, 2 FSE-described, 3 repeat); returns the
        /// input position after it.
        int read(byte[] in, int ip, int end, int mode) {
            switch (mode) {
                case 0 -> {
                    table = defaultTable;
                    fused = defaultFused;
                    log = defaultLog;
                }
                case 1 -> {
                    set(ZstdFse.rle(rleSymbol(in, ip, end, maxSymbol, name), rle), 0);
                    ip++;
                }
                case 2 -> {
                    int desc = ZstdFse.readDescription(in, ip, end, norm, maxSymbol, maxLog, name + "s");
                    int tableLog = (desc & 0xF) + 5;
                    set(ZstdFse.build(norm, (desc >>> 4) & 0xFFF, tableLog, scratch, next), tableLog);
                    ip += desc >>> 16;
                }
                default -> {
                    if (table == null) {
                        throw corrupt("repeat-mode " + name + "s without a previous table", ip);
                    }
                }
            }
            return ip;
        }
    }

    /// Builds the sequence loop's table (see [SequenceTable]) from the first `size` cells of the
    /// FSE table `table` of the field whose largest symbol is `maxSymbol` (which tells the field:
    /// 35 literal lengths, 52 match lengths, 31 offsets). Symbols are already checked against it.
    static long[] fuse(int[] table, int size, int maxSymbol, long[] dst) {
        for (int i = 0; i < size; i++) {
            int cell = table[i];
            int symbol = cell & 0xFF;
            long base;
            int extra;
            if (maxSymbol == LL_MAX_SYMBOL) {
                base = LL_BASE[symbol];
                extra = LL_BITS[symbol];
            } else if (maxSymbol == ML_MAX_SYMBOL) {
                base = ML_BASE[symbol];
                extra = ML_BITS[symbol];
            } else {
                base = 1L << symbol;
                extra = symbol;
            }
            dst[i] = base << 32 | (long) (cell >>> 16) << 16 | (long) extra << 8 | ((cell >>> 8) & 0xFF);
        }
        return dst;
    }

    private static int rleSymbol(byte[] in, int ip, int end, int max, String what) {
        if (ip >= end) {
            throw corrupt("truncated RLE " + what + " symbol", ip);
        }
        int s = in[ip] & 0xFF;
        if (s > max) {
            throw corrupt("RLE " + what + " symbol " + s + " exceeds " + max, ip);
        }
        return s;
    }

    // ---------------------------------------------------------------- sequences

    /// Decodes `nbSeq` sequences from the bitstream `in[ip, end)` and executes each one at once:
    /// copy its literals, then its match. `limit` bounds the output of this block.
    ///
    /// Copies are "wild": they move whole 16-byte (literals) or 8/16-byte (matches) chunks and may
    /// write up to 15 bytes past the sequence's end. That is always inside the array: the output
    /// has [#SLACK] bytes past `limit`, the literal buffer and the input copy [#SLACK] bytes past
    /// their data, and `ll + ml <= limit - o` is checked before a sequence is executed. Bytes
    /// written past the sequence's end are overwritten by the next sequence (or the last literals)
    /// before anything reads them.
    private void decodeSequences(byte[] in, int ip, int end, int nbSeq, byte[] lit, int litPos, int litEnd, int limit) {
        ZstdBitReader r = reader;
        r.init(in, ip, end, "sequences");
        int llState = r.readBits(ll.log);
        int ofState = r.readBits(of.log);
        int mlState = r.readBits(ml.log);
        r.reload();
        // The bit reader lives in locals for this loop (one iteration per sequence, the hottest
        // loop of the decoder); see ZstdBitReader for the meaning of each.
        long bits = r.container;
        int consumed = r.consumed;
        int pos = r.pos;
        int start = r.start;
        long[] llT = ll.fused;
        long[] ofT = of.fused;
        long[] mlT = ml.fused;
        byte[] dst = out;
        int o = op;
        int fs = frameStart;
        int dictLen = dictContent.length;
        int r0 = rep0;
        int r1 = rep1;
        int r2 = rep2;
        if (lit.length - litEnd < SLACK || dst.length - limit < SLACK) {
            throw new IllegalStateException("zstd: buffers lack their copy slack");
        }
        for (int i = 0; i < nbSeq; i++) {
            long ofEntry = ofT[ofState];
            long mlEntry = mlT[mlState];
            long llEntry = llT[llState];
            int ofBits = (int) ofEntry >>> 8 & 0xFF;
            int mlBits = (int) mlEntry >>> 8 & 0xFF;
            int llBits = (int) llEntry >>> 8 & 0xFF;
            long ofValue = (ofEntry >>> 32) + (((bits << consumed) >>> 1) >>> (63 - ofBits));
            consumed += ofBits;
            int ml = (int) (mlEntry >>> 32) + (int) (((bits << consumed) >>> 1) >>> (63 - mlBits));
            consumed += mlBits;
            if (ofBits + mlBits + llBits > 31 && pos != start) {
                // Rare (long offsets or lengths): the three values and the 26 state bits might not
                // fit in the 57 bits a reload guarantees, so reload between them.
                int back = Math.min(consumed >>> 3, pos - start);
                pos -= back;
                consumed -= back << 3;
                bits = (long) ZstdBitReader.LE_LONG.get(in, pos);
            }
            int ll = (int) (llEntry >>> 32) + (int) (((bits << consumed) >>> 1) >>> (63 - llBits));
            consumed += llBits;
            int offset;
            if (ofValue > 3) {
                long value = ofValue - 3;
                if (value > MAX_OUTPUT) {
                    throw corrupt("offset " + value + " is beyond any window", end);
                }
                offset = (int) value;
                r2 = r1;
                r1 = r0;
                r0 = offset;
            } else {
                // Repeat offsets; a zero literal length shifts the choice by one (RFC 8878 §3.1.2.5).
                int index = (int) ofValue - 1 + (ll == 0 ? 1 : 0);
                if (index == 0) {
                    offset = r0;
                } else {
                    if (index == 1) {
                        offset = r1;
                    } else if (index == 2) {
                        offset = r2;
                        r2 = r1;
                    } else {
                        offset = r0 - 1;
                        if (offset == 0) {
                            throw corrupt("repeat offset 1 minus 1 is zero", end);
                        }
                        r2 = r1;
                    }
                    r1 = r0;
                    r0 = offset;
                }
            }
            if (i + 1 < nbSeq) {
                // At most 9 + 9 + 8 state bits: with the values above, within the 57 of a reload.
                int n = (int) llEntry & 0xFF;
                llState = ((int) llEntry >>> 16) + (int) (((bits << consumed) >>> 1) >>> (63 - n));
                consumed += n;
                n = (int) mlEntry & 0xFF;
                mlState = ((int) mlEntry >>> 16) + (int) (((bits << consumed) >>> 1) >>> (63 - n));
                consumed += n;
                n = (int) ofEntry & 0xFF;
                ofState = ((int) ofEntry >>> 16) + (int) (((bits << consumed) >>> 1) >>> (63 - n));
                consumed += n;
            }
            int whole = consumed >>> 3;
            if (pos - whole >= start) {
                pos -= whole;
                consumed &= 7;
                bits = (long) ZstdBitReader.LE_LONG.get(in, pos);
            } else if (pos != start) {
                consumed -= (pos - start) << 3;
                pos = start;
                bits = (long) ZstdBitReader.LE_LONG.get(in, pos);
            }

            // Execute: literals, then the match.
            if (ll > litEnd - litPos) {
                throw corrupt("sequence " + i + " takes " + ll + " literals but " + (litEnd - litPos) + " remain", end);
            }
            if (ml > limit - o - ll) {
                throw corrupt("sequence " + i + " writes past the block or frame output limit", end);
            }
            // Literals, 16 bytes at a time (most runs take one step).
            LE_LONG.set(dst, o, (long) LE_LONG.get(lit, litPos));
            LE_LONG.set(dst, o + 8, (long) LE_LONG.get(lit, litPos + 8));
            if (ll > 16) {
                if (ll <= 64) {
                    for (int k = 16; k < ll; k += 16) {
                        LE_LONG.set(dst, o + k, (long) LE_LONG.get(lit, litPos + k));
                        LE_LONG.set(dst, o + k + 8, (long) LE_LONG.get(lit, litPos + k + 8));
                    }
                } else {
                    System.arraycopy(lit, litPos, dst, o, ll);
                }
            }
            litPos += ll;
            o += ll;
            int from = o - offset;
            if (from < fs) {
                int back = fs - from;
                if (back > dictLen) {
                    throw corrupt(
                            "sequence " + i + " offset " + offset + " reaches before the window (" + (o - fs)
                                    + " bytes of output" + (dictLen > 0 ? " + " + dictLen + " dictionary bytes" : "")
                                    + ")",
                            end);
                }
                // The dictionary content sits just before the frame's first byte.
                int k = Math.min(back, ml);
                System.arraycopy(dictContent, dictLen - back, dst, o, k);
                o += k;
                ml -= k;
                if (ml == 0) {
                    continue;
                }
                from = o - offset;
            }
            if (offset >= 8 && ml <= 32) {
                // Always 32 bytes, 8 at a time (no branch on the length): with offset >= 8 every
                // load reads bytes that are already final.
                LE_LONG.set(dst, o, (long) LE_LONG.get(dst, from));
                LE_LONG.set(dst, o + 8, (long) LE_LONG.get(dst, from + 8));
                LE_LONG.set(dst, o + 16, (long) LE_LONG.get(dst, from + 16));
                LE_LONG.set(dst, o + 24, (long) LE_LONG.get(dst, from + 24));
            } else if (offset >= 8 && ml <= 64) {
                for (int k = 0; k < ml; k += 8) {
                    LE_LONG.set(dst, o + k, (long) LE_LONG.get(dst, from + k));
                }
            } else if (ml > 0) {
                copyMatch(dst, o, offset, ml);
            }
            o += ml;
        }
        if (pos != start || consumed != 64) {
            throw corrupt("sequence bitstream did not end after " + nbSeq + " sequences", end);
        }
        int rest = litEnd - litPos;
        if (rest > limit - o) {
            throw corrupt("block output exceeds the expected size", end);
        }
        System.arraycopy(lit, litPos, dst, o, rest);
        op = o + rest;
        rep0 = r0;
        rep1 = r1;
        rep2 = r2;
    }

    /// Copies `length` bytes from `offset` back; overlapping copies repeat the pattern.
    private static void copyMatch(byte[] dst, int o, int offset, int length) {
        int from = o - offset;
        if (offset >= length) {
            System.arraycopy(dst, from, dst, o, length);
        } else if (offset == 1) {
            Arrays.fill(dst, o, o + length, dst[from]);
        } else {
            // [from, o) holds one period of the pattern; each copy doubles the run that is already
            // periodic, so an overlapping match of length L takes log2(L / offset) bulk copies.
            int done = 0;
            int chunk = offset;
            while (done < length) {
                int n = Math.min(chunk, length - done);
                System.arraycopy(dst, from, dst, o + done, n);
                done += n;
                chunk += n;
            }
        }
    }
}
