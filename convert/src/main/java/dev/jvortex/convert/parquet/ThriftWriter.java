package dev.jvortex.convert.parquet;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/// A writer of the Thrift compact protocol, enough for Parquet's footer and page headers:
/// structs (field headers with id deltas), i32, i64, bool, binary and lists.
final class ThriftWriter {
    static final int BOOL_TRUE = 1;
    static final int BOOL_FALSE = 2;
    static final int BYTE = 3;
    static final int I32 = 5;
    static final int I64 = 6;
    static final int BINARY = 8;
    static final int LIST = 9;
    static final int STRUCT = 12;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    private final int[] lastIds = new int[64];
    private int depth;

    /// A writer for a new message.
    ThriftWriter() {}

    /// A writer continuing a message whose last field written had id `lastId`.
    ThriftWriter(int lastId) {
        lastIds[0] = lastId;
    }

    /// Returns the bytes written so far.
    byte[] toByteArray() {
        return out.toByteArray();
    }

    private void header(int id, int type) {
        int delta = id - lastIds[depth];
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint(zigzag(id));
        }
        lastIds[depth] = id;
    }

    ThriftWriter i32(int id, int v) {
        header(id, I32);
        varint(zigzag(v));
        return this;
    }

    ThriftWriter i64(int id, long v) {
        header(id, I64);
        varint(zigzag(v));
        return this;
    }

    ThriftWriter i8(int id, int v) {
        header(id, BYTE);
        out.write(v);
        return this;
    }

    ThriftWriter bool(int id, boolean v) {
        header(id, v ? BOOL_TRUE : BOOL_FALSE);
        return this;
    }

    ThriftWriter binary(int id, byte[] b) {
        header(id, BINARY);
        binaryValue(b);
        return this;
    }

    ThriftWriter string(int id, String s) {
        header(id, BINARY);
        binaryValue(s.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /// Starts a struct-valued field; end it with [#endStruct].
    ThriftWriter beginStruct(int id) {
        header(id, STRUCT);
        return push();
    }

    /// An empty struct-valued field (Parquet's marker structs, e.g. `StringType`).
    ThriftWriter emptyStruct(int id) {
        return beginStruct(id).endStruct();
    }

    /// Starts a struct that is a list element (no field header); end it with [#endStruct].
    ThriftWriter beginElement() {
        return push();
    }

    private ThriftWriter push() {
        lastIds[++depth] = 0;
        return this;
    }

    ThriftWriter endStruct() {
        out.write(0);
        depth--;
        return this;
    }

    /// Starts a list field of `size` elements of compact type `elementType`.
    ThriftWriter list(int id, int elementType, int size) {
        header(id, LIST);
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xF0 | elementType);
            varint(size);
        }
        return this;
    }

    /// An i32 list element.
    ThriftWriter i32Value(int v) {
        varint(zigzag(v));
        return this;
    }

    /// A binary (string) list element.
    ThriftWriter stringValue(String s) {
        binaryValue(s.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    private void binaryValue(byte[] b) {
        varint(b.length);
        out.write(b, 0, b.length);
    }

    /// Ends the outermost struct (the message).
    byte[] finish() {
        out.write(0);
        return out.toByteArray();
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }
}
