package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.Exporter;
import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.DType;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Differential testing against the reference (issue 18): random tables from
/// `conformance/src/test/python/differential.py` (random schemas over every type, nullability,
/// data shaped for each encoding), written by the reference with a random preset and read by
/// jvortex, then written by jvortex with random [WriteOptions] and read by the reference. Both
/// ways the values must equal the expected values computed from the source table.
///
/// `-Djvortex.diff.tables=N` sets the number of tables (default 300, the CI run; the long run
/// is 10,000), `-Djvortex.diff.seed=S` the seed (default 18). A failure names the table, its
/// schema and the seed; `-Djvortex.diff.first=I -Djvortex.diff.tables=1` replays one table.
class DifferentialTest {
    private static final int TABLES = Integer.getInteger("jvortex.diff.tables", 300);
    private static final int FIRST = Integer.getInteger("jvortex.diff.first", 0);
    private static final long SEED = Long.getLong("jvortex.diff.seed", 18);

    /// Writer options and their description.
    record Choice(WriteOptions options, String text) {}

    /// Random writer options for table `i`: chunk sizes, zone sizes, dictionaries, zone maps,
    /// compression on or off, preset, cascade depth and parallelism.
    static Choice options(long seed, int i) {
        Random r = new Random(seed * 1_000_003L + i);
        WriteOptions o = WriteOptions.defaults();
        StringBuilder text = new StringBuilder("WriteOptions.defaults()");
        if (r.nextBoolean()) {
            long bytes = new long[] {4 << 10, 64 << 10, 1 << 20, 16 << 20}[r.nextInt(4)];
            o = o.withTargetChunkBytes(bytes);
            text.append(".withTargetChunkBytes(").append(bytes).append(')');
        }
        if (r.nextBoolean()) {
            int rows = new int[] {64, 1000, 8192}[r.nextInt(3)];
            o = o.withRowBlock(rows);
            text.append(".withRowBlock(").append(rows).append(')');
        }
        if (r.nextInt(4) == 0) {
            o = o.withDictionaries(false);
            text.append(".withDictionaries(false)");
        }
        if (r.nextInt(4) == 0) {
            o = o.withZoneMaps(false);
            text.append(".withZoneMaps(false)");
        }
        if (r.nextInt(8) == 0) {
            o = o.compress(false);
            text.append(".compress(false)");
        }
        if (r.nextBoolean()) {
            o = o.withPreset(CompressionPreset.COMPACT);
            text.append(".withPreset(COMPACT)");
        }
        if (r.nextInt(4) == 0) {
            int depth = 1 + r.nextInt(3);
            o = o.withCascadeDepth(depth);
            text.append(".withCascadeDepth(").append(depth).append(')');
        }
        int threads = 1 + r.nextInt(2);
        text.append(".withParallelism(").append(threads).append(')');
        return new Choice(o.withParallelism(threads), text.toString());
    }

