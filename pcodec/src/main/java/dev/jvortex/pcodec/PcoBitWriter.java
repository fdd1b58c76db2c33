package dev.jvortex.pcodec;

import java.util.Arrays;

/// An LSB-first bit writer for pco components (chunk meta, page): fields go into the low bits of
/// a 64-bit accumulator first; full words are stored little-endian into a growing heap array.
/// Every value is masked to its field width, so stray high bits never leak into the next field.
final class PcoBitWriter {
    private byte[] buf;
    /// Bytes of whole words already stored.
    private int bytes;
    private long acc;
    /// Bits pending in `acc` (0..63).
    private int accBits;

    PcoBitWriter(int capacity) {
        buf = new byte[Math.max(16, (capacity + 7) & ~7)];
    }

    /// Writes the low `bits` (0..64) bits of `value`.
    void write(long value, int bits) {
        if (bits == 0) {
            return;
        }
        if (bits < 64) {
            value &= (1L << bits) - 1;
        }
        acc |= value << accBits;
        int total = accBits + bits;
        if (total >= 64) {
            flushWord();
            acc = accBits == 0 ? 0 : value >>> (64 - accBits);
            total -= 64;
        }
        accBits = total;
    }

    /// Writes a value known to fit in `bits` (at most 57) bits, without masking.
    void writeShort(long value, int bits) {
        acc |= value << accBits;
        int total = accBits + bits;
        if (total >= 64) {
            flushWord();
            acc = accBits == 0 ? 0 : value >>> (64 - accBits);
            total -= 64;
        }
        accBits = total;
    }

    /// Writes `vals[i]` with `bits[i]` bits (each below 32, values already within their width)
    /// for i in `[from, to)`.
    void writeInts(int[] vals, int[] bits, int from, int to) {
        writeInts(vals, bits, from, to, 31);
    }

    /// Like [#writeInts(int[], int[], int, int)] with every `bits[i]` at most `maxBits`: for
    /// `maxBits` up to 14, four values at a time are joined into one field first.
    void writeInts(int[] vals, int[] bits, int from, int to, int maxBits) {
        int i = from;
        if (maxBits <= 14) {
            i = writeIntsByFour(vals, bits, from, to);
        }
        long a = acc;
        int n = accBits;
        byte[] out = buf;
        int pos = bytes;
        for (; i < to; i++) {
            long v = vals[i] & 0xFFFF_FFFFL;
            int b = bits[i];
            a |= v << n;
            int old = n;
            n += b;
            if (n >= 64) {
                if (pos > out.length - 8) {
                    out = grow();
                }
                PcoBitReader.LE_LONG.set(out, pos, a);
                pos += 8;
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
        bytes = pos;
    }

    /// Writes whole groups of four of `vals[from..to)` (each of at most 14 bits) as fields of at
    /// most 56 bits; returns where the groups end.
    private int writeIntsByFour(int[] vals, int[] bits, int from, int to) {
        long a = acc;
        int n = accBits;
        byte[] out = buf;
        int pos = bytes;
        int i = from;
        for (; i + 4 <= to; i += 4) {
            int b0 = bits[i];
            int b01 = b0 + bits[i + 1];
            int b012 = b01 + bits[i + 2];
            long v = (vals[i] & 0xFFFF_FFFFL)
                    | (vals[i + 1] & 0xFFFF_FFFFL) << b0
                    | (vals[i + 2] & 0xFFFF_FFFFL) << b01
                    | (vals[i + 3] & 0xFFFF_FFFFL) << b012;
            a |= v << n;
            int old = n;
            n += b012 + bits[i + 3];
            if (n >= 64) {
                if (pos > out.length - 8) {
                    out = grow();
                }
                PcoBitReader.LE_LONG.set(out, pos, a);
                pos += 8;
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
        bytes = pos;
        return i;
    }

    /// Writes the offsets `offsets[i]` with `offsetBits[symbols[i]]` bits (0..64, values already
    /// within their width) for i in `[from, to)`.
    void writeOffsets(long[] offsets, int[] symbols, int[] offsetBits, int from, int to) {
        writeOffsets(offsets, symbols, offsetBits, from, to, 64);
    }

    /// Like [#writeOffsets(long[], int[], int[], int, int)] with every offset width at most
    /// `maxBits`: for `maxBits` up to 28, two offsets at a time are joined into one field first.
    void writeOffsets(long[] offsets, int[] symbols, int[] offsetBits, int from, int to, int maxBits) {
        int i = from;
        if (maxBits <= 28) {
            i = writeOffsetsByTwo(offsets, symbols, offsetBits, from, to);
        }
        long a = acc;
        int n = accBits;
        byte[] out = buf;
        int pos = bytes;
        for (; i < to; i++) {
            long v = offsets[i];
            int b = offsetBits[symbols[i]];
            a |= v << n;
            int old = n;
            n += b;
            if (n >= 64) {
                if (pos > out.length - 8) {
                    out = grow();
                }
                PcoBitReader.LE_LONG.set(out, pos, a);
                pos += 8;
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
        bytes = pos;
    }

    /// Writes whole pairs of `offsets[from..to)` (each of at most 28 bits) as fields of at most
    /// 56 bits; returns where the pairs end.
    private int writeOffsetsByTwo(long[] offsets, int[] symbols, int[] offsetBits, int from, int to) {
        long a = acc;
        int n = accBits;
        byte[] out = buf;
        int pos = bytes;
        int i = from;
        for (; i + 2 <= to; i += 2) {
            int b0 = offsetBits[symbols[i]];
            long v = offsets[i] | offsets[i + 1] << b0;
            a |= v << n;
            int old = n;
            n += b0 + offsetBits[symbols[i + 1]];
            if (n >= 64) {
                if (pos > out.length - 8) {
                    out = grow();
                }
                PcoBitReader.LE_LONG.set(out, pos, a);
                pos += 8;
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
        bytes = pos;
        return i;
    }

    /// Doubles the buffer.
    private byte[] grow() {
        buf = Arrays.copyOf(buf, buf.length * 2);
        return buf;
    }

    private void flushWord() {
        if (bytes + 8 > buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        PcoBitReader.LE_LONG.set(buf, bytes, acc);
        bytes += 8;
    }

    /// Pads with zero bits to the next byte boundary.
    void align() {
        accBits = (accBits + 7) & ~7;
        if (accBits == 64) {
            flushWord();
            acc = 0;
            accBits = 0;
        }
    }

    /// Returns the bits written so far.
    long bitPosition() {
        return (long) bytes * 8 + accBits;
    }

    /// Pads to a byte boundary and returns the bytes written.
    byte[] toBytes() {
        align();
        int tail = accBits >>> 3;
        byte[] out = Arrays.copyOf(buf, bytes + tail);
        for (int i = 0; i < tail; i++) {
            out[bytes + i] = (byte) (acc >>> (8 * i));
        }
        return out;
    }
}
