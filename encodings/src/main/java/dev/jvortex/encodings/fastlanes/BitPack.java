package dev.jvortex.encodings.fastlanes;

import java.util.Arrays;

/// Packs one FastLanes block of 1024 values into `width`-bit fields, one method per word size:
/// the inverse of [BitUnpack].
///
/// Input: the 1024 values in block order (only their low `width` bits are kept). Output: the
/// block's `lanes × width` words, `packed[lanes × w + lane]` holding word `w` of lane `lane`'s bit
/// stream (see the package docs). The output words are overwritten, not OR-ed into.
///
/// As in [BitUnpack], the width is fixed for the block and each row is one pass over all lanes
/// with loop-invariant shifts: a fixed trip count of `lanes`, consecutive reads (a row is a run
/// of `lanes` block positions) and consecutive writes, which C2 can vectorise.
public final class BitPack {
    private BitPack() {}

    /// Packs 1024 `u8` values into `128 × width` bytes (width 0..8).
    public static void pack8(int width, byte[] in, byte[] packed) {
        pack8(width, in, packed, 0);
    }

    /// [#pack8(int, byte[], byte[])] writing the block's words at `packed[at..]`.
    public static void pack8(int width, byte[] in, byte[] packed, int at) {
        if (width == 0) {
            return;
        }
        if (width == 8) {
            for (int row = 0; row < 8; row++) {
                System.arraycopy(in, FastLanes.rowStart(row), packed, at + 128 * row, 128);
            }
            return;
        }
        Arrays.fill(packed, at, at + 128 * width, (byte) 0);
        int mask = (1 << width) - 1;
        for (int row = 0; row < 8; row++) {
            int bit = row * width;
            int dst = at + (bit >>> 3) * 128;
            int shift = bit & 7;
            int src = FastLanes.rowStart(row);
            if (shift + width <= 8) {
                row8(in, src, packed, dst, mask, shift);
            } else {
                splitRow8(in, src, packed, dst, mask, shift);
            }
        }
    }

    /// Packs 1024 `u16` values into `64 × width` words (width 0..16).
    public static void pack16(int width, short[] in, short[] packed) {
        pack16(width, in, packed, 0);
    }

    /// [#pack16(int, short[], short[])] writing the block's words at `packed[at..]`.
    public static void pack16(int width, short[] in, short[] packed, int at) {
        if (width == 0) {
            return;
        }
        if (width == 16) {
            for (int row = 0; row < 16; row++) {
                System.arraycopy(in, FastLanes.rowStart(row), packed, at + 64 * row, 64);
            }
            return;
        }
        Arrays.fill(packed, at, at + 64 * width, (short) 0);
        int mask = (1 << width) - 1;
        for (int row = 0; row < 16; row++) {
            int bit = row * width;
            int dst = at + (bit >>> 4) * 64;
            int shift = bit & 15;
            int src = FastLanes.rowStart(row);
            if (shift + width <= 16) {
                row16(in, src, packed, dst, mask, shift);
            } else {
                splitRow16(in, src, packed, dst, mask, shift);
            }
        }
    }

    /// Packs 1024 `u32` values into `32 × width` words (width 0..32).
    public static void pack32(int width, int[] in, int[] packed) {
        pack32(width, in, packed, 0);
    }

    /// [#pack32(int, int[], int[])] writing the block's words at `packed[at..]`.
    public static void pack32(int width, int[] in, int[] packed, int at) {
        if (width == 0) {
            return;
        }
        if (width == 32) {
            for (int row = 0; row < 32; row++) {
                System.arraycopy(in, FastLanes.rowStart(row), packed, at + 32 * row, 32);
            }
            return;
        }
        Arrays.fill(packed, at, at + 32 * width, 0);
        int mask = (1 << width) - 1;
        for (int row = 0; row < 32; row++) {
            int bit = row * width;
            int dst = at + (bit >>> 5) * 32;
            int shift = bit & 31;
            int src = FastLanes.rowStart(row);
            if (shift + width <= 32) {
                row32(in, src, packed, dst, mask, shift);
            } else {
                splitRow32(in, src, packed, dst, mask, shift);
            }
        }
    }

    /// Packs 1024 `u64` values into `16 × width` words (width 0..64).
    public static void pack64(int width, long[] in, long[] packed) {
        pack64(width, in, packed, 0);
    }

