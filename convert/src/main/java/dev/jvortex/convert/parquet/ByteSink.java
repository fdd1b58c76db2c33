package dev.jvortex.convert.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/// A growable little-endian byte buffer for page building.
final class ByteSink {
    private byte[] buf;
    private int size;

    ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return buf;
    }

    void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) size + more);
            if (want > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("page buffer over 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }

    void write(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void writeIntLE(int v) {
        ensure(4);
        buf[size] = (byte) v;
        buf[size + 1] = (byte) (v >>> 8);
        buf[size + 2] = (byte) (v >>> 16);
        buf[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    void writeLongLE(long v) {
        writeIntLE((int) v);
        writeIntLE((int) (v >>> 32));
    }

    void setIntLE(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    void varint(int v) {
        while ((v & ~0x7F) != 0) {
            write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        write(v);
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
    }
}
