package dev.jvortex.format;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/// A flatbuffer table read in place from a [MemorySegment], with every offset checked.
///
/// Layout reminder: a table starts with an `i32` back-offset to its vtable; the vtable holds
/// `u16` vtable size, `u16` table size and one `u16` field offset per slot (0 = absent).
/// Offsets to tables, vectors and strings are `u32`, relative to where they are stored.
public final class FbTable {
    static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final MemorySegment buf;
    private final long pos;
    private final long vtable;
    private final int vtableSize;
    private final String what;

    private FbTable(MemorySegment buf, long pos, String what) {
        this.buf = buf;
        this.pos = pos;
        this.what = what;
        require(pos, 4);
        long vt = pos - buf.get(U32, pos);
        require(vt, 4);
        int vsize = Short.toUnsignedInt(buf.get(U16, vt));
        if (vsize < 4 || (vsize & 1) != 0) {
            throw corrupt("vtable size " + vsize + " is invalid");
        }
        require(vt, vsize);
        this.vtable = vt;
        this.vtableSize = vsize;
    }

    /// Reads the root table of a flatbuffer that occupies all of `buf`.
    public static FbTable root(MemorySegment buf, String what) {
        if (buf.byteSize() < 8) {
            throw VortexException.corrupt(what + ": flatbuffer of " + buf.byteSize() + " bytes is too short");
        }
        long off = Integer.toUnsignedLong(buf.get(U32, 0));
        return new FbTable(buf, off, what);
    }

    private long fieldPos(int slot) {
        int entry = 4 + 2 * slot;
        if (entry + 2 > vtableSize) {
            return -1;
        }
        int rel = Short.toUnsignedInt(buf.get(U16, vtable + entry));
        return rel == 0 ? -1 : pos + rel;
    }

    /// Returns true when field `slot` is present.
    public boolean has(int slot) {
        return fieldPos(slot) >= 0;
    }

    /// Returns the `u8` (or `bool`/`i8` as bits) at `slot`, or `dflt`.
    public int getU8(int slot, int dflt) {
        long p = fieldPos(slot);
        if (p < 0) {
            return dflt;
        }
        require(p, 1);
        return Byte.toUnsignedInt(buf.get(JAVA_BYTE, p));
    }

    /// Returns the `i8` at `slot`, or `dflt`.
    public int getI8(int slot, int dflt) {
        long p = fieldPos(slot);
        if (p < 0) {
            return dflt;
        }
        require(p, 1);
        return buf.get(JAVA_BYTE, p);
    }

    /// Returns the `bool` at `slot`, or `dflt`.
    public boolean getBool(int slot, boolean dflt) {
        return getU8(slot, dflt ? 1 : 0) != 0;
    }

    /// Returns the `u16` at `slot`, or `dflt`.
    public int getU16(int slot, int dflt) {
        long p = fieldPos(slot);
        if (p < 0) {
            return dflt;
        }
        require(p, 2);
        return Short.toUnsignedInt(buf.get(U16, p));
    }

    /// Returns the `u32` at `slot`, or `dflt`.
    public long getU32(int slot, long dflt) {
        long p = fieldPos(slot);
        if (p < 0) {
            return dflt;
        }
        require(p, 4);
        return Integer.toUnsignedLong(buf.get(U32, p));
    }

    /// Returns the `u64` at `slot` (as its bit pattern), or `dflt`.
    public long getU64(int slot, long dflt) {
        long p = fieldPos(slot);
        if (p < 0) {
            return dflt;
        }
        require(p, 8);
        return buf.get(U64, p);
    }

    private long deref(int slot) {
        long p = fieldPos(slot);
        if (p < 0) {
            return -1;
        }
        require(p, 4);
        long target = p + Integer.toUnsignedLong(buf.get(U32, p));
        require(target, 4);
        return target;
    }

    /// Returns the sub-table at `slot`, or null when absent.
    public FbTable getTable(int slot, String childWhat) {
        long t = deref(slot);
        return t < 0 ? null : new FbTable(buf, t, childWhat);
    }

    /// Returns the vector at `slot`, or null when absent.
    public FbVector getVector(int slot) {
        long v = deref(slot);
        if (v < 0) {
            return null;
        }
        long len = Integer.toUnsignedLong(buf.get(U32, v));
        return new FbVector(this, v + 4, len);
    }

    /// Returns the string at `slot`, or null when absent.
    public String getString(int slot) {
        long v = deref(slot);
        return v < 0 ? null : readString(v);
    }

    /// Returns the bytes of the `[ubyte]` vector at `slot` as a slice, or null when absent.
    public MemorySegment getBytes(int slot) {
        FbVector v = getVector(slot);
        return v == null ? null : v.bytes();
    }

    String readString(long at) {
        require(at, 4);
        long len = Integer.toUnsignedLong(buf.get(U32, at));
        require(at + 4, len);
        byte[] bytes = buf.asSlice(at + 4, len).toArray(JAVA_BYTE);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw corrupt("string at byte " + at + " is not valid UTF-8");
        }
    }

    FbTable tableAt(long at, String childWhat) {
        require(at, 4);
        long target = at + Integer.toUnsignedLong(buf.get(U32, at));
        return new FbTable(buf, target, childWhat);
    }

    MemorySegment buffer() {
        return buf;
    }

    void require(long at, long len) {
        if (at < 0 || len < 0 || at > buf.byteSize() || len > buf.byteSize() - at) {
            throw corrupt("offset " + at + " + " + len + " is outside the " + buf.byteSize() + "-byte flatbuffer");
        }
    }

    VortexException corrupt(String problem) {
        return VortexException.corrupt(what + ": " + problem);
    }

    /// Returns the name used in error messages.
    public String what() {
        return what;
    }
}
