package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// Parquet's integer encodings: the RLE/bit-packed hybrid (levels, dictionary indices,
/// booleans), the deprecated BIT_PACKED levels and DELTA_BINARY_PACKED.
final class Decoders {
    /// Eight bytes of a `byte[]` as a little-endian long, in one load.
    private static final VarHandle LE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Decoders() {}

    /// Reads an unsigned LEB128 varint.
    static final class Cursor {
        final byte[] buf;
        int pos;
        final int end;
        final String where;

        Cursor(byte[] buf, int pos, int end, String where) {
            this.buf = buf;
            this.pos = pos;
            this.end = end;
            this.where = where;
        }

        long varint() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (pos >= end) {
                    throw VortexException.corrupt(where + ": truncated varint");
                }
                int b = buf[pos++] & 0xFF;
                v |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
            throw VortexException.corrupt(where + ": varint longer than 10 bytes");
        }

        long zigzag() {
            long v = varint();
            return (v >>> 1) ^ -(v & 1);
        }

        int u8() {
            if (pos >= end) {
                throw VortexException.corrupt(where + ": unexpected end of page data");
            }
            return buf[pos++] & 0xFF;
        }

        int le32() {
            if (end - pos < 4) {
                throw VortexException.corrupt(where + ": unexpected end of page data");
            }
            int v = (buf[pos] & 0xFF)
                    | (buf[pos + 1] & 0xFF) << 8
                    | (buf[pos + 2] & 0xFF) << 16
                    | (buf[pos + 3] & 0xFF) << 24;
            pos += 4;
            return v;
        }
    }

    /// Reads `bits` (≤ 64) bits at bit position `bitPos` of `buf` (least-significant first), where
    /// the bytes from `base` up to `limit` are readable; bits past `limit` read as zero.
    static long bitsAt(byte[] buf, long bitPos, int bits, int limit) {
        int byteIdx = (int) (bitPos >>> 3);
        int shift = (int) (bitPos & 7);
        long v = 0;
        int need = (shift + bits + 7) >>> 3;
        if (byteIdx + 8 <= limit && need <= 8) {
            v = (long) LE_LONG.get(buf, byteIdx) >>> shift;
        } else {
            for (int i = 0; i < need; i++) {
                int bi = byteIdx + i;
                long b = bi < limit ? buf[bi] & 0xFFL : 0;
                int s = i * 8 - shift;
                if (s < 0) {
                    v |= b >>> -s;
                } else if (s < 64) {
                    v |= b << s;
                }
            }
        }
        return bits == 64 ? v : v & ((1L << bits) - 1);
    }

    /// The RLE/bit-packed hybrid of a given bit width over `[pos, end)` of a buffer.
    static final class Rle {
        private final Cursor in;
        private final int bitWidth;
        private final int valueBytes;
        private int runLeft;
        private boolean packed;
        private int runValue;
        private long packedBit;
        private int packedLimit;

        Rle(byte[] buf, int pos, int end, int bitWidth, String where) {
            if (bitWidth < 0 || bitWidth > 32) {
                throw VortexException.corrupt(where + ": RLE bit width " + bitWidth + " out of range");
            }
            this.in = new Cursor(buf, pos, end, where);
            this.bitWidth = bitWidth;
            this.valueBytes = (bitWidth + 7) >>> 3;
        }

        private void nextRun() {
            long h = in.varint();
            if ((h & 1) == 0) {
                long n = h >>> 1;
                if (n > Integer.MAX_VALUE) {
                    throw VortexException.corrupt(in.where + ": RLE run of " + n + " values");
                }
                if (in.end - in.pos < valueBytes) {
                    throw VortexException.corrupt(in.where + ": truncated RLE run");
                }
                int v = 0;
                for (int i = 0; i < valueBytes; i++) {
                    v |= (in.buf[in.pos + i] & 0xFF) << (8 * i);
                }
                in.pos += valueBytes;
                if (bitWidth < 32 && (v >>> bitWidth) != 0) {
                    throw VortexException.corrupt(in.where + ": RLE value " + v + " wider than " + bitWidth + " bits");
                }
                runValue = v;
                runLeft = (int) n;
                packed = false;
            } else {
                long groups = h >>> 1;
                if (groups * 8 > Integer.MAX_VALUE) {
                    throw VortexException.corrupt(in.where + ": bit-packed run of " + groups + " groups");
                }
                long bytes = groups * bitWidth;
                packedBit = (long) in.pos * 8;
                // A final run may be cut short; values past the available bytes are an error when read.
                long avail = Math.min(bytes, in.end - in.pos);
                packedLimit = (int) (in.pos + avail);
                runLeft = (int) (groups * 8);
                in.pos = packedLimit;
                packed = true;
            }
        }

        /// Reads one value.
        int next() {
            while (runLeft == 0) {
                nextRun();
            }
            runLeft--;
            if (!packed) {
                return runValue;
            }
            if (packedBit + bitWidth > (long) packedLimit * 8) {
                throw VortexException.corrupt(in.where + ": bit-packed run runs past the end of the data");
            }
            int v = (int) bitsAt(in.buf, packedBit, bitWidth, packedLimit);
            packedBit += bitWidth;
            return v;
        }

        /// Unpacks up to `k` values of the current bit-packed run into `out[at, ...)` while whole
        /// 8-byte words can be loaded inside the run: a group of 8 values (`bitWidth` bytes) from
        /// one word when the width is at most 8 bits, else a word per value; returns the count,
        /// the caller reads the rest (near the end of the run) value by value.
        private int unpack(int[] out, int at, int k) {
            // each loop a method of its own: this one, run once per run, has none to compile
            int w = bitWidth;
            int last = packedLimit - 8; // the last byte a word may start at
            long bit = packedBit;
            int j = 0;
            if (w <= 8 && (bit & 7) == 0) {
                j = unpackGroups(in.buf, w, out, at, k, (int) (bit >>> 3), last);
                bit += (long) j * w;
            }
            int done = unpackWords(in.buf, w, out, at, j, k, bit, last);
            packedBit = bit + (long) (done - j) * w;
            return done;
        }

        /// Unpacks groups of 8 values of `w` (at most 8) bits of `buf`, each group from the word
        /// at `b` (then `w` bytes on, while at most `last`), into `out[at, ...)`, up to `k`
        /// values; returns the count.
        private static int unpackGroups(byte[] buf, int w, int[] out, int at, int k, int b, int last) {
            long mask = (1L << w) - 1;
            int j = 0;
            while (k - j >= 8 && b <= last) {
                long word = (long) LE_LONG.get(buf, b);
                for (int t = 0; t < 8; t++) {
                    out[at + j + t] = (int) (word & mask);
                    word >>>= w;
                }
                j += 8;
                b += w;
            }
            return j;
        }

        /// Unpacks values `j` (at bit `bit` of `buf`) and on, `w` bits each, into
        /// `out[at + j, ...)`, a word per value while its word starts at most at `last`, up to
        /// value `k`; returns the index after the last value unpacked.
        private static int unpackWords(byte[] buf, int w, int[] out, int at, int j, int k, long bit, int last) {
            // the bits stream through a 64-bit accumulator refilled 4 bytes at a time (plain
            // byte loads: a byte-array VarHandle per value is a chain of calls in the interpreter
            // and in C1-compiled code); it reads no further than the words above would
            long mask = (1L << w) - 1;
            int pos = (int) (bit >>> 3);
            int end = last + 8;
            if (j >= k || pos > last) {
                return j;
            }
            long acc = le32(buf, pos) >>> (bit & 7);
            int avail = 32 - (int) (bit & 7);
            pos += 4;
            while (j < k) {
                if (avail < w) {
                    if (pos + 4 > end) {
                        break;
                    }
                    // written out: a method for it is too large for C1 to inline
                    acc |= ((buf[pos] & 0xFFL)
                                    | (buf[pos + 1] & 0xFFL) << 8
                                    | (buf[pos + 2] & 0xFFL) << 16
                                    | (buf[pos + 3] & 0xFFL) << 24)
                            << avail;
                    avail += 32;
                    pos += 4;
                }
                out[at + j] = (int) (acc & mask);
                acc >>>= w;
                avail -= w;
                j++;
            }
            return j;
        }

        /// The 4 bytes at `buf[p]`, little-endian, as an unsigned value.
        private static long le32(byte[] buf, int p) {
            return (buf[p] & 0xFFL)
                    | (buf[p + 1] & 0xFFL) << 8
                    | (buf[p + 2] & 0xFFL) << 16
                    | (buf[p + 3] & 0xFFL) << 24;
        }

        /// As [#unpack(int[], int, int)], into bytes (levels, `bitWidth` at most 8).
        private int unpack(byte[] out, int at, int k) {
            // each loop a method of its own: this one, run once per run, has none to compile
            int w = bitWidth;
            int last = packedLimit - 8; // the last byte a word may start at
            long bit = packedBit;
            int j = 0;
            if (w <= 8 && (bit & 7) == 0) {
                j = unpackGroups(in.buf, w, out, at, k, (int) (bit >>> 3), last);
                bit += (long) j * w;
            }
            int done = unpackWords(in.buf, w, out, at, j, k, bit, last);
            packedBit = bit + (long) (done - j) * w;
            return done;
        }

        /// Unpacks groups of 8 values of `w` (at most 8) bits of `buf`, each group from the word
        /// at `b` (then `w` bytes on, while at most `last`), into `out[at, ...)`, up to `k`
        /// values; returns the count.
        private static int unpackGroups(byte[] buf, int w, byte[] out, int at, int k, int b, int last) {
            long mask = (1L << w) - 1;
            int j = 0;
            while (k - j >= 8 && b <= last) {
                long word = (long) LE_LONG.get(buf, b);
                for (int t = 0; t < 8; t++) {
                    out[at + j + t] = (byte) (word & mask);
                    word >>>= w;
                }
                j += 8;
                b += w;
            }
            return j;
        }

        /// Unpacks values `j` (at bit `bit` of `buf`) and on, `w` bits each, into
        /// `out[at + j, ...)`, a word per value while its word starts at most at `last`, up to
        /// value `k`; returns the index after the last value unpacked.
        private static int unpackWords(byte[] buf, int w, byte[] out, int at, int j, int k, long bit, int last) {
            // as the int version: through an accumulator
            long mask = (1L << w) - 1;
            int pos = (int) (bit >>> 3);
            int end = last + 8;
            if (j >= k || pos > last) {
                return j;
            }
            long acc = le32(buf, pos) >>> (bit & 7);
            int avail = 32 - (int) (bit & 7);
            pos += 4;
            while (j < k) {
                if (avail < w) {
                    if (pos + 4 > end) {
                        break;
                    }
                    // written out: a method for it is too large for C1 to inline
                    acc |= ((buf[pos] & 0xFFL)
                                    | (buf[pos + 1] & 0xFFL) << 8
                                    | (buf[pos + 2] & 0xFFL) << 16
                                    | (buf[pos + 3] & 0xFFL) << 24)
                            << avail;
                    avail += 32;
                    pos += 4;
                }
                out[at + j] = (byte) (acc & mask);
                acc >>>= w;
                avail -= w;
                j++;
            }
            return j;
        }

        /// Reads values `j` to `k` of the current bit-packed run (those [#unpack(int[], int, int)]
        /// left, near the run's end) into `out[at + j, at + k)`, value by value.
        private void unpackRest(int[] out, int at, int j, int k) {
            for (; j < k; j++) {
                out[at + j] = (int) bitsAt(in.buf, packedBit, bitWidth, packedLimit);
                packedBit += bitWidth;
            }
        }

        /// As [#unpackRest(int[], int, int, int)], into bytes.
        private void unpackRest(byte[] out, int at, int j, int k) {
            for (; j < k; j++) {
                out[at + j] = (byte) bitsAt(in.buf, packedBit, bitWidth, packedLimit);
                packedBit += bitWidth;
            }
        }

        /// Reads `n` values into `out[off, off + n)`.
        void read(int[] out, int off, int n) {
            if (bitWidth == 0) {
                java.util.Arrays.fill(out, off, off + n, 0);
                return;
            }
            int i = 0;
            while (i < n) {
                while (runLeft == 0) {
                    nextRun();
                }
                int k = Math.min(runLeft, n - i);
                if (!packed) {
                    java.util.Arrays.fill(out, off + i, off + i + k, runValue);
                    runLeft -= k;
                    i += k;
                } else {
                    if (packedBit + (long) k * bitWidth > (long) packedLimit * 8) {
                        throw VortexException.corrupt(in.where + ": bit-packed run runs past the end of the data");
                    }
                    unpackRest(out, off + i, unpack(out, off + i, k), k);
                    runLeft -= k;
                    i += k;
                }
            }
        }

        /// Reads `n` values (each < 128) into `out[off, off + n)`.
        void read(byte[] out, int off, int n) {
            if (bitWidth == 0) {
                java.util.Arrays.fill(out, off, off + n, (byte) 0);
                return;
            }
            int i = 0;
            while (i < n) {
                while (runLeft == 0) {
                    nextRun();
                }
                int k = Math.min(runLeft, n - i);
                if (!packed) {
                    java.util.Arrays.fill(out, off + i, off + i + k, (byte) runValue);
                    runLeft -= k;
                    i += k;
                } else {
                    if (packedBit + (long) k * bitWidth > (long) packedLimit * 8) {
                        throw VortexException.corrupt(in.where + ": bit-packed run runs past the end of the data");
                    }
                    unpackRest(out, off + i, unpack(out, off + i, k), k);
                    runLeft -= k;
                    i += k;
                }
            }
        }
    }

    /// Reads `n` levels of the deprecated BIT_PACKED encoding (most-significant bit first, no
    /// header); returns the bytes used.
    static int bitPackedLevels(byte[] buf, int pos, int end, int bitWidth, byte[] out, int off, int n, String where) {
        long bits = (long) n * bitWidth;
        long bytes = (bits + 7) >>> 3;
        if (bytes > end - pos) {
            throw VortexException.corrupt(where + ": truncated BIT_PACKED levels");
        }
        long bit = 0;
        for (int i = 0; i < n; i++) {
            int v = 0;
            for (int b = 0; b < bitWidth; b++) {
                long at = bit++;
                int byteVal = buf[pos + (int) (at >>> 3)] & 0xFF;
                v = (v << 1) | ((byteVal >>> (7 - (at & 7))) & 1);
            }
            out[off + i] = (byte) v;
        }
        return (int) bytes;
    }

    /// Decodes DELTA_BINARY_PACKED: `n` values into `out[off, off + n)` (as longs, 32-bit types
    /// wrap when narrowed); returns the position after the last miniblock used.
    static int deltaBinaryPacked(
            byte[] buf, int pos, int end, long[] out, int off, int n, boolean int32, String where) {
        Cursor in = new Cursor(buf, pos, end, where);
        long blockSize = in.varint();
        long miniblocks = in.varint();
        long total = in.varint();
        long value = in.zigzag();
        if (blockSize <= 0
                || blockSize % 128 != 0
                || blockSize > 1 << 20
                || miniblocks <= 0
                || blockSize % miniblocks != 0
                || (blockSize / miniblocks) % 32 != 0) {
            throw VortexException.corrupt(where + ": bad DELTA_BINARY_PACKED header (block " + blockSize
                    + ", miniblocks " + miniblocks + ")");
        }
        if (total < n) {
            throw VortexException.corrupt(
                    where + ": DELTA_BINARY_PACKED holds " + total + " values, the page needs " + n);
        }
        int perMini = (int) (blockSize / miniblocks);
        int maxWidth = int32 ? 32 : 64;
        if (n == 0) {
            return in.pos;
        }
        out[off] = value;
        int got = 1;
        int[] widths = new int[(int) miniblocks];
        while (got < n) {
            long minDelta = in.zigzag();
            for (int m = 0; m < miniblocks; m++) {
                widths[m] = in.u8();
            }
            for (int m = 0; m < miniblocks && got < n; m++) {
                int w = widths[m];
                if (w > maxWidth) {
                    throw VortexException.corrupt(where + ": DELTA_BINARY_PACKED miniblock bit width " + w);
                }
                long bytes = (long) perMini * w / 8;
                if (bytes > in.end - in.pos) {
                    throw VortexException.corrupt(where + ": truncated DELTA_BINARY_PACKED miniblock");
                }
                long bit = (long) in.pos * 8;
                int limit = in.pos + (int) bytes;
                int take = Math.min(perMini, n - got);
                for (int j = 0; j < take; j++) {
                    long d = w == 0 ? 0 : bitsAt(buf, bit, w, limit);
                    bit += w;
                    value += minDelta + d;
                    out[off + got++] = int32 ? (int) value : value;
                }
                in.pos = limit;
            }
        }
        return in.pos;
    }
}
