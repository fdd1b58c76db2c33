package dev.jvortex.encodings.fastlanes;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Unpacks one FastLanes block of 1024 values from `width`-bit fields, one method per word size.
///
/// Input: the block's `lanes × width` packed words (`packed[lanes × w + lane]` is word `w` of
/// lane `lane`). Output: the 1024 values in block order, zero-extended to the word size.
///
/// The width is fixed for a whole block, so each method does its width checks once and then
/// walks the rows. Every row is one shift (and, when the field straddles two words, a second
/// shift and an OR) applied to all lanes: the inner loop has a fixed trip count of `lanes`,
/// loop-invariant shifts and masks, reads consecutive words and writes consecutive positions
/// (a row is a run of `lanes` block positions). The width is still a runtime value here.
///
/// C2 (JDK 25) does not vectorise these loops (input and output are arrays of the same type at
/// unrelated offsets, which it cannot prove do not overlap), so they handle a similar number of
/// words per second whatever the word size: in `KernelBenchmark` the byte kernel decodes 4 to 8 times fewer
/// bytes per second than the long one. [#unpackWords] therefore works on `long`s holding several
/// narrow values each, which is what the scalar decoder path uses for every type. When
/// [Simd#ready] the byte kernel (below the full width) hands its arrays to [VectorUnpack]
/// instead (for `short[]`, `int[]` and `long[]` the Vector API's access to array-backed segments
/// measured slower than these loops); `unpackWords` itself stays scalar.
public final class BitUnpack {
    private BitUnpack() {}

    /// Unpacks 1024 values of a `typeBits`-bit type (8, 16, 32 or 64) of `width` bits
    /// (0..typeBits), handling `64 / typeBits` values per `long` operation.
    ///
    /// `packed` holds the block's `128 × width` packed bytes read as little-endian longs
    /// (`16 × width` of them); `out` receives the block's `128 × typeBits` value bytes, also as
    /// little-endian longs (`16 × typeBits`). A row of any type is 128 bytes, 16 longs, so every
    /// row is 16 long operations: a shift moves all values of a long at once, and a mask
    /// replicated per value drops the bits that crossed from a neighbouring value.
    public static void unpackWords(int typeBits, int width, long[] packed, long[] out) {
        int outLongs = 16 * typeBits;
        if (width == 0) {
            Arrays.fill(out, 0, outLongs, 0L);
            return;
        }
        long ones = ones(typeBits);
        int perLong = 64 / typeBits;
        if (width == typeBits) {
            // Stored as they are: every row is one packed word per lane.
            for (int row = 0; row < typeBits; row++) {
                System.arraycopy(packed, 16 * row, out, FastLanes.rowStart(row) / perLong, 16);
            }
            return;
        }
        long mask = ((1L << width) - 1) * ones;
        int log = Integer.numberOfTrailingZeros(typeBits);
        for (int row = 0; row < typeBits; row++) {
            int bit = row * width;
            // typeBits is a power of two: shifts, not divisions (64 rows per u64 block).
            int src = (bit >>> log) * 16;
            int shift = bit & (typeBits - 1);
            int dst = FastLanes.rowStart(row) / perLong;
            if (shift + width <= typeBits) {
                for (int k = 0; k < 16; k++) {
                    out[dst + k] = (packed[src + k] >>> shift) & mask;
                }
            } else {
                int next = src + 16;
                int up = typeBits - shift;
                long low = ((1L << up) - 1) * ones;
                long high = mask & ~low;
                for (int k = 0; k < 16; k++) {
                    out[dst + k] = ((packed[src + k] >>> shift) & low) | ((packed[next + k] << up) & high);
                }
            }
        }
    }

    /// Returns a long with one bit at the bottom of every `typeBits`-bit value it holds.
    static long ones(int typeBits) {
        return switch (typeBits) {
            case 8 -> 0x0101_0101_0101_0101L;
            case 16 -> 0x0001_0001_0001_0001L;
            case 32 -> 0x0000_0001_0000_0001L;
            default -> 1L;
        };
    }

    /// Adds `reference` to every `typeBits`-bit value held in `words[0, n)` (as [#unpackWords]
    /// lays them out), wrapping in the value's width: no carry crosses into the next value.
    static void addWords(int typeBits, long[] words, int n, long reference) {
        if (reference == 0) {
            return;
        }
        if (typeBits == 64) {
            for (int i = 0; i < n; i++) {
                words[i] += reference;
            }
            return;
        }
        long ones = ones(typeBits);
        long top = ones << (typeBits - 1);
        long r = (reference & ((1L << typeBits) - 1)) * ones;
        long rLow = r & ~top;
        for (int i = 0; i < n; i++) {
            long x = words[i];
            // Add without each value's top bit (no carry can leave the value), then set the top bit
            // to the sum of both top bits and the carry into it.
            words[i] = ((x & ~top) + rLow) ^ ((x ^ r) & top);
        }
    }

    /// Unpacks 1024 `u8` values of `width` bits (0..8) from `128 × width` bytes.
    public static void unpack8(int width, byte[] packed, byte[] out) {
        unpack8(width, packed, out, Simd.ready());
    }

