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
        long a = acc;
        int n = accBits;
        for (int i = from; i < to; i++) {
            long v = vals[i] & 0xFFFF_FFFFL;
            int b = bits[i];
            a |= v << n;
            int old = n;
            n += b;
            if (n >= 64) {
                acc = a;
                flushWord();
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
    }

    /// Writes the offsets `offsets[i]` with `offsetBits[symbols[i]]` bits (0..64, values already
    /// within their width) for i in `[from, to)`.
    void writeOffsets(long[] offsets, int[] symbols, int[] offsetBits, int from, int to) {
        long a = acc;
        int n = accBits;
        for (int i = from; i < to; i++) {
            long v = offsets[i];
            int b = offsetBits[symbols[i]];
            a |= v << n;
            int old = n;
            n += b;
            if (n >= 64) {
                acc = a;
                flushWord();
                n -= 64;
                a = old == 0 ? 0 : v >>> (64 - old);
            }
        }
        acc = a;
        accBits = n;
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
