package dev.jvortex.format.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/// Builds a flatbuffer back to front, the way the format expects: children are written before
/// their parents, so every stored offset points forward.
///
/// Offsets returned by the `create*`/`endTable` methods are positions measured from the end
/// of the buffer; pass them to [#addOffset] or a vector of offsets.
public final class FbBuilder {
    private byte[] buf = new byte[1024];
    private int space = buf.length;
    private int minAlign = 1;
    private int[] vtable;
    private int objectStart;
    private boolean inTable;
    /// Offsets (from the end) of the vtables written so far: a table whose vtable equals one of
    /// them points at it instead of writing its own copy.
    private int[] vtables = new int[16];
    private int vtableCount;

    /// Returns the number of bytes written so far.
    public int offset() {
        return buf.length - space;
    }

    private void grow(int needed) {
        while (space < needed) {
            int old = buf.length;
            int size = Math.max(old * 2, old + needed);
            byte[] nb = new byte[size];
            System.arraycopy(buf, space, nb, size - (old - space), old - space);
            space = size - (old - space);
            buf = nb;
        }
    }

    /// Pads so that after `additional` more bytes, a `size`-byte value is aligned.
    public void prep(int size, int additional) {
        if (size > minAlign) {
            minAlign = size;
        }
        int pad = (-(offset() + additional)) & (size - 1);
        grow(pad + size + additional);
        for (int i = 0; i < pad; i++) {
            buf[--space] = 0;
        }
    }

    private void putByte(int v) {
        buf[--space] = (byte) v;
    }

    private void putShort(int v) {
        putByte(v >>> 8);
        putByte(v);
    }

    private void putInt(int v) {
        putByte(v >>> 24);
        putByte(v >>> 16);
        putByte(v >>> 8);
        putByte(v);
    }

    private void putLong(long v) {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }

