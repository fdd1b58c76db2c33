package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/// A small reader of the Thrift compact protocol, as Parquet uses it for its footer and page
/// headers. Structs are read generically into [Struct]s (field id to value) so that fields this
/// reader does not know are skipped; every length is checked against the bytes that remain.
final class Thrift {
    private static final int STOP = 0;
    private static final int BOOL_TRUE = 1;
    private static final int BOOL_FALSE = 2;
    private static final int BYTE = 3;
    private static final int I16 = 4;
    private static final int I32 = 5;
    private static final int I64 = 6;
    private static final int DOUBLE = 7;
    private static final int BINARY = 8;
    private static final int LIST = 9;
    private static final int SET = 10;
    private static final int MAP = 11;
    private static final int STRUCT = 12;
    private static final int MAX_DEPTH = 64;

    private final byte[] buf;
    private final int end;
    private int pos;
    private final String where;

    Thrift(byte[] buf, int offset, int end, String where) {
        this.buf = buf;
        this.pos = offset;
        this.end = end;
        this.where = where;
    }

    /// Returns the position after the last byte read.
    int position() {
        return pos;
    }

    /// A decoded struct: field id to value (Long, Boolean, Double, byte[], List, Struct).
    static final class Struct {
        private final Map<Integer, Object> fields = new HashMap<>();
        private final String where;

        Struct(String where) {
            this.where = where;
        }

        boolean has(int id) {
            return fields.containsKey(id);
        }

        Object get(int id) {
            return fields.get(id);
        }

        long i64(int id, String name) {
            Object v = fields.get(id);
            if (!(v instanceof Long l)) {
                throw VortexException.corrupt(
                        where + ": required field " + name + " is " + (v == null ? "missing" : "not an integer"));
            }
            return l;
        }

        long i64(int id, long dflt) {
            return fields.get(id) instanceof Long l ? l : dflt;
        }

        int i32(int id, String name) {
            long v = i64(id, name);
            if (v != (int) v) {
                throw VortexException.corrupt(where + ": field " + name + " = " + v + " is out of range");
            }
            return (int) v;
        }

        int i32(int id, int dflt) {
            if (!(fields.get(id) instanceof Long l)) {
                return dflt;
            }
            if (l != l.intValue()) {
                throw VortexException.corrupt(where + ": field " + id + " = " + l + " is out of range");
            }
            return l.intValue();
        }

        boolean bool(int id, boolean dflt) {
            return fields.get(id) instanceof Boolean b ? b : dflt;
        }

        String string(int id, String name) {
            Object v = fields.get(id);
            if (!(v instanceof byte[] b)) {
                throw VortexException.corrupt(
                        where + ": required field " + name + " is " + (v == null ? "missing" : "not a string"));
            }
            return new String(b, StandardCharsets.UTF_8);
        }

        Struct struct(int id) {
            Object v = fields.get(id);
            if (v == null) {
                return null;
            }
            if (!(v instanceof Struct s)) {
                throw VortexException.corrupt(where + ": field " + id + " is not a struct");
            }
            return s;
        }

        @SuppressWarnings("unchecked")
        List<Object> list(int id, String name, boolean required) {
            Object v = fields.get(id);
            if (v == null) {
                if (required) {
                    throw VortexException.corrupt(where + ": required list " + name + " is missing");
                }
                return List.of();
            }
            if (!(v instanceof List<?> l)) {
                throw VortexException.corrupt(where + ": field " + name + " is not a list");
            }
            return (List<Object>) l;
        }

        List<Struct> structs(int id, String name, boolean required) {
            List<Struct> out = new ArrayList<>();
            for (Object o : list(id, name, required)) {
                if (!(o instanceof Struct s)) {
                    throw VortexException.corrupt(where + ": an element of " + name + " is not a struct");
                }
                out.add(s);
            }
            return out;
        }

