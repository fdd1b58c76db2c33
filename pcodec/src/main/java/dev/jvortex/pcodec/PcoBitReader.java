package dev.jvortex.pcodec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// A checked LSB-first bit reader for pco metadata (chunk meta, page meta), plus the unchecked
/// word access the page body loops use.
///
/// The bytes live in a heap array with at least [#PADDING] zero bytes after the component, so a
/// 64-bit load at any bit position up to the end (plus one byte for fields wider than 56 bits)
/// never leaves the array. Every checked read first verifies that the field ends within the
/// component: a truncated or lying stream fails with a [PcoException] naming `what`.
final class PcoBitReader {
    /// Zero bytes kept after the component: one 8-byte word plus one byte for a field that
    /// straddles it, rounded up.
    static final int PADDING = 16;

    /// Little-endian 64-bit loads from a byte array at any byte index; the JIT turns this into one
    /// unaligned load plus a bounds check.
    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final long totalBits;
    private final String what;
    private long pos;

    /// Reads `length` bytes of `buf` (which must hold `length + PADDING` bytes, the tail zero).
    PcoBitReader(byte[] buf, long length, String what) {
        this.buf = buf;
        this.totalBits = length << 3;
        this.what = what;
    }

    /// Copies `src` into a zero-padded heap array and reads it.
    static PcoBitReader of(MemorySegment src, String what) {
        return new PcoBitReader(padded(src, what), src.byteSize(), what);
    }

    /// Returns a heap copy of `src` followed by [#PADDING] zero bytes.
    static byte[] padded(MemorySegment src, String what) {
        long n = src.byteSize();
        if (n > Integer.MAX_VALUE - 64) {
            throw new PcoException("pco " + what + " of " + n + " bytes is too large");
        }
        byte[] out = new byte[(int) n + PADDING];
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, out, 0, (int) n);
        return out;
    }

    /// Returns the bit position.
    long position() {
        return pos;
    }

    /// Returns the number of bits between the position and the end of the component.
    long remaining() {
        return totalBits - pos;
    }

    /// Reads an unsigned field of `width` bits (0..64), failing if it runs past the end.
    long read(int width) {
        if (width > totalBits - pos) {
            throw new PcoException("pco " + what + " is truncated: a " + width + "-bit field at bit " + pos
                    + " runs past its " + (totalBits >>> 3) + " bytes");
        }
        long v = peek(buf, pos, width);
        pos += width;
        return v;
    }

    /// Reads a field of `width` bits (at most 31) as an int.
    int readInt(int width) {
        return (int) read(width);
    }

    /// Skips to the next byte boundary; the skipped bits must be zero.
    void alignZero(String where) {
        int rem = (int) (pos & 7);
        if (rem != 0) {
            long bits = read(8 - rem);
            if (bits != 0) {
                throw new PcoException(
                        "pco " + what + ": non-zero padding bits " + where + " at bit " + (pos - 8 + rem));
            }
        }
    }

    /// Returns the field of `width` bits (0..64) at bit `bitPos`; the caller guarantees that
    /// `bitPos / 8 + 9` bytes exist.
    static long peek(byte[] buf, long bitPos, int width) {
        int byteIdx = (int) (bitPos >>> 3);
        int shift = (int) bitPos & 7;
        long v = (long) LE_LONG.get(buf, byteIdx) >>> shift;
        if (shift + width > 64) {
            v |= (buf[byteIdx + 8] & 0xFFL) << (64 - shift);
        }
        return width == 64 ? v : v & ((1L << width) - 1);
    }
}
