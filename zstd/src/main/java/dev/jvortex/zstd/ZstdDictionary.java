package dev.jvortex.zstd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/// A zstd dictionary (RFC 8878 §5): either raw content, or the formatted kind that starts with the
/// magic `0xEC30A437` and carries its id, entropy tables and repeat offsets before the content.
///
/// The content acts as history just before each frame's first byte; the tables are what the first
/// block of each frame may refer to with "repeat" (treeless literals, repeat-mode sequences).
public final class ZstdDictionary {
    static final int MAGIC = 0xEC30A437;

    final int id;
    final byte[] content;
    final ZstdHuffman huffman;
    final int[] llTable;
    final int[] ofTable;
    final int[] mlTable;
    final int llLog;
    final int ofLog;
    final int mlLog;
    final int rep0;
    final int rep1;
    final int rep2;

    private ZstdDictionary(
            int id,
            byte[] content,
            ZstdHuffman huffman,
            int[] llTable,
            int llLog,
            int[] ofTable,
            int ofLog,
            int[] mlTable,
            int mlLog,
            int rep0,
            int rep1,
            int rep2) {
        this.id = id;
        this.content = content;
        this.huffman = huffman;
        this.llTable = llTable;
        this.llLog = llLog;
        this.ofTable = ofTable;
        this.ofLog = ofLog;
        this.mlTable = mlTable;
        this.mlLog = mlLog;
        this.rep0 = rep0;
        this.rep1 = rep1;
        this.rep2 = rep2;
    }

    /// Returns the dictionary id: 0 for raw content.
    public int id() {
        return id;
    }

    /// Returns the number of content bytes (the history the dictionary provides).
    public int contentSize() {
        return content.length;
    }

    /// Parses a dictionary: formatted if it starts with the dictionary magic, raw content otherwise.
    ///
    /// @throws ZstdException if a formatted dictionary is truncated or its tables are invalid
    public static ZstdDictionary parse(MemorySegment bytes) {
        if (bytes.byteSize() > Integer.MAX_VALUE - 16) {
            throw new ZstdException("zstd: dictionary of " + bytes.byteSize() + " bytes is too large");
        }
        return parse(bytes.toArray(JAVA_BYTE));
    }

    /// Parses a dictionary from a byte array (not retained).
    ///
    /// @throws ZstdException if a formatted dictionary is truncated or its tables are invalid
    public static ZstdDictionary parse(byte[] b) {
        if (b.length < 8 || ZstdDecompressor.le32(b, 0) != MAGIC) {
            return new ZstdDictionary(0, b.clone(), null, null, 0, null, 0, null, 0, 1, 4, 8);
        }
        int id = ZstdDecompressor.le32(b, 4);
        int end = b.length;
        int pos = 8;
        ZstdHuffman huffman = new ZstdHuffman();
        pos += huffman.readTree(b, pos, end);
        short[] norm = new short[64];
        int[] next = new int[64];
        int desc = ZstdFse.readDescription(b, pos, end, norm, 31, 8, "dictionary offsets");
        int ofLog = (desc & 0xF) + 5;
        int[] of = ZstdFse.build(norm, (desc >>> 4) & 0xFFF, ofLog, new int[1 << ofLog], next);
        pos += desc >>> 16;
        desc = ZstdFse.readDescription(b, pos, end, norm, 52, 9, "dictionary match lengths");
        int mlLog = (desc & 0xF) + 5;
        int[] ml = ZstdFse.build(norm, (desc >>> 4) & 0xFFF, mlLog, new int[1 << mlLog], next);
        pos += desc >>> 16;
        desc = ZstdFse.readDescription(b, pos, end, norm, 35, 9, "dictionary literal lengths");
        int llLog = (desc & 0xF) + 5;
        int[] ll = ZstdFse.build(norm, (desc >>> 4) & 0xFFF, llLog, new int[1 << llLog], next);
        pos += desc >>> 16;
        if (end - pos < 12) {
            throw new ZstdException("zstd: dictionary is truncated before its repeat offsets");
        }
        int[] reps = new int[3];
        long contentSize = end - pos - 12;
        for (int i = 0; i < 3; i++) {
            long rep = ZstdDecompressor.le32(b, pos + 4 * i) & 0xFFFFFFFFL;
            if (rep == 0 || rep > contentSize) {
                throw new ZstdException("zstd: dictionary repeat offset " + rep + " is not within its " + contentSize
                        + " content bytes");
            }
            reps[i] = (int) rep;
        }
        pos += 12;
        byte[] content = java.util.Arrays.copyOfRange(b, pos, end);
        return new ZstdDictionary(id, content, huffman, ll, llLog, of, ofLog, ml, mlLog, reps[0], reps[1], reps[2]);
    }
}