        /// Returns the id of the one field set in a union, or -1.
        int unionField() {
            for (Integer k : fields.keySet()) {
                return k;
            }
            return -1;
        }
    }

    /// Reads one struct at the current position.
    Struct readStruct() {
        return readStruct(0);
    }

    private Struct readStruct(int depth) {
        if (depth > MAX_DEPTH) {
            throw corrupt("structs nested too deeply");
        }
        Struct s = new Struct(where);
        int lastId = 0;
        while (true) {
            int header = u8();
            int type = header & 0x0F;
            if (type == STOP) {
                return s;
            }
            int delta = header >>> 4;
            int id;
            if (delta == 0) {
                id = zigzag32(varint());
                if (id != (short) id) {
                    throw corrupt("field id " + id + " out of range");
                }
            } else {
                id = lastId + delta;
            }
            lastId = id;
            Object v;
            if (type == BOOL_TRUE) {
                v = Boolean.TRUE;
            } else if (type == BOOL_FALSE) {
                v = Boolean.FALSE;
            } else {
                v = readValue(type, depth);
            }
            s.fields.put(id, v);
        }
    }

    private Object readValue(int type, int depth) {
        switch (type) {
            case BOOL_TRUE, BOOL_FALSE -> {
                return u8() == BOOL_TRUE;
            }
            case BYTE -> {
                return (long) (byte) u8();
            }
            case I16, I32, I64 -> {
                return zigzag64(varint());
            }
            case DOUBLE -> {
                need(8);
                long bits = 0;
                for (int i = 0; i < 8; i++) {
                    bits |= (buf[pos + i] & 0xFFL) << (8 * i);
                }
                pos += 8;
                return Double.longBitsToDouble(bits);
            }
            case BINARY -> {
                long n = varint();
                if (n < 0 || n > end - pos) {
                    throw corrupt("binary of " + n + " bytes runs past the end");
                }
                byte[] b = new byte[(int) n];
                System.arraycopy(buf, pos, b, 0, (int) n);
                pos += (int) n;
                return b;
            }
            case LIST, SET -> {
                int h = u8();
                long size = h >>> 4;
                int et = h & 0x0F;
                if (size == 15) {
                    size = varint();
                }
                // Every element takes at least one byte.
                if (size < 0 || size > end - pos) {
                    throw corrupt("list of " + size + " elements runs past the end");
                }
                List<Object> out = new ArrayList<>((int) size);
                for (long i = 0; i < size; i++) {
                    out.add(readElement(et, depth));
                }
                return out;
            }
            case MAP -> {
                long size = varint();
                if (size < 0 || size > end - pos) {
                    throw corrupt("map of " + size + " entries runs past the end");
                }
                if (size == 0) {
                    return List.of();
                }
                int kv = u8();
                List<Object> out = new ArrayList<>();
                for (long i = 0; i < size; i++) {
                    out.add(readElement(kv >>> 4, depth));
                    out.add(readElement(kv & 0x0F, depth));
                }
                return out;
            }
            case STRUCT -> {
                return readStruct(depth + 1);
            }
            default -> throw corrupt("unknown compact type " + type);
        }
    }

    private Object readElement(int type, int depth) {
        if (type == BOOL_TRUE || type == BOOL_FALSE) {
            return u8() == BOOL_TRUE;
        }
        return readValue(type, depth);
    }

    private void need(int n) {
        if (end - pos < n) {
            throw corrupt("unexpected end of Thrift data");
        }
    }

    private int u8() {
        if (pos >= end) {
            throw corrupt("unexpected end of Thrift data");
        }
        return buf[pos++] & 0xFF;
    }

    private long varint() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = u8();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw corrupt("varint longer than 10 bytes");
    }

    private static long zigzag64(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private static int zigzag32(long v) {
        return (int) zigzag64(v);
    }

    private VortexException corrupt(String what) {
        return VortexException.corrupt(where + ": " + what + " (at byte " + pos + ")");
    }
}