    /// [#pack64(int, long[], long[])] writing the block's words at `packed[at..]`.
    public static void pack64(int width, long[] in, long[] packed, int at) {
        if (width == 0) {
            return;
        }
        if (width == 64) {
            for (int row = 0; row < 64; row++) {
                System.arraycopy(in, FastLanes.rowStart(row), packed, at + 16 * row, 16);
            }
            return;
        }
        Arrays.fill(packed, at, at + 16 * width, 0L);
        long mask = (1L << width) - 1;
        for (int row = 0; row < 64; row++) {
            int bit = row * width;
            int dst = at + (bit >>> 6) * 16;
            int shift = bit & 63;
            int src = FastLanes.rowStart(row);
            if (shift + width <= 64) {
                row64(in, src, packed, dst, mask, shift);
            } else {
                splitRow64(in, src, packed, dst, mask, shift);
            }
        }
    }

    /// ORs the `128` values of `in[src..]`, masked and shifted up by `shift`, into `packed[dst..]`
    /// (a row that fits in one word per lane). Each row loop is its own small method: compiled
    /// once on its own instead of on-stack at each loop of the block method, then again whole.
    private static void row8(byte[] in, int src, byte[] packed, int dst, int mask, int shift) {
        for (int lane = 0; lane < 128; lane++) {
            packed[dst + lane] |= (byte) ((in[src + lane] & mask) << shift);
        }
    }

    /// [#row8] for a row that straddles two words per lane: the high bits start the next word.
    private static void splitRow8(byte[] in, int src, byte[] packed, int dst, int mask, int shift) {
        int next = dst + 128;
        int down = 8 - shift;
        for (int lane = 0; lane < 128; lane++) {
            int v = in[src + lane] & mask;
            packed[dst + lane] |= (byte) (v << shift);
            packed[next + lane] = (byte) (v >>> down);
        }
    }

    /// ORs the `64` values of `in[src..]`, masked and shifted up by `shift`, into `packed[dst..]`
    /// (a row that fits in one word per lane). Each row loop is its own small method: compiled
    /// once on its own instead of on-stack at each loop of the block method, then again whole.
    private static void row16(short[] in, int src, short[] packed, int dst, int mask, int shift) {
        for (int lane = 0; lane < 64; lane++) {
            packed[dst + lane] |= (short) ((in[src + lane] & mask) << shift);
        }
    }

    /// [#row16] for a row that straddles two words per lane: the high bits start the next word.
    private static void splitRow16(short[] in, int src, short[] packed, int dst, int mask, int shift) {
        int next = dst + 64;
        int down = 16 - shift;
        for (int lane = 0; lane < 64; lane++) {
            int v = in[src + lane] & mask;
            packed[dst + lane] |= (short) (v << shift);
            packed[next + lane] = (short) (v >>> down);
        }
    }

    /// ORs the `32` values of `in[src..]`, masked and shifted up by `shift`, into `packed[dst..]`
    /// (a row that fits in one word per lane). Each row loop is its own small method: compiled
    /// once on its own instead of on-stack at each loop of the block method, then again whole.
    private static void row32(int[] in, int src, int[] packed, int dst, int mask, int shift) {
        for (int lane = 0; lane < 32; lane++) {
            packed[dst + lane] |= (in[src + lane] & mask) << shift;
        }
    }

    /// [#row32] for a row that straddles two words per lane: the high bits start the next word.
    private static void splitRow32(int[] in, int src, int[] packed, int dst, int mask, int shift) {
        int next = dst + 32;
        int down = 32 - shift;
        for (int lane = 0; lane < 32; lane++) {
            int v = in[src + lane] & mask;
            packed[dst + lane] |= v << shift;
            packed[next + lane] = v >>> down;
        }
    }

    /// ORs the `16` values of `in[src..]`, masked and shifted up by `shift`, into `packed[dst..]`
    /// (a row that fits in one word per lane). Each row loop is its own small method: compiled
    /// once on its own instead of on-stack at each loop of the block method, then again whole.
    private static void row64(long[] in, int src, long[] packed, int dst, long mask, int shift) {
        for (int lane = 0; lane < 16; lane++) {
            packed[dst + lane] |= (in[src + lane] & mask) << shift;
        }
    }

    /// [#row64] for a row that straddles two words per lane: the high bits start the next word.
    private static void splitRow64(long[] in, int src, long[] packed, int dst, long mask, int shift) {
        int next = dst + 16;
        int down = 64 - shift;
        for (int lane = 0; lane < 16; lane++) {
            long v = in[src + lane] & mask;
            packed[dst + lane] |= v << shift;
            packed[next + lane] = v >>> down;
        }
    }
}
