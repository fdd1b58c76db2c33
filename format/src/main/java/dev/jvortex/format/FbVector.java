package dev.jvortex.format;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/// A flatbuffer vector: `length` elements starting at `start`, checked on access.
public final class FbVector {
    private final FbTable owner;
    private final long start;
    private final long length;

    FbVector(FbTable owner, long start, long length) {
        this.owner = owner;
        this.start = start;
        this.length = length;
    }

    /// Returns the number of elements.
    public int length() {
        if (length > Integer.MAX_VALUE) {
            throw owner.corrupt("vector length " + length + " is too large");
        }
        owner.require(start, length);
        return (int) length;
    }

    /// Returns the vector's bytes (for `[ubyte]`) as a slice of the flatbuffer.
    public MemorySegment bytes() {
        owner.require(start, length);
        return owner.buffer().asSlice(start, length);
    }

    /// Returns the region holding `length × elementSize` bytes of inline elements (structs, scalars).
    public MemorySegment inline(int elementSize) {
        owner.require(start, length * elementSize);
        return owner.buffer().asSlice(start, length * elementSize);
    }

    /// Returns table element `i` (for vectors of tables).
    public FbTable table(int i, String what) {
        owner.require(start + 4L * i, 4);
        return owner.tableAt(start + 4L * i, what);
    }

    /// Returns string element `i` (for vectors of strings).
    public String string(int i) {
        long at = start + 4L * i;
        owner.require(at, 4);
        long target = at + Integer.toUnsignedLong(owner.buffer().get(FbTable.U32, at));
        return owner.readString(target);
    }

    /// Returns `u16` element `i`.
    public int u16(int i) {
        owner.require(start + 2L * i, 2);
        return Short.toUnsignedInt(owner.buffer().get(FbTable.U16, start + 2L * i));
    }

    /// Returns `u32` element `i`.
    public long u32(int i) {
        owner.require(start + 4L * i, 4);
        return Integer.toUnsignedLong(owner.buffer().get(FbTable.U32, start + 4L * i));
    }

    /// Returns `u8` element `i`.
    public int u8(int i) {
        owner.require(start + i, 1);
        return Byte.toUnsignedInt(owner.buffer().get(JAVA_BYTE, start + i));
    }
}
