package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.PType;
import dev.jvortex.encodings.TestArrays;
import java.lang.foreign.MemorySegment;

/// Slow, obvious FastLanes encoders for tests, written from the layout description alone
/// (bit by bit), independent of the decoders under test.
final class ReferenceFastLanes {
    private ReferenceFastLanes() {}

    private static final int[] ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    /// Block position of cell (row, lane).
    static int index(int row, int lane) {
        return ORDER[row / 8] * 16 + (row % 8) * 128 + lane;
    }

    /// The transpose permutation of a block position.
    static int transpose(int i) {
        return (i % 16) * 64 + ORDER[(i / 16) % 8] * 8 + i / 128;
    }

    /// Bit-packs one block (1024 values, low `width` bits each) of a `typeBits`-bit type into words.
    static long[] packBlock(long[] block, int width, int typeBits) {
        int lanes = 1024 / typeBits;
        long[] words = new long[lanes * width];
        for (int lane = 0; lane < lanes; lane++) {
            for (int row = 0; row < typeBits; row++) {
                long v = block[index(row, lane)];
                for (int b = 0; b < width; b++) {
                    if (((v >>> b) & 1) != 0) {
                        int stream = row * width + b;
                        words[lanes * (stream / typeBits) + lane] |= 1L << (stream % typeBits);
                    }
                }
            }
        }
        return words;
    }

    /// Bit-packs packed positions `0 .. positions.length` (padded with zeros to whole blocks) into the
    /// little-endian byte buffer of `fastlanes.bitpacked`.
    static MemorySegment pack(long[] positions, int width, PType ptype) {
        int typeBits = ptype.bitWidth();
        int blocks = (positions.length + 1023) / 1024;
        int wordsPerBlock = 1024 / typeBits * width;
        long[] all = new long[blocks * wordsPerBlock];
        long[] block = new long[1024];
        for (int b = 0; b < blocks; b++) {
            java.util.Arrays.fill(block, 0);
            for (int j = 0; j < 1024 && b * 1024 + j < positions.length; j++) {
                block[j] = TestArrays.low(positions[b * 1024 + j], width);
            }
            System.arraycopy(packBlock(block, width, typeBits), 0, all, b * wordsPerBlock, wordsPerBlock);
        }
        return TestArrays.bytes(ptype.toUnsigned(), all);
    }
}