    @Test
    void randomTablesEqualBothWays() throws Exception {
        Path out = Oracle.root().resolve("conformance/target/differential-" + SEED + "-" + FIRST + "-" + TABLES);
        Files.createDirectories(out);
        long t0 = System.nanoTime();
        Oracle.Result gen = Oracle.runScript(
                "conformance/src/test/python/differential.py",
                List.of(
                        "--out",
                        out.toString(),
                        "--seed",
                        Long.toString(SEED),
                        "--count",
                        Integer.toString(TABLES),
                        "--first",
                        Integer.toString(FIRST)),
                Oracle.root().resolve("conformance/src/test/python"),
                3600);
        if (!gen.ok() || !Files.exists(out.resolve("done"))) {
            fail("differential.py failed (" + gen.status() + "): " + gen.stderr());
        }
        long t1 = System.nanoTime();
        List<Map<String, Object>> tables = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("manifest.jsonl"), StandardCharsets.UTF_8)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> entry = (Map<String, Object>) Json.parse(line);
            tables.add(entry);
        }
        List<String> failures = new ArrayList<>();
        Map<String, Integer> refused = new LinkedHashMap<>();
        long values = 0;
        int read = 0;
        List<String> readArgs = new ArrayList<>(List.of(
                Oracle.python().toString(),
                Oracle.root()
                        .resolve("conformance/src/test/python/read_with_reference.py")
                        .toString()));
        Map<String, Map<String, Object>> written = new LinkedHashMap<>();
        for (Map<String, Object> t : tables) {
            String name = (String) t.get("name");
            String what = name + " (seed " + SEED + ", " + t.get("preset") + ", " + t.get("schema") + ")";
            if (!"ok".equals(t.get("status"))) {
                String why = String.valueOf(t.get("status"));
                refused.merge(why.length() > 80 ? why.substring(0, 80) + "..." : why, 1, Integer::sum);
                continue;
            }
            Path file = out.resolve((String) t.get("file"));
            Path expected = out.resolve((String) t.get("expected"));
            Path actual = out.resolve(name + ".actual.jsonl");
            // The reference wrote it: we read it.
            try (VortexFile f = VortexFile.open(file);
                    BufferedWriter w = Files.newBufferedWriter(actual, StandardCharsets.UTF_8)) {
                long rows = ((Json.Num) t.get("rows")).decimal().longValueExact();
                assertEquals(rows, f.rowCount(), what + ": row count");
                assertEquals(rows, Exporter.jsonl(f, null, w), what + ": rows exported");
                w.close();
                values += compare(f.dtype(), expected, actual, what + ", read by jvortex");
                read++;
            } catch (AssertionError | RuntimeException e) {
                failures.add(what + ", read by jvortex: " + e.getMessage());
                continue;
            }
            // We write it (from what we read, already checked equal): the reference reads it.
            Path ours = out.resolve(name + ".jvortex.vortex");
            int index = Integer.parseInt(name.substring(1));
            try {
                WriterInteropTest.rewrite(file, ours, options(SEED, index).options());
            } catch (RuntimeException e) {
                failures.add(what + ", written by jvortex with "
                        + options(SEED, index).text() + ": " + e);
                continue;
            }
            readArgs.add(ours.toString());
            readArgs.add(out.resolve(name + ".reference.jsonl").toString());
            written.put(name, t);
            Files.deleteIfExists(actual);
        }
        long t2 = System.nanoTime();
        Oracle.Result r = Oracle.run(readArgs, Oracle.root(), 3600);
        Map<String, String> status = new LinkedHashMap<>();
        for (String line : r.stdout().split("\n")) {
            String[] parts = line.split(" ", 3);
            if (parts.length >= 2) {
                String file = Path.of(parts[1]).getFileName().toString();
                status.put(file.substring(0, file.indexOf('.')), parts[0].equals("ok") ? "ok" : line);
            }
        }
        int readByReference = 0;
        for (Map.Entry<String, Map<String, Object>> e : written.entrySet()) {
            String name = e.getKey();
            Map<String, Object> t = e.getValue();
            int index = Integer.parseInt(name.substring(1));
            String what = name + " (seed " + SEED + ", " + t.get("schema") + ", written by jvortex with "
                    + options(SEED, index).text() + ")";
            String s = status.getOrDefault(name, "no answer from the reference");
            if (!s.equals("ok")) {
                failures.add(what + ": the reference could not read it: " + s);
                continue;
            }
            try (VortexFile f = VortexFile.open(out.resolve(name + ".jvortex.vortex"))) {
                values += compare(
                        f.dtype(),
                        out.resolve((String) t.get("expected")),
                        out.resolve(name + ".reference.jsonl"),
                        what + ", read by the reference");
                readByReference++;
            } catch (AssertionError | RuntimeException ex) {
                failures.add(what + ": " + ex.getMessage());
            }
        }
        long t3 = System.nanoTime();
        String summary = String.format(
                Locale.ROOT,
                "differential: seed %d, tables %d..%d: %d read by jvortex, %d of ours read by the reference,"
                        + " %d values compared, %d refused by the reference writer %s;"
                        + " %.1f s generating, %.1f s reading and writing, %.1f s reference reads",
                SEED,
                FIRST,
                FIRST + TABLES - 1,
                read,
                readByReference,
                values,
                refused.values().stream().mapToInt(Integer::intValue).sum(),
                refused,
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9,
                (t3 - t2) / 1e9);
        System.out.println(summary);
        Files.writeString(out.resolve("summary.txt"), summary + "\n" + String.join("\n", failures) + "\n");
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + tables.size() + " tables differ (" + summary + "):\n"
                    + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        }
        assertTrue(read > TABLES * 9 / 10, summary);
    }

    private static long compare(DType dtype, Path expected, Path actual, String what) throws IOException {
        try {
            return CorpusConformanceTest.compare(dtype, expected, actual);
        } catch (AssertionError e) {
            throw new AssertionError(what + ": " + e.getMessage(), e);
        }
    }
}
