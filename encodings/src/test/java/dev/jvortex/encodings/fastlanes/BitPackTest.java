package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The packing kernels against the bit-by-bit packer of the tests ([ReferenceFastLanes]) and
/// against the unpacking kernels, at every width of every word size.
class BitPackTest {
    private static final long SEED = 0x5eedL;

    @Test
    void pack8MatchesReferenceAndUnpacks() {
        Random random = new Random(SEED);
        for (int width = 0; width <= 8; width++) {
            long[] block = randomBlock(random, width);
            byte[] in = new byte[1024];
            for (int i = 0; i < 1024; i++) {
                in[i] = (byte) (block[i] | (random.nextBoolean() ? 0 : 0x80L << width)); // junk above the width
            }
            byte[] packed = new byte[128 * width];
            BitPack.pack8(width, in, packed);
            long[] want = ReferenceFastLanes.packBlock(block, width, 8);
            long[] got = new long[packed.length];
            for (int i = 0; i < packed.length; i++) {
                got[i] = packed[i] & 0xFF;
            }
            assertArrayEquals(want, got, "width " + width + ", seed " + SEED);
            byte[] out = new byte[1024];
            BitUnpack.unpack8(width, packed, out);
            for (int i = 0; i < 1024; i++) {
                assertEqualsAt(block[i], out[i] & 0xFFL, width, i);
            }
        }
    }

    @Test
    void pack16MatchesReferenceAndUnpacks() {
        Random random = new Random(SEED);
        for (int width = 0; width <= 16; width++) {
            long[] block = randomBlock(random, width);
            short[] in = new short[1024];
            for (int i = 0; i < 1024; i++) {
                in[i] = (short) (block[i] | (width < 16 && random.nextBoolean() ? 1L << width : 0));
            }
            short[] packed = new short[64 * width];
            BitPack.pack16(width, in, packed);
            long[] want = ReferenceFastLanes.packBlock(block, width, 16);
            long[] got = new long[packed.length];
            for (int i = 0; i < packed.length; i++) {
                got[i] = packed[i] & 0xFFFF;
            }
            assertArrayEquals(want, got, "width " + width + ", seed " + SEED);
            short[] out = new short[1024];
            BitUnpack.unpack16(width, packed, out);
            for (int i = 0; i < 1024; i++) {
                assertEqualsAt(block[i], out[i] & 0xFFFFL, width, i);
            }
        }
    }

    @Test
    void pack32MatchesReferenceAndUnpacks() {
        Random random = new Random(SEED);
        for (int width = 0; width <= 32; width++) {
            long[] block = randomBlock(random, width);
            int[] in = new int[1024];
            for (int i = 0; i < 1024; i++) {
                in[i] = (int) (block[i] | (width < 32 && random.nextBoolean() ? 1L << width : 0));
            }
            int[] packed = new int[32 * width];
            BitPack.pack32(width, in, packed);
            long[] want = ReferenceFastLanes.packBlock(block, width, 32);
            long[] got = new long[packed.length];
            for (int i = 0; i < packed.length; i++) {
                got[i] = packed[i] & 0xFFFFFFFFL;
            }
            assertArrayEquals(want, got, "width " + width + ", seed " + SEED);
            int[] out = new int[1024];
            BitUnpack.unpack32(width, packed, out);
            for (int i = 0; i < 1024; i++) {
                assertEqualsAt(block[i], out[i] & 0xFFFFFFFFL, width, i);
            }
        }
    }

    @Test
    void pack64MatchesReferenceAndUnpacks() {
        Random random = new Random(SEED);
        for (int width = 0; width <= 64; width++) {
            long[] block = randomBlock(random, width);
            long[] in = new long[1024];
            for (int i = 0; i < 1024; i++) {
                in[i] = block[i] | (width < 64 && random.nextBoolean() ? 1L << width : 0);
            }
            long[] packed = new long[16 * width];
            BitPack.pack64(width, in, packed);
            assertArrayEquals(
                    ReferenceFastLanes.packBlock(block, width, 64), packed, "width " + width + ", seed " + SEED);
            long[] out = new long[1024];
            BitUnpack.unpack64(width, packed, out);
            for (int i = 0; i < 1024; i++) {
                assertEqualsAt(block[i], out[i], width, i);
            }
        }
    }

