package dev.jvortex.core.proto;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/// A minimal protobuf wire-format writer. Fields equal to their proto3 default are the
/// caller's to omit.
public final class ProtoWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /// Writes a varint field.
    public ProtoWriter varint(int field, long value) {
        tag(field, ProtoReader.VARINT);
        rawVarint(value);
        return this;
    }

    /// Writes a varint field unless it is zero (the proto3 default).
    public ProtoWriter varintIfNonZero(int field, long value) {
        return value == 0 ? this : varint(field, value);
    }

    /// Writes a zig-zag varint field.
    public ProtoWriter svarint(int field, long value) {
        return varint(field, (value << 1) ^ (value >> 63));
    }

    /// Writes a fixed32 field.
    public ProtoWriter fixed32(int field, int value) {
        tag(field, ProtoReader.FIXED32);
        for (int i = 0; i < 4; i++) {
            out.write(value >>> (8 * i));
        }
        return this;
    }

    /// Writes a fixed64 field.
    public ProtoWriter fixed64(int field, long value) {
        tag(field, ProtoReader.FIXED64);
        for (int i = 0; i < 8; i++) {
            out.write((int) (value >>> (8 * i)));
        }
        return this;
    }

    /// Writes a length-delimited field.
    public ProtoWriter bytes(int field, byte[] value) {
        tag(field, ProtoReader.LEN);
        rawVarint(value.length);
        out.writeBytes(value);
        return this;
    }

    /// Writes a repeated varint field in packed form (one length-delimited field, written even
    /// when `values` is empty).
    public ProtoWriter packedVarints(int field, long[] values) {
        ProtoWriter packed = new ProtoWriter();
        for (long v : values) {
            packed.rawVarint(v);
        }
        return bytes(field, packed.toByteArray());
    }

    /// Writes a string field.
    public ProtoWriter string(int field, String value) {
        return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    /// Returns the bytes written so far.
    public byte[] toByteArray() {
        return out.toByteArray();
    }

    private void tag(int field, int wireType) {
        rawVarint(((long) field << 3) | wireType);
    }

    private void rawVarint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
