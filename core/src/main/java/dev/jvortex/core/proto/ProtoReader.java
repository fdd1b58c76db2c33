package dev.jvortex.core.proto;

import dev.jvortex.core.VortexException;
import java.nio.charset.StandardCharsets;

/// A minimal protobuf wire-format reader over a byte array.
///
/// Usage: `while (r.next()) switch (r.field()) { case 1 -> x = r.readVarint(); default -> r.skip(); }`.
/// Every length is checked against the bytes that exist; malformed input raises a
/// [VortexException] naming the message being read.
public final class ProtoReader {
    public static final int VARINT = 0;
    public static final int FIXED64 = 1;
    public static final int LEN = 2;
    public static final int FIXED32 = 5;

    private final byte[] buf;
    private final int end;
    private final String what;
    private int pos;
    private int field;
    private int wireType;

    /// Reads `buf[from, to)` as the message named `what` (used in error messages).
    public ProtoReader(byte[] buf, int from, int to, String what) {
        if (from < 0 || to > buf.length || from > to) {
            throw VortexException.corrupt(what + ": bad message bounds");
        }
        this.buf = buf;
        this.pos = from;
        this.end = to;
        this.what = what;
    }

    /// Reads the whole of `buf` as the message named `what`.
    public ProtoReader(byte[] buf, String what) {
        this(buf, 0, buf.length, what);
    }

    /// Advances to the next field; returns false at the end of the message.
    public boolean next() {
        if (pos >= end) {
            return false;
        }
        long key = readVarint();
        field = (int) (key >>> 3);
        wireType = (int) (key & 7);
        if (field == 0 || (key >>> 3) > Integer.MAX_VALUE) {
            throw fail("invalid field number " + (key >>> 3));
        }
        return true;
    }

    /// Returns the number of the current field.
    public int field() {
        return field;
    }

    /// Returns the wire type of the current field.
    public int wireType() {
        return wireType;
    }

    /// Reads a varint (wire type 0).
    public long readVarint() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                throw fail("truncated varint");
            }
            byte b = buf[pos++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw fail("varint longer than 10 bytes");
    }

    /// Reads a zig-zag encoded varint (`sint32`/`sint64`).
    public long readSVarint() {
        long v = readVarint();
        return (v >>> 1) ^ -(v & 1);
    }

    /// Reads a varint as a boolean.
    public boolean readBool() {
        return readVarint() != 0;
    }

    /// Reads a varint that must fit an unsigned 32-bit value, as an int.
    public int readUInt32() {
        long v = readVarint();
        return (int) v;
    }

    /// Reads 4 little-endian bytes.
    public int readFixed32() {
        if (end - pos < 4) {
            throw fail("truncated fixed32");
        }
        int v = (buf[pos] & 0xFF)
                | (buf[pos + 1] & 0xFF) << 8
                | (buf[pos + 2] & 0xFF) << 16
                | (buf[pos + 3] & 0xFF) << 24;
        pos += 4;
        return v;
    }

    /// Reads 8 little-endian bytes.
    public long readFixed64() {
        long lo = readFixed32() & 0xFFFFFFFFL;
        long hi = readFixed32() & 0xFFFFFFFFL;
        return lo | hi << 32;
    }

    /// Reads a length-delimited field and returns its bytes.
    public byte[] readBytes() {
        int len = readLength();
        byte[] out = new byte[len];
        System.arraycopy(buf, pos, out, 0, len);
        pos += len;
        return out;
    }

    /// Reads a length-delimited field as UTF-8 text.
    public String readString() {
        int len = readLength();
        String s = new String(buf, pos, len, StandardCharsets.UTF_8);
        pos += len;
        return s;
    }

    /// Reads a length-delimited field as a nested message reader.
    public ProtoReader readMessage(String nestedWhat) {
        int len = readLength();
        ProtoReader r = new ProtoReader(buf, pos, pos + len, nestedWhat);
        pos += len;
        return r;
    }

    /// Reads the values of a repeated varint field, packed or not, adding them to `sink`.
    public void readRepeatedVarint(java.util.function.LongConsumer sink) {
        if (wireType == LEN) {
            int len = readLength();
            int stop = pos + len;
            ProtoReader r = new ProtoReader(buf, pos, stop, what);
            while (r.pos < stop) {
                sink.accept(r.readVarint());
            }
            pos = stop;
        } else {
            sink.accept(readVarint());
        }
    }

    private int readLength() {
        long len = readVarint();
        if (len < 0 || len > end - pos) {
            throw fail("length " + len + " exceeds the " + (end - pos) + " remaining bytes");
        }
        return (int) len;
    }

    /// Skips the current field's value.
    public void skip() {
        switch (wireType) {
            case VARINT -> readVarint();
            case FIXED64 -> {
                if (end - pos < 8) {
                    throw fail("truncated fixed64");
                }
                pos += 8;
            }
            case LEN -> pos += readLength();
            case FIXED32 -> {
                if (end - pos < 4) {
                    throw fail("truncated fixed32");
                }
                pos += 4;
            }
            default -> throw fail("unsupported wire type " + wireType + " for field " + field);
        }
    }

    /// Returns an exception naming the message and position.
    public VortexException fail(String problem) {
        return VortexException.corrupt("protobuf " + what + " at byte " + pos + ": " + problem);
    }
}