    @Test
    void unpackWordsMatchesTheReferencePackerForEveryTypeAndWidth() {
        Random random = new Random(SEED);
        for (int typeBits : new int[] {8, 16, 32, 64}) {
            int bytes = typeBits / 8;
            long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
            for (int width = 0; width <= typeBits; width++) {
                long[] block = randomBlock(random, width);
                // The reference's packed words (typeBits wide), laid out as little-endian bytes, read as longs.
                long[] words = ReferenceFastLanes.packBlock(block, width, typeBits);
                ByteBuffer buf = ByteBuffer.allocate(words.length * bytes).order(ByteOrder.LITTLE_ENDIAN);
                for (long w : words) {
                    switch (bytes) {
                        case 1 -> buf.put((byte) w);
                        case 2 -> buf.putShort((short) w);
                        case 4 -> buf.putInt((int) w);
                        default -> buf.putLong(w);
                    }
                }
                buf.flip();
                long[] packed = new long[16 * width];
                buf.asLongBuffer().get(packed);
                long[] out = new long[16 * typeBits];
                java.util.Arrays.fill(out, -1L); // every output long must be written
                BitUnpack.unpackWords(typeBits, width, packed, out);
                int perLong = 64 / typeBits;
                for (int i = 0; i < 1024; i++) {
                    long got = (out[i / perLong] >>> (i % perLong * typeBits)) & typeMask;
                    if (got != block[i]) {
                        throw new AssertionError("u" + typeBits + " width " + width + ", position " + i + ": expected "
                                + block[i] + " but was " + got);
                    }
                }
            }
        }
    }

    /// The offset overloads write exactly the block's words at `at`, the same words as at 0, and
    /// leave the words around them alone (the encoder packs every block into one array).
    @Test
    void packAtOffsetWritesOnlyTheBlocksWords() {
        Random random = new Random(SEED);
        for (int width = 0; width <= 32; width++) {
            long[] block = randomBlock(random, width);
            int at = 3 * 32 * width + 5;
            int[] in32 = new int[1024];
            for (int i = 0; i < 1024; i++) {
                in32[i] = (int) block[i];
            }
            int[] alone = new int[32 * width];
            BitPack.pack32(width, in32, alone);
            int[] shared = new int[at + 32 * width + 7];
            java.util.Arrays.fill(shared, 0x5A5A5A5A);
            BitPack.pack32(width, in32, shared, at);
            assertArrayEquals(alone, java.util.Arrays.copyOfRange(shared, at, at + 32 * width), "u32 width " + width);
            for (int i = 0; i < shared.length; i++) {
                if (i < at || i >= at + 32 * width) {
                    assertEqualsAt(0x5A5A5A5AL, shared[i], width, i);
                }
            }
            if (width <= 8) {
                byte[] in8 = new byte[1024];
                for (int i = 0; i < 1024; i++) {
                    in8[i] = (byte) block[i];
                }
                byte[] alone8 = new byte[128 * width];
                BitPack.pack8(width, in8, alone8);
                byte[] shared8 = new byte[130 + 128 * width + 3];
                java.util.Arrays.fill(shared8, (byte) 0x5A);
                BitPack.pack8(width, in8, shared8, 130);
                assertArrayEquals(
                        alone8, java.util.Arrays.copyOfRange(shared8, 130, 130 + 128 * width), "u8 width " + width);
                for (int i = 0; i < shared8.length; i++) {
                    if (i < 130 || i >= 130 + 128 * width) {
                        assertEqualsAt(0x5A, shared8[i], width, i);
                    }
                }
            }
        }
    }

    private static long[] randomBlock(Random random, int width) {
        long[] block = new long[1024];
        for (int i = 0; i < 1024; i++) {
            block[i] = width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        return block;
    }

    private static void assertEqualsAt(long want, long got, int width, int i) {
        if (want != got) {
            throw new AssertionError("width " + width + ", position " + i + ": expected " + want + " but was " + got);
        }
    }
}
