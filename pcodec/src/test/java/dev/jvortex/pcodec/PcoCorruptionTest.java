package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// Damaged pco streams end in a [PcoException] (or, for a flip that happens to leave a valid
/// stream, in a clean decode), never in another exception, a huge allocation or a hang.
class PcoCorruptionTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    static Stream<PcoVectors.Vector> vectors() {
        return PcoVectors.all().stream();
    }

    /// Decodes chunk `chunk` of `v` with its meta replaced by `meta` (null keeps it): every page,
    /// or only page `page` (when >= 0) with bytes `pageBytes` and count `pageN`.
    private static void decode(PcoVectors.Vector v, int chunk, byte[] meta, int page, byte[] pageBytes, int pageN) {
        PcoVectors.Chunk ch = v.chunks().get(chunk);
        PcoChunkDecoder decoder =
                PcoDecoder.open(v.header()).chunk(v.ptype(), MemorySegment.ofArray(meta != null ? meta : ch.meta()));
        for (int p = 0; p < ch.pages().size(); p++) {
            if (page >= 0 && p != page) {
                continue;
            }
            PcoVectors.Page pg = ch.pages().get(p);
            byte[] bytes = p == page ? pageBytes : pg.bytes();
            int n = p == page ? pageN : pg.n();
            byte[] out = new byte[n * v.ptype().byteWidth()];
            decoder.decodePage(MemorySegment.ofArray(bytes), n, MemorySegment.ofArray(out), 0);
        }
    }

    /// Runs `action`; a [PcoException] or success is fine, anything else fails the test.
    private static void cleanly(String what, Runnable action) {
        try {
            action.run();
        } catch (PcoException e) {
            // expected for most damage
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t, t);
        }
    }

    private static int[] cuts(int length) {
        TreeSet<Integer> out = new TreeSet<>(List.of(0, 1, length / 3, length / 2, length - 2, length - 1));
        out.removeIf(c -> c < 0 || c >= length);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void truncatedComponentsAreCorrupt(PcoVectors.Vector v) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int c = 0; c < Math.min(2, v.chunks().size()); c++) {
                PcoVectors.Chunk ch = v.chunks().get(c);
                for (int cut : cuts(ch.meta().length)) {
                    byte[] meta = Arrays.copyOf(ch.meta(), cut);
                    int chunk = c;
                    assertThrows(
                            PcoException.class,
                            () -> decode(v, chunk, meta, -1, null, 0),
                            v + " chunk " + c + " meta cut to " + cut);
                }
                for (int p = 0; p < Math.min(3, ch.pages().size()); p++) {
                    PcoVectors.Page pg = ch.pages().get(p);
                    for (int cut : cuts(pg.bytes().length)) {
                        byte[] bytes = Arrays.copyOf(pg.bytes(), cut);
                        int chunk = c;
                        int page = p;
                        assertThrows(
                                PcoException.class,
                                () -> decode(v, chunk, null, page, bytes, pg.n()),
                                v + " chunk " + c + " page " + p + " cut to " + cut);
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void flippedBitsFailCleanly(PcoVectors.Vector v) {
        Random random = new Random(v.toString().hashCode());
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int c = 0; c < Math.min(2, v.chunks().size()); c++) {
                PcoVectors.Chunk ch = v.chunks().get(c);
                for (int k = 0; k < 30; k++) {
                    byte[] meta = ch.meta().clone();
                    flip(meta, random);
                    int chunk = c;
                    cleanly(v + " chunk " + c + " meta flip " + k, () -> decode(v, chunk, meta, -1, null, 0));
                }
                for (int p = 0; p < Math.min(2, ch.pages().size()); p++) {
                    PcoVectors.Page pg = ch.pages().get(p);
                    if (pg.bytes().length == 0) {
                        continue;
                    }
                    for (int k = 0; k < 30; k++) {
                        byte[] bytes = pg.bytes().clone();
                        flip(bytes, random);
                        int chunk = c;
                        int page = p;
                        cleanly(
                                v + " chunk " + c + " page " + p + " flip " + k,
                                () -> decode(v, chunk, null, page, bytes, pg.n()));
                    }
                }
            }
        });
    }

    /// Flips one random bit, or (one time in four) overwrites a random byte.
    static void flip(byte[] bytes, Random random) {
        if (bytes.length == 0) {
            return;
        }
        int at = random.nextInt(bytes.length);
        if (random.nextInt(4) == 0) {
            bytes[at] = (byte) random.nextInt(256);
        } else {
            bytes[at] ^= (byte) (1 << random.nextInt(8));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void lyingPageCountsFailCleanly(PcoVectors.Vector v) {
        assertTimeoutPreemptively(LIMIT, () -> {
            PcoVectors.Page first = v.chunks().get(0).pages().get(0);
            int n = first.n();
            for (int lie : new int[] {0, Math.max(0, n - 1), n + 1, n + 3, n + 256, 2 * n + 7, 1 << 16}) {
                cleanly(v + " page count " + lie, () -> decode(v, 0, null, 0, first.bytes(), lie));
            }
            assertThrows(PcoException.class, () -> decode(v, 0, null, 0, first.bytes(), (1 << 24) + 1));
        });
    }

    @Test
    void garbageChunkMetasAndPagesFailCleanly() {
        Random random = new Random(42);
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int k = 0; k < 3000; k++) {
                PcoType ptype = PcoType.values()[random.nextInt(PcoType.values().length)];
                byte[] header = random.nextBoolean() ? new byte[] {4, 1} : new byte[] {(byte) random.nextInt(5)};
                byte[] meta = new byte[random.nextInt(k % 10 == 0 ? 2000 : 40)];
                random.nextBytes(meta);
                if (meta.length > 0 && random.nextBoolean()) {
                    meta[0] &= 0x0F; // Classic with a random delta variant
                }
                byte[] page = new byte[random.nextInt(300)];
                random.nextBytes(page);
                int n = random.nextInt(2000);
                cleanly("garbage " + k, () -> {
                    PcoChunkDecoder chunk = PcoDecoder.open(header).chunk(ptype, MemorySegment.ofArray(meta));
                    byte[] out = new byte[n * ptype.byteWidth()];
                    chunk.decodePage(MemorySegment.ofArray(page), n, MemorySegment.ofArray(out), 0);
                });
            }
        });
    }

    @Test
    void emptyOrTooShortHeaderIsCorrupt() {
        assertThrows(PcoException.class, () -> PcoDecoder.open(new byte[0]));
        assertThrows(PcoException.class, () -> PcoDecoder.open(new byte[] {4}));
        PcoException e = assertThrows(PcoException.class, () -> PcoDecoder.open(new byte[] {9, 0}));
        if (!e.isUnsupported()) {
            fail("a newer format should be unsupported, not corrupt: " + e.getMessage());
        }
    }
}
