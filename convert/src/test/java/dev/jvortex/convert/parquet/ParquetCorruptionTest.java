package dev.jvortex.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/// Truncated and damaged Parquet files: reading them either succeeds (the damage hit bytes
/// that carry no meaning, such as statistics or padding) or fails with a [VortexException];
/// never with another exception, an out-of-memory error or a hang.
class ParquetCorruptionTest {
    private static final Path FIXTURES = Path.of("src/test/resources/parquet");
    private static final String[] FILES = {
        "types_plain_v1",
        "types_snappy_dict_v2",
        "types_gzip_plain_v2",
        "types_lz4_dict_v1",
        "nested_plain_v1",
        "nested_snappy_dict_v2",
        "many_groups_pages",
        "delta_v2",
        "int96",
        "types_zstd_dict_v2",
        "delta_zstd_v1",
        "legacy"
    };

    @TempDir
    Path tmp;

    /// Reads every row group of `file` and writes it to a Vortex file (so that every array is
    /// traversed); returns the number of rows, or throws.
    private long readAll(Path file, Path out) throws IOException {
        long rows = 0;
        try (ParquetFile pq = ParquetFile.open(file);
                VortexWriter w = VortexWriter.create(out, pq.dtype(), WriteOptions.defaults())) {
            for (int g = 0; g < pq.rowGroupCount(); g++) {
                try (Arena arena = Arena.ofConfined()) {
                    List<Array> cols = pq.readRowGroup(g, arena, 64L << 20);
                    w.write(cols);
                    rows += cols.isEmpty() ? 0 : cols.getFirst().length();
                }
            }
            w.finish();
        }
        return rows;
    }

    private void expectCleanFailure(byte[] bytes, String what) throws IOException {
        Path f = tmp.resolve("damaged.parquet");
        Files.write(f, bytes);
        long start = System.nanoTime();
        try {
            readAll(f, tmp.resolve("out.vortex"));
        } catch (VortexException e) {
            // expected
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t, t);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 20_000, what + " took " + ms + " ms");
    }

    @Test
    void fixturesReadCleanly() throws IOException {
        for (String name : FILES) {
            assertTrue(readAll(FIXTURES.resolve(name + ".parquet"), tmp.resolve(name + ".vortex")) > 0, name);
        }
    }

    @TestFactory
    Stream<DynamicTest> truncated() {
        return Stream.of(FILES)
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    byte[] all = Files.readAllBytes(FIXTURES.resolve(name + ".parquet"));
                    Random rnd = new Random(name.hashCode());
                    int[] lengths = new int[40];
                    for (int i = 0; i < lengths.length; i++) {
                        lengths[i] = i < 12 ? i : rnd.nextInt(all.length);
                    }
                    for (int len : lengths) {
                        byte[] cut = java.util.Arrays.copyOf(all, len);
                        Path f = tmp.resolve("cut.parquet");
                        Files.write(f, cut);
                        VortexException e = assertThrows(
                                VortexException.class,
                                () -> readAll(f, tmp.resolve("cut.vortex")),
                                "truncated to " + len);
                        assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
                    }
                    // A truncated file whose footer is moved back into place: the column chunks point past the data.
                    for (int k = 0; k < 10; k++) {
                        int footerLen = (all[all.length - 8] & 0xFF)
                                | (all[all.length - 7] & 0xFF) << 8
                                | (all[all.length - 6] & 0xFF) << 16;
                        int dataEnd = all.length - 8 - footerLen;
                        int keep = 4 + rnd.nextInt(Math.max(1, dataEnd - 4));
                        byte[] b = new byte[keep + footerLen + 8];
                        System.arraycopy(all, 0, b, 0, keep);
                        System.arraycopy(all, dataEnd, b, keep, footerLen + 8);
                        expectCleanFailure(b, name + " data cut to " + keep);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> flippedBytes() {
        return Stream.of(FILES)
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    byte[] all = Files.readAllBytes(FIXTURES.resolve(name + ".parquet"));
                    int footerLen = (all[all.length - 8] & 0xFF)
                            | (all[all.length - 7] & 0xFF) << 8
                            | (all[all.length - 6] & 0xFF) << 16;
                    int footerStart = all.length - 8 - footerLen;
                    Random rnd = new Random(31L * name.hashCode() + Long.getLong("parquet.fuzz.seed", 7));
                    for (int trial = 0; trial < Integer.getInteger("parquet.fuzz.trials", 300); trial++) {
                        byte[] b = all.clone();
                        int flips = 1 + rnd.nextInt(3);
                        StringBuilder what = new StringBuilder(name);
                        for (int k = 0; k < flips; k++) {
                            int pos = switch (rnd.nextInt(3)) {
                                case 0 -> footerStart + rnd.nextInt(footerLen);
                                case 1 -> 4 + rnd.nextInt(Math.min(512, footerStart - 4));
                                default -> rnd.nextInt(all.length);
                            };
                            int v = switch (rnd.nextInt(4)) {
                                case 0 -> b[pos] ^ (1 << rnd.nextInt(8));
                                case 1 -> 0xFF;
                                case 2 -> 0;
                                default -> rnd.nextInt(256);
                            };
                            what.append(" [").append(pos).append("]=").append(v & 0xFF);
                            b[pos] = (byte) v;
                        }
                        expectCleanFailure(b, what.toString());
                    }
                }));
    }

    @Test
    void decompressionBombFailsWithinBudget() throws IOException {
        // One page declaring 2^31 - 100 null entries in a handful of bytes.
        try (ParquetFile pq = ParquetFile.open(FIXTURES.resolve("bomb.parquet"));
                Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(VortexException.class, () -> pq.readRowGroup(0, arena, 256L << 20));
            assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("decodes to more than"), e.getMessage());
        }
    }

    @Test
    void notParquet() throws IOException {
        Path f = tmp.resolve("x.parquet");
        Files.write(f, "hello, this is not a parquet file at all".getBytes(StandardCharsets.UTF_8));
        VortexException e =
                assertThrows(VortexException.class, () -> ParquetFile.open(f).close());
        assertTrue(e.getMessage().contains("not a Parquet file"), e.getMessage());
        Files.write(f, new byte[] {'P', 'A', 'R', '1', 'P', 'A', 'R', '1'});
        assertThrows(VortexException.class, () -> ParquetFile.open(f).close());
        Files.write(f, new byte[] {'P', 'A', 'R', '1', 0, 0, 0, 0, 0, 0, 0, 0, 'P', 'A', 'R', 'E'});
        e = assertThrows(VortexException.class, () -> ParquetFile.open(f).close());
        assertEquals(VortexException.Kind.UNSUPPORTED, e.kind());
    }
}
