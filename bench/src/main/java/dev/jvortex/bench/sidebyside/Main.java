package dev.jvortex.bench.sidebyside;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.convert.parquet.ParquetFile;
import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.format.LayoutNode;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/// Entry point of the runner's Java half. Prints one JSON object per measurement on stdout.
///
///     scan:  --contender jvortex|hardwood|parquet-java|arrow-java --file F --ops full,numeric,...
///            --numeric a --two a,b --string s --key k --key-value v --key-type long|string
///            --indices FILE [--quick]
///     write: --write OUT --parquet SRC --preset default|compact [--batch-rows N] [--quick] [--reps N]
///     both:  --jobs FILE   (one job per line, arguments separated by tabs, run in order)
///
/// Timing: each operation runs a few warm-up times (at least once and for at least 1.5 s, at
/// most 10 times; once in quick mode), then is measured at least 3 times and until 2 s have
/// passed (at most 20; 3 in quick mode); the minimum and the median are reported. Every run
/// opens and closes the file. Writes: one warm-up (none in quick mode) and 3 measured writes.
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("--jobs")) {
            // one job per line, its arguments separated by tabs: several jobs in one JVM (quick mode)
            for (String line : Files.readAllLines(Path.of(args[1]))) {
                if (!line.isBlank()) {
                    job(line.split("\t"));
                }
            }
            return;
        }
        job(args);
    }

    private static void job(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--quick")) {
                a.put("quick", "true");
            } else {
                a.put(args[i].substring(2), args[++i]);
            }
        }
        boolean quick = a.containsKey("quick");
        if (a.containsKey("column-sizes")) {
            columnSizes(Path.of(a.get("column-sizes")));
            return;
        }
        if (a.containsKey("write")) {
            int batchRows = a.containsKey("batch-rows") ? Integer.parseInt(a.get("batch-rows")) : 0;
            int reps = a.containsKey("reps") ? Integer.parseInt(a.get("reps")) : 3;
            write(Path.of(a.get("parquet")), Path.of(a.get("write")), a.get("preset"), quick, batchRows, reps);
            return;
        }
        String name = a.get("contender");
        Path file = Path.of(a.get("file"));
        Object keyValue =
                a.get("key-type").equals("long") ? (Object) Long.parseLong(a.get("key-value")) : a.get("key-value");
        Query q = new Query(
                List.of(a.get("numeric").split(",")),
                List.of(a.get("two").split(",")),
                List.of(a.get("string").split(",")),
                a.get("key"),
                keyValue,
                Query.readIndices(Path.of(a.get("indices"))));
        try (Contender c = switch (name) {
            case "jvortex" -> new JvortexContender(file);
            case "jvortex-1t" -> new JvortexContender(file, 1);
            case "hardwood" -> new HardwoodContender(file);
            case "parquet-java" -> new ParquetJavaContender(file);
            case "arrow-java" -> new ArrowContender(file);
            default -> throw new IllegalArgumentException("unknown contender " + name);
        }) {
            for (String op : a.get("ops").split(",")) {
                long[] rows = new long[1];
                double[] t = time(() -> rows[0] = c.run(op, q), quick);
                emit(name, file, op, rows[0], t, "");
            }
            System.err.println("sink " + c.sink());
        }
    }

    /// Writes the Parquet file's rows as a Vortex file: one batch per row group, or (with
    /// `batchRows` > 0) batches of `batchRows` rows sliced from the row groups before timing.
    private static void write(Path parquet, Path out, String preset, boolean quick, int batchRows, int reps)
            throws Exception {
        WriteOptions options = switch (preset) {
            case "default" -> WriteOptions.defaults();
            case "compact" -> WriteOptions.defaults().withPreset(CompressionPreset.COMPACT);
            default -> throw new IllegalArgumentException("unknown preset " + preset);
        };
        try (ParquetFile pq = ParquetFile.open(parquet);
                Arena arena = Arena.ofShared()) {
            DType.Struct schema = pq.dtype();
            List<List<Array>> groups = new ArrayList<>();
            long rows = 0;
            for (int g = 0; g < pq.rowGroupCount(); g++) {
                if (pq.rowGroupRows(g) > 0) {
                    List<Array> group = pq.readRowGroup(g, arena);
                    int n = group.isEmpty() ? 0 : group.getFirst().length();
                    if (batchRows <= 0 || n <= batchRows) {
                        groups.add(group);
                    } else {
                        for (int from = 0; from < n; from += batchRows) {
                            List<Array> batch = new ArrayList<>(group.size());
                            for (Array c : group) {
                                batch.add(ArrayOps.slice(c, from, Math.min(batchRows, n - from), arena));
                            }
                            groups.add(batch);
                        }
                    }
                    rows += pq.rowGroupRows(g);
                }
            }
            int warm = quick ? 0 : 1;
            double[] times = new double[reps];
            for (int r = -warm; r < reps; r++) {
                long start = System.nanoTime();
                try (VortexWriter w = VortexWriter.create(out, schema, options)) {
                    for (List<Array> cols : groups) {
                        w.write(cols);
                    }
                    w.finish();
                }
                if (r >= 0) {
                    times[r] = (System.nanoTime() - start) / 1e6;
                }
            }
            emit("jvortex", out, "write-" + preset, rows, times, ", \"bytes\": " + Files.size(out) + threadCpu());
        }
    }

    /// Prints the stored bytes of each top-level column of a Vortex file (data, zone maps and
    /// dictionaries: every segment under the column's layout) as one JSON line.
    private static void columnSizes(Path file) {
        try (VortexFile f = VortexFile.open(file)) {
            LayoutNode root = f.layout();
            DType.Struct struct = (DType.Struct) f.dtype();
            int first = root.children().size() - struct.size();
            StringBuilder out = new StringBuilder("{\"contender\": \"sizes\", \"file\": \"")
                    .append(file)
                    .append("\", \"op\": \"column-sizes\", \"columns\": {");
            for (int i = 0; i < struct.size(); i++) {
                out.append(i == 0 ? "" : ", ")
                        .append('"')
                        .append(struct.names().get(i).replace("\"", "\\\""))
                        .append("\": ")
                        .append(segmentBytes(f, root.children().get(first + i)));
            }
            System.out.println(out.append("}}"));
            System.out.flush();
        }
    }

    private static long segmentBytes(VortexFile f, LayoutNode node) {
        long total = 0;
        for (int s : node.segments()) {
            total += f.footer().segments().get(s).length();
        }
        for (LayoutNode c : node.children()) {
            total += segmentBytes(f, c);
        }
        return total;
    }

    /// The CPU seconds so far of the JIT compiler threads (C1, C2) and of all threads, from
    /// `/proc/self/task` (Linux; empty elsewhere), as extra JSON fields: compilations are a large
    /// share of a short write's CPU and compete with the writer for the cores.
    private static String threadCpu() {
        double c1 = 0;
        double c2 = 0;
        double all = 0;
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    String s = Files.readString(t.resolve("stat"));
                    String name = s.substring(s.indexOf('(') + 1, s.lastIndexOf(')'));
                    String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
                    // utime and stime (fields 14 and 15) in clock ticks of 1/100 s
                    double sec = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
                    all += sec;
                    if (name.startsWith("C1 Compiler")) {
                        c1 += sec;
                    } else if (name.startsWith("C2 Compiler")) {
                        c2 += sec;
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    // a thread that ended meanwhile
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
        return String.format(Locale.ROOT, ", \"c1_cpu_s\": %.2f, \"c2_cpu_s\": %.2f, \"cpu_s\": %.2f", c1, c2, all);
    }

    interface Op {
        void run() throws Exception;
    }

    /// The measured times in milliseconds, sorted.
    static double[] time(Op op, boolean quick) throws Exception {
        long warmNanos = quick ? 0 : 1_500_000_000L;
        int warmMin = 1;
        long start = System.nanoTime();
        for (int i = 0; i < warmMin || (System.nanoTime() - start < warmNanos && i < 10); i++) {
            op.run();
        }
        int minReps = 3;
        int maxReps = quick ? 3 : 20;
        long budget = quick ? 0 : 2_000_000_000L;
        List<Double> times = new ArrayList<>();
        start = System.nanoTime();
        while (times.size() < minReps || (times.size() < maxReps && System.nanoTime() - start < budget)) {
            long t0 = System.nanoTime();
            op.run();
            times.add((System.nanoTime() - t0) / 1e6);
        }
        return times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static void emit(String contender, Path file, String op, long rows, double[] times, String extra) {
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        double median = sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        System.out.println(String.format(
                Locale.ROOT,
                "{\"contender\": \"%s\", \"file\": \"%s\", \"op\": \"%s\", \"rows\": %d, \"min_ms\": %.4f, \"median_ms\": %.4f, \"reps\": %d%s}",
                contender,
                file,
                op,
                rows,
                sorted[0],
                median,
                sorted.length,
                extra));
        System.out.flush();
    }
}
