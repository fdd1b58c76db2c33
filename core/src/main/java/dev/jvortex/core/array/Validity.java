package dev.jvortex.core.array;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// Which rows of an array are valid: all, none, or those whose bit is set in a bitmap
/// (least-significant bit first, bit `i` of byte `i / 8` for row `i`).
public final class Validity {
    /// Every row is valid.
    public static final Validity ALL_VALID = new Validity(null, false);
    private static final Validity ALL_INVALID = new Validity(null, true);

    private final MemorySegment bits;
    private final boolean allInvalid;

    private Validity(MemorySegment bits, boolean allInvalid) {
        this.bits = bits;
        this.allInvalid = allInvalid;
    }

    /// Returns the validity in which no row is valid.
    public static Validity allInvalid() {
        return ALL_INVALID;
    }

    /// Returns a validity backed by a bitmap (one bit per row, set = valid).
    public static Validity ofBits(MemorySegment bits) {
        return new Validity(bits, false);
    }

    /// Returns true when row `i` is valid.
    public boolean isValid(int i) {
        if (bits == null) {
            return !allInvalid;
        }
        return Bits.get(bits, i);
    }

    /// Returns true when every row is known to be valid without a bitmap.
    public boolean isAllValid() {
        return bits == null && !allInvalid;
    }

    /// Returns true when no row is valid, without a bitmap.
    public boolean isAllInvalid() {
        return bits == null && allInvalid;
    }

    /// Returns the bitmap, or null when the validity is all-valid or all-invalid.
    public MemorySegment bits() {
        return bits;
    }

    /// Counts the null rows among the first `length`.
    public int nullCount(int length) {
        if (bits == null) {
            return allInvalid ? length : 0;
        }
        return length - Bits.popCount(bits, 0, length);
    }

    /// Returns the validity of rows `[from, from + length)`, copying the bitmap into `arena` if there is one.
    public Validity slice(int from, int length, Arena arena) {
        if (bits == null) {
            return this;
        }
        return ofBits(Bits.slice(bits, from, length, arena));
    }

    /// Returns the validity of rows `[from, from + length)` as a fresh bitmap (all set when all valid).
    public MemorySegment toBits(int from, int length, Arena arena) {
        if (bits == null) {
            MemorySegment out = arena.allocate(Bits.byteLength(length));
            if (!allInvalid) {
                Bits.setRange(out, 0, length);
            }
            return out;
        }
        return Bits.slice(bits, from, length, arena);
    }

    /// Returns the row-wise AND of two validities over `length` rows.
    public Validity and(Validity other, int length, Arena arena) {
        if (isAllValid() || other.isAllInvalid()) {
            return other;
        }
        if (other.isAllValid() || isAllInvalid()) {
            return this;
        }
        MemorySegment out = arena.allocate(Bits.byteLength(length));
        long n = Bits.byteLength(length);
        for (long i = 0; i < n; i++) {
            out.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte)
                    (bits.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i)
                            & other.bits.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i)));
        }
        return ofBits(out);
    }

    @Override
    public String toString() {
        return bits == null ? (allInvalid ? "all-invalid" : "all-valid") : "bitmap";
    }
}
