package dev.jvortex.zstd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// Reads a zstd backward bitstream (RFC 8878 §4.1): the stream is written forwards and read from
/// its last byte towards its first; the highest set bit of the last byte marks where the data ends.
///
/// The next bit to read is bit `63 - consumed` of `container`, which holds the 8 bytes starting at
/// `pos`. [#reload()] slides the 8-byte window back by whole bytes so that at most 7 bits of the
/// container are stale, giving at least 57 readable bits; only at the start of the stream does the
/// window stop moving and `consumed` keep growing. Reading past the start yields garbage bits
/// rather than an exception (table indexes stay in range because they are masked); callers detect
/// it afterwards with [#finished()] or [#overflowed()].
final class ZstdBitReader {
    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    byte[] buf;
    int start;
    int pos;
    long container;
    int consumed;

    /// Starts reading the stream `buf[start, end)`.
    void init(byte[] buf, int start, int end, String what) {
        int size = end - start;
        if (size <= 0) {
            throw new ZstdException("zstd: " + what + " bitstream is empty");
        }
        if (buf[end - 1] == 0) {
            throw new ZstdException("zstd: " + what + " bitstream has no end marker in its last byte");
        }
        this.buf = buf;
        this.start = start;
        if (size >= 8) {
            pos = end - 8;
            container = (long) LE_LONG.get(buf, pos);
        } else {
            // A short stream sits in the low bytes; the empty high bytes count as already consumed.
            pos = start;
            long c = 0;
            for (int i = 0; i < size; i++) {
                c |= (buf[start + i] & 0xFFL) << (8 * i);
            }
            container = c;
        }
        consumed = Long.numberOfLeadingZeros(container) + 1;
    }

    /// Reads `n` bits (0 to 56 after a reload), most significant first.
    int readBits(int n) {
        // Two shifts so that n == 0 yields 0: Java masks a shift count of 64 to 0.
        int v = (int) (((container << consumed) >>> 1) >>> (63 - n));
        consumed += n;
        return v;
    }

    /// Reads `n` bits (0 to 56 after a reload) as a long.
    long readLongBits(int n) {
        long v = ((container << consumed) >>> 1) >>> (63 - n);
        consumed += n;
        return v;
    }

    /// Refills the container so at least 57 bits are readable, unless the stream start is reached.
    void reload() {
        if (pos == start) {
            return;
        }
        int bytes = consumed >>> 3;
        int room = pos - start;
        if (bytes > room) {
            bytes = room;
        }
        pos -= bytes;
        consumed -= bytes << 3;
        container = (long) LE_LONG.get(buf, pos);
    }

    /// Returns true when every bit of the stream has been read, and no more.
    boolean finished() {
        return pos == start && consumed == 64;
    }

    /// Returns true when more bits were read than the stream holds (call after [#reload()]).
    boolean overflowed() {
        return pos == start && consumed > 64;
    }
}
