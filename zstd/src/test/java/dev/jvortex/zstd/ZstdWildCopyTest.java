package dev.jvortex.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The sequence loop copies literals and matches in whole 8- and 16-byte chunks that may run past
/// the sequence's end. These inputs put literal runs, match lengths and offsets on both sides of
/// every chunk size, with the match as the last bytes of the frame (so the overshoot lands at the
/// very end of the output), and check every way of decompressing them.
class ZstdWildCopyTest {
    private static final int[] LITERALS = {0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100};
    private static final int[] PERIODS = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 200};
    private static final int[] MATCHES = {3, 4, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 300};

    /// `literals` random bytes, one random period of `period` bytes, then that period repeated
    /// until `match` more bytes are written, then `tail` random bytes.
    static byte[] input(Random rnd, int literals, int period, int match, int tail) {
        byte[] out = new byte[literals + period + match + tail];
        int p = 0;
        for (int i = 0; i < literals + period; i++) {
            out[p++] = (byte) rnd.nextInt(256);
        }
        for (int i = 0; i < match; i++, p++) {
            out[p] = out[p - period];
        }
        for (int i = 0; i < tail; i++) {
            out[p++] = (byte) rnd.nextInt(256);
        }
        return out;
    }

    @Test
    void copiesEndingAtTheFrameEnd() {
        Random rnd = new Random(20261201);
        ZstdCompressor compressor = new ZstdCompressor();
        ZstdDecompressor reused = new ZstdDecompressor();
        try (Arena arena = Arena.ofConfined()) {
            for (int literals : LITERALS) {
                for (int period : PERIODS) {
                    for (int match : MATCHES) {
                        for (int tail : new int[] {0, 5}) {
                            byte[] data = input(rnd, literals, period, match, tail);
                            byte[] frame = compressor.compress(data, 0, data.length);
                            String what =
                                    literals + " literals, period " + period + ", match " + match + ", tail " + tail;
                            check(arena, reused, data, frame, what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void manySequencesWithShortRunsAndOffsets() {
        // Text-like rows: short literal runs between matches at short and long distances.
        Random rnd = new Random(7);
        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
        ZstdCompressor compressor = new ZstdCompressor();
        ZstdDecompressor reused = new ZstdDecompressor();
        try (Arena arena = Arena.ofConfined()) {
            for (int size : new int[] {1, 100, 4000, 140_000, 300_000}) {
                StringBuilder sb = new StringBuilder();
                while (sb.length() < size) {
                    sb.append(words[rnd.nextInt(8)])
                            .append('-')
                            .append(words[rnd.nextInt(8)])
                            .append(" order ")
                            .append(rnd.nextInt(100_000))
                            .append(" shipped ")
                            .append("ab".repeat(rnd.nextInt(20)));
                }
                byte[] data = sb.substring(0, size).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                check(arena, reused, data, compressor.compress(data, 0, data.length), "text of " + size);
            }
        }
    }

    @Test
    void appendGathersFramesWithoutSharingHistory() {
        Random rnd = new Random(3);
        ZstdCompressor compressor = new ZstdCompressor();
        ZstdDecompressor d = new ZstdDecompressor();
        d.clearOutput();
        byte[][] parts = new byte[20][];
        int total = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < parts.length; i++) {
                parts[i] = input(rnd, rnd.nextInt(40), 1 + rnd.nextInt(40), 3 + rnd.nextInt(80), rnd.nextInt(3));
                byte[] frame = compressor.compress(parts[i], 0, parts[i].length);
                MemorySegment src = arena.allocate(frame.length);
                MemorySegment.copy(frame, 0, src, ValueLayout.JAVA_BYTE, 0, frame.length);
                assertEquals(parts[i].length, d.append(src, parts[i].length));
                total += parts[i].length;
                assertEquals(total, d.outputSize());
            }
        }
        int at = 0;
        for (byte[] part : parts) {
            byte[] got = java.util.Arrays.copyOfRange(d.output(), at, at + part.length);
            assertArrayEquals(part, got);
            at += part.length;
        }
    }

    private static void check(Arena arena, ZstdDecompressor reused, byte[] data, byte[] frame, String what) {
        assertArrayEquals(data, new ZstdDecompressor().decompress(frame, data.length), what);
        assertArrayEquals(data, reused.decompress(frame, data.length), what + " (reused)");
        MemorySegment src = arena.allocate(frame.length);
        MemorySegment.copy(frame, 0, src, ValueLayout.JAVA_BYTE, 0, frame.length);
        MemorySegment dst = arena.allocate(data.length + 64L);
        dst.fill((byte) 0x5A);
        assertEquals(data.length, reused.decompress(src, dst.asSlice(0, data.length)), what);
        assertArrayEquals(data, dst.asSlice(0, data.length).toArray(ValueLayout.JAVA_BYTE), what + " (segment)");
        for (long i = data.length; i < dst.byteSize(); i++) {
            assertEquals((byte) 0x5A, dst.get(ValueLayout.JAVA_BYTE, i), what + ": byte after the output changed");
        }
    }
}