    /// Writes a string; returns its offset.
    public int createString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        prep(4, b.length + 1);
        putByte(0);
        space -= b.length;
        System.arraycopy(b, 0, buf, space, b.length);
        putInt(b.length);
        return offset();
    }

    /// Writes a `[ubyte]` vector; returns its offset.
    public int createByteVector(byte[] b) {
        prep(4, b.length);
        space -= b.length;
        System.arraycopy(b, 0, buf, space, b.length);
        putInt(b.length);
        return offset();
    }

    /// Writes a vector of inline elements (scalars or structs) given as little-endian bytes; returns its offset.
    public int createInlineVector(byte[] elements, int count, int alignment) {
        prep(4, elements.length);
        prep(Math.max(alignment, 1), elements.length);
        space -= elements.length;
        System.arraycopy(elements, 0, buf, space, elements.length);
        putInt(count);
        return offset();
    }

    /// Writes a `[uint16]` vector; returns its offset.
    public int createU16Vector(int[] values) {
        byte[] b = new byte[values.length * 2];
        for (int i = 0; i < values.length; i++) {
            b[2 * i] = (byte) values[i];
            b[2 * i + 1] = (byte) (values[i] >>> 8);
        }
        return createInlineVector(b, values.length, 2);
    }

    /// Writes a `[uint32]` vector; returns its offset.
    public int createU32Vector(int[] values) {
        byte[] b = new byte[values.length * 4];
        for (int i = 0; i < values.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (values[i] >>> (8 * k));
            }
        }
        return createInlineVector(b, values.length, 4);
    }

    /// Writes a vector of offsets to tables or strings; returns its offset.
    public int createOffsetVector(int[] offsets) {
        prep(4, offsets.length * 4);
        for (int i = offsets.length - 1; i >= 0; i--) {
            prep(4, 0);
            putInt(offset() - offsets[i] + 4);
        }
        putInt(offsets.length);
        return offset();
    }

    /// Starts a table with `slots` fields.
    public void startTable(int slots) {
        if (inTable) {
            throw new IllegalStateException("tables cannot nest while being built");
        }
        vtable = new int[slots];
        objectStart = offset();
        inTable = true;
    }

    /// Adds a `u8`/`bool` field unless it equals the default.
    public void addU8(int slot, int v, int dflt) {
        if (v != dflt) {
            prep(1, 0);
            putByte(v);
            vtable[slot] = offset();
        }
    }

    /// Adds a `u16` field unless it equals the default.
    public void addU16(int slot, int v, int dflt) {
        if (v != dflt) {
            prep(2, 0);
            putShort(v);
            vtable[slot] = offset();
        }
    }

    /// Adds a `u32` field unless it equals the default.
    public void addU32(int slot, long v, long dflt) {
        if (v != dflt) {
            prep(4, 0);
            putInt((int) v);
            vtable[slot] = offset();
        }
    }

    /// Adds a `u64` field unless it equals the default.
    public void addU64(int slot, long v, long dflt) {
        if (v != dflt) {
            prep(8, 0);
            putLong(v);
            vtable[slot] = offset();
        }
    }

    /// Adds a `u64` field even when it is zero (for presence-tracked scalars).
    public void addU64Always(int slot, long v) {
        prep(8, 0);
        putLong(v);
        vtable[slot] = offset();
    }

    /// Adds a `u8`/`bool` field even when it equals zero (for presence-tracked scalars).
    public void addU8Always(int slot, int v) {
        prep(1, 0);
        putByte(v);
        vtable[slot] = offset();
    }

    /// Adds an offset field (to a table, vector or string).
    public void addOffset(int slot, int off) {
        prep(4, 0);
        putInt(offset() - off + 4);
        vtable[slot] = offset();
    }

    /// Finishes the table; returns its offset. An identical vtable already in the buffer is shared.
    public int endTable() {
        prep(4, 0);
        putInt(0);
        int objectOffset = offset();
        int slots = vtable.length;
        while (slots > 0 && vtable[slots - 1] == 0) {
            slots--;
        }
        int vtableSize = (slots + 2) * 2;
        int[] entries = new int[slots + 2];
        entries[0] = vtableSize;
        entries[1] = objectOffset - objectStart;
        for (int i = 0; i < slots; i++) {
            entries[i + 2] = vtable[i] == 0 ? 0 : objectOffset - vtable[i];
        }
        int vtableOffset = findVtable(entries);
        if (vtableOffset < 0) {
            grow(vtableSize);
            for (int i = entries.length - 1; i >= 0; i--) {
                putShort(entries[i]);
            }
            vtableOffset = offset();
            if (vtableCount == vtables.length) {
                vtables = Arrays.copyOf(vtables, vtableCount * 2);
            }
            vtables[vtableCount++] = vtableOffset;
        }
        int tablePos = buf.length - objectOffset;
        int soffset = vtableOffset - objectOffset;
        buf[tablePos] = (byte) soffset;
        buf[tablePos + 1] = (byte) (soffset >>> 8);
        buf[tablePos + 2] = (byte) (soffset >>> 16);
        buf[tablePos + 3] = (byte) (soffset >>> 24);
        inTable = false;
        vtable = null;
        return objectOffset;
    }

    private int findVtable(int[] entries) {
        for (int k = vtableCount - 1; k >= 0; k--) {
            int pos = buf.length - vtables[k];
            boolean same = true;
            for (int i = 0; i < entries.length && same; i++) {
                int v = (buf[pos + 2 * i] & 0xFF) | (buf[pos + 2 * i + 1] & 0xFF) << 8;
                same = v == entries[i];
            }
            if (same) {
                return vtables[k];
            }
        }
        return -1;
    }

    /// Finishes the buffer with `root` as its root table; returns the bytes.
    public byte[] finish(int root) {
        prep(minAlign, 4);
        addRoot(root);
        return Arrays.copyOfRange(buf, space, buf.length);
    }

    private void addRoot(int off) {
        prep(4, 0);
        putInt(offset() - off + 4);
    }
}
