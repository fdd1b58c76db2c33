package dev.jvortex.encodings.fastlanes;

/// The FastLanes 1024-value block: how a block position maps to a (row, lane) cell, and the
/// transpose permutation used by delta.
///
/// A block of 1024 values of a `T`-bit unsigned type is viewed as `T` rows by `1024 / T` lanes.
/// Cell `(row, lane)` holds block position [#index(int, int)]; every row is a run of `lanes`
/// consecutive positions, which is what lets the kernels work a whole row at a time.
public final class FastLanes {
    /// Values per block.
    public static final int BLOCK = 1024;

    /// The row-group order of the Rust `fastlanes` crate (`FL_ORDER`); it is its own inverse.
    private static final int[] ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    /// `ROW_START[row]` is the block position of `(row, lane 0)`; rows are at most 64.
    private static final int[] ROW_START = new int[64];

    /// `TRANSPOSE[i]` is the transpose permutation of block position `i`.
    private static final int[] TRANSPOSE = new int[BLOCK];

    static {
        for (int row = 0; row < 64; row++) {
            ROW_START[row] = ORDER[(row >>> 3) & 7] * 16 + (row & 7) * 128;
        }
        for (int i = 0; i < BLOCK; i++) {
            TRANSPOSE[i] = (i % 16) * 64 + ORDER[(i / 16) % 8] * 8 + i / 128;
        }
    }

    private FastLanes() {}

    /// Returns the number of lanes for a `typeBits`-bit type: 128, 64, 32 or 16.
    public static int lanes(int typeBits) {
        return BLOCK / typeBits;
    }

    /// Returns the block position held by cell `(row, lane)` (row below the type width, lane below the lane count).
    public static int index(int row, int lane) {
        return ROW_START[row] + lane;
    }

    /// Returns the block position of `(row, lane 0)`; the row continues at the following positions.
    static int rowStart(int row) {
        return ROW_START[row];
    }

    /// Returns the transpose of block position `i` (`0 <= i < 1024`).
    public static int transpose(int i) {
        return TRANSPOSE[i];
    }

    /// Returns the transpose table itself (do not modify).
    static int[] transposeTable() {
        return TRANSPOSE;
    }
}
