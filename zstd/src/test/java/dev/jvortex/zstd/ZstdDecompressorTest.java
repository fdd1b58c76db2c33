package dev.jvortex.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ZstdDecompressorTest {
    static Stream<ZstdFixtures.Entry> fixtures() {
        return ZstdFixtures.manifest().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void decompressesFixture(ZstdFixtures.Entry e) {
        byte[] out = new ZstdDecompressor(e.dictionary()).decompress(e.frame(), e.length());
        assertEquals(e.length(), out.length, e.description());
        assertTrue(e.matches(out), "content differs: " + e.description());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void decompressesIntoNativeSegmentOfExactSize(ZstdFixtures.Entry e) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(Math.max(1, e.frame().length));
            MemorySegment.copy(MemorySegment.ofArray(e.frame()), 0, src, 0, e.frame().length);
            MemorySegment dst = arena.allocate(Math.max(1, e.length()) + 16);
            // Bytes after the expected output must stay untouched.
            dst.fill((byte) 0x5A);
            long n = new ZstdDecompressor(e.dictionary())
                    .decompress(src.asSlice(0, e.frame().length), dst.asSlice(0, e.length()));
            assertEquals(e.length(), n);
            assertTrue(e.matches(dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE)));
            for (long i = e.length(); i < dst.byteSize(); i++) {
                assertEquals((byte) 0x5A, dst.get(ValueLayout.JAVA_BYTE, i));
            }
        }
    }

    @Test
    void reusesOneInstanceAcrossFrames() {
        ZstdDecompressor d = new ZstdDecompressor();
        for (String name : List.of("large-l19.zst", "tiny.zst", "text-l-5.zst", "large-window17.zst", "empty.zst")) {
            ZstdFixtures.Entry e = ZstdFixtures.entry(name);
            assertTrue(e.matches(d.decompress(e.frame(), e.length())), name);
        }
    }

    @Test
    void rejectsOutputLargerThanExpected() {
        for (String name :
                List.of("text-l3.zst", "text-l19-nosize.zst", "zeros.zst", "random.zst", "concatenated.zst")) {
            ZstdFixtures.Entry e = ZstdFixtures.entry(name);
            ZstdException ex = assertThrows(
                    ZstdException.class, () -> new ZstdDecompressor().decompress(e.frame(), e.length() - 1), name);
            assertTrue(ex.getMessage().contains("expected") || ex.getMessage().contains("limit"), ex.getMessage());
        }
    }

    @Test
    void needsTheRightDictionary() {
        ZstdFixtures.Entry e = ZstdFixtures.entry("dict-trained-l3.zst");
        ZstdException missing =
                assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(e.frame(), e.length()));
        assertTrue(missing.getMessage().contains("dictionary"), missing.getMessage());
        ZstdDictionary other = ZstdDictionary.parse(ZstdFixtures.resource("vortex/strings-dict.dict"));
        assertThrows(ZstdException.class, () -> new ZstdDecompressor(other).decompress(e.frame(), e.length()));
        ZstdDictionary trained = e.dictionary();
        assertTrue(trained.id() != 0 && trained.contentSize() > 0);
        assertEquals(
                0, ZstdDictionary.parse(ZstdFixtures.resource("dict-raw.dict")).id());
    }

    @Test
    void xxHash64KnownValues() {
        assertEquals(0xEF46DB3751D8E999L, XxHash64.hash(new byte[0], 0, 0, 0));
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0x44BC2CF5AD770999L, XxHash64.hash(abc, 0, 3, 0));
    }

    @Test
    void rejectsGarbage() {
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(new byte[0], 10));
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(new byte[] {1, 2, 3, 4, 5}, 10));
        // A frame claiming 2^63 bytes of content.
        byte[] huge = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xE0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80, 1, 0, 0};
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(huge, Integer.MAX_VALUE));
        // A 4-byte content size of 1 GiB in front of a 3-byte empty block is refused before allocating.
        byte[] gig = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xA0, 0, 0, 0, 0x40, 1, 0, 0};
        ZstdException e =
                assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(gig, Integer.MAX_VALUE));
        assertTrue(e.getMessage().contains("cannot come from"), e.getMessage());
    }

    // ---------------------------------------------------------------- corruption

    static Stream<String> corruptible() {
        return Stream.of(
                "text-l3-checksum.zst",
                "text-l-5.zst",
                "text-l22.zst",
                "large-window17.zst",
                "mixed-l3.zst",
                "mixed-l22.zst",
                "zeros.zst",
                "abc-repeat.zst",
                "concatenated.zst",
                "dict-trained-l19-checksum.zst",
                "dict-trained-noid.zst",
                "dict-raw-l3.zst",
                "random-l19-checksum.zst",
                "vortex/strings-0.zst",
                "vortex/strings-dict-03.zst",
                "corpus/05.zst",
                "corpus/12.zst",
                "corpus/40.zst");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptible")
    void truncationFailsCleanly(String name) {
        ZstdFixtures.Entry e = ZstdFixtures.entry(name);
        byte[] frame = e.frame();
        ZstdDecompressor d = new ZstdDecompressor(e.dictionary());
        int step = Math.max(1, frame.length / 400);
        for (int cut = 0; cut < frame.length; cut++) {
            if (cut > 64 && cut < frame.length - 64 && cut % step != 0) {
                continue;
            }
            byte[] prefix = Arrays.copyOf(frame, cut);
            expectCleanOutcome(d, prefix, e, "cut at " + cut);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptible")
    void bitFlipsFailCleanly(String name) {
        ZstdFixtures.Entry e = ZstdFixtures.entry(name);
        byte[] frame = e.frame();
        ZstdDecompressor d = new ZstdDecompressor(e.dictionary());
        long seed = name.hashCode() * 31L + 7;
        java.util.Random random = new java.util.Random(seed);
        int detected = 0;
        int trials = 600;
        for (int t = 0; t < trials; t++) {
            byte[] damaged = frame.clone();
            int flips = 1 + random.nextInt(3);
            StringBuilder what = new StringBuilder("seed " + seed + " trial " + t + ":");
            for (int k = 0; k < flips; k++) {
                int at = random.nextInt(damaged.length);
                int bit = random.nextInt(8);
                damaged[at] ^= (byte) (1 << bit);
                what.append(' ').append(at).append('.').append(bit);
            }
            if (!expectCleanOutcome(d, damaged, e, what.toString())) {
                detected++;
            }
        }
        assertTrue(detected > 0, "no bit flip was detected");
    }

    /// Decompresses `input`; returns true on success. Anything but success or a ZstdException fails the test.
    private static boolean expectCleanOutcome(ZstdDecompressor d, byte[] input, ZstdFixtures.Entry e, String what) {
        try {
            d.decompress(input, e.length());
            return true;
        } catch (ZstdException ex) {
            assertTrue(!ex.getMessage().contains("escaped a bounds check"), what + ": " + ex.getMessage());
            return false;
        } catch (RuntimeException | Error ex) {
            throw new AssertionError(e.name() + " " + what + ": " + ex, ex);
        }
    }

    @Test
    void throughputOnLargeFixture() {
        for (String name : List.of("large-l3.zst", "large-l19.zst", "text-l3.zst", "mixed-l3.zst")) {
            ZstdFixtures.Entry e = ZstdFixtures.entry(name);
            ZstdDecompressor d = new ZstdDecompressor();
            byte[] frame = e.frame();
            byte[] out = null;
            long bytes = 0;
            long start = System.nanoTime();
            long warm = start + 300_000_000L;
            while (System.nanoTime() < warm) {
                out = d.decompress(frame, e.length());
            }
            start = System.nanoTime();
            long stop = start + 400_000_000L;
            int iterations = 0;
            while (System.nanoTime() < stop) {
                out = d.decompress(frame, e.length());
                bytes += out.length;
                iterations++;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "zstd decode %s: %d iterations, %.0f MB/s (informal; shares the test JVM)%n",
                    name,
                    iterations,
                    bytes / seconds / 1e6);
            assertTrue(e.matches(out));
        }
    }

    @Test
    void decodesRleLiteralsAndRleSequenceTables() {
        // libzstd rarely picks these for the fixtures above, so this frame is built by hand (RFC 8878).
        byte[] frame = {
            0x28,
            (byte) 0xB5,
            0x2F,
            (byte) 0xFD, // magic
            0x20,
            22, // single segment, 1-byte content size: 22
            0x40,
            0,
            0,
            'a',
            'b',
            'c',
            'd',
            'e',
            'f',
            'g',
            'h', // raw block of 8 bytes
            0x45,
            0,
            0, // last block, compressed, 8 bytes
            0x21,
            'x', // RLE literals: 4 times 'x'
            2,
            0x54,
            2,
            2,
            2, // 2 sequences; literal length, offset and match length tables in RLE mode, code 2 each
            0x1F // offset extra bits 11 and 11 (offset value 7: offset 4), then the end marker
        };
        StringBuilder expected = new StringBuilder("abcdefgh");
        for (int s = 0; s < 2; s++) {
            expected.append("xx"); // literal length code 2
            for (int k = 0; k < 5; k++) { // match length code 2 is 5, offset 4: overlapping copy
                expected.append(expected.charAt(expected.length() - 4));
            }
        }
        byte[] out = new ZstdDecompressor().decompress(frame, 100);
        assertEquals(expected.toString(), new String(out, StandardCharsets.US_ASCII));
        // The same block with a lying content size, and with one sequence too many.
        byte[] lying = frame.clone();
        lying[5] = 21;
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(lying, 100));
        byte[] extra = frame.clone();
        extra[20] = 3;
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(extra, 100));
    }

    @Test
    void overlappingMatchesRepeatThePattern() {
        byte[] expect = "abcabcabcabcabca".getBytes(StandardCharsets.US_ASCII);
        ZstdFixtures.Entry e = ZstdFixtures.entry("abc-repeat.zst");
        byte[] out = new ZstdDecompressor().decompress(e.frame(), e.length());
        assertArrayEquals(expect, Arrays.copyOf(out, expect.length));
    }
}