    /// [#unpack8(int, byte[], byte[])] on the vector path ([VectorUnpack], only when `vector` and
    /// [Simd#ENABLED]) or the scalar one; package-private so tests can run both.
    static void unpack8(int width, byte[] packed, byte[] out, boolean vector) {
        if (vector && width > 0 && width < 8 && Simd.ENABLED) {
            VectorUnpack.block(8, width, MemorySegment.ofArray(packed), 0, MemorySegment.ofArray(out), 0, 1, 0);
            return;
        }
        if (width == 0) {
            Arrays.fill(out, 0, FastLanes.BLOCK, (byte) 0);
            return;
        }
        if (width == 8) {
            for (int row = 0; row < 8; row++) {
                System.arraycopy(packed, 128 * row, out, FastLanes.rowStart(row), 128);
            }
            return;
        }
        int mask = (1 << width) - 1;
        for (int row = 0; row < 8; row++) {
            int bit = row * width;
            int src = (bit >>> 3) * 128;
            int shift = bit & 7;
            int dst = FastLanes.rowStart(row);
            if (shift + width <= 8) {
                for (int lane = 0; lane < 128; lane++) {
                    out[dst + lane] = (byte) (((packed[src + lane] & 0xFF) >>> shift) & mask);
                }
            } else {
                int next = src + 128;
                int up = 8 - shift;
                for (int lane = 0; lane < 128; lane++) {
                    out[dst + lane] =
                            (byte) ((((packed[src + lane] & 0xFF) >>> shift) | (packed[next + lane] << up)) & mask);
                }
            }
        }
    }

    /// Unpacks 1024 `u16` values of `width` bits (0..16) from `64 × width` words.
    public static void unpack16(int width, short[] packed, short[] out) {
        if (width == 0) {
            Arrays.fill(out, 0, FastLanes.BLOCK, (short) 0);
            return;
        }
        if (width == 16) {
            for (int row = 0; row < 16; row++) {
                System.arraycopy(packed, 64 * row, out, FastLanes.rowStart(row), 64);
            }
            return;
        }
        int mask = (1 << width) - 1;
        for (int row = 0; row < 16; row++) {
            int bit = row * width;
            int src = (bit >>> 4) * 64;
            int shift = bit & 15;
            int dst = FastLanes.rowStart(row);
            if (shift + width <= 16) {
                for (int lane = 0; lane < 64; lane++) {
                    out[dst + lane] = (short) (((packed[src + lane] & 0xFFFF) >>> shift) & mask);
                }
            } else {
                int next = src + 64;
                int up = 16 - shift;
                for (int lane = 0; lane < 64; lane++) {
                    out[dst + lane] =
                            (short) ((((packed[src + lane] & 0xFFFF) >>> shift) | (packed[next + lane] << up)) & mask);
                }
            }
        }
    }

    /// Unpacks 1024 `u32` values of `width` bits (0..32) from `32 × width` words.
    public static void unpack32(int width, int[] packed, int[] out) {
        if (width == 0) {
            Arrays.fill(out, 0, FastLanes.BLOCK, 0);
            return;
        }
        if (width == 32) {
            for (int row = 0; row < 32; row++) {
                System.arraycopy(packed, 32 * row, out, FastLanes.rowStart(row), 32);
            }
            return;
        }
        int mask = (1 << width) - 1;
        for (int row = 0; row < 32; row++) {
            int bit = row * width;
            int src = (bit >>> 5) * 32;
            int shift = bit & 31;
            int dst = FastLanes.rowStart(row);
            if (shift + width <= 32) {
                for (int lane = 0; lane < 32; lane++) {
                    out[dst + lane] = (packed[src + lane] >>> shift) & mask;
                }
            } else {
                int next = src + 32;
                int up = 32 - shift;
                for (int lane = 0; lane < 32; lane++) {
                    out[dst + lane] = ((packed[src + lane] >>> shift) | (packed[next + lane] << up)) & mask;
                }
            }
        }
    }

    /// Unpacks 1024 `u64` values of `width` bits (0..64) from `16 × width` words.
    public static void unpack64(int width, long[] packed, long[] out) {
        if (width == 0) {
            Arrays.fill(out, 0, FastLanes.BLOCK, 0L);
            return;
        }
        if (width == 64) {
            for (int row = 0; row < 64; row++) {
                System.arraycopy(packed, 16 * row, out, FastLanes.rowStart(row), 16);
            }
            return;
        }
        long mask = (1L << width) - 1;
        for (int row = 0; row < 64; row++) {
            int bit = row * width;
            int src = (bit >>> 6) * 16;
            int shift = bit & 63;
            int dst = FastLanes.rowStart(row);
            if (shift + width <= 64) {
                for (int lane = 0; lane < 16; lane++) {
                    out[dst + lane] = (packed[src + lane] >>> shift) & mask;
                }
            } else {
                int next = src + 16;
                int up = 64 - shift;
                for (int lane = 0; lane < 16; lane++) {
                    out[dst + lane] = ((packed[src + lane] >>> shift) | (packed[next + lane] << up)) & mask;
                }
            }
        }
    }
}
