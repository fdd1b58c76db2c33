package dev.jvortex.bench.remote;

import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.ReadSource;
import dev.jvortex.remote.BlockCache;
import dev.jvortex.remote.CachedReadSource;
import dev.jvortex.remote.RemoteOptions;
import dev.jvortex.remote.RemoteSources;
import dev.jvortex.testing.RangeServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/// Warm disk-cache reads against local-file reads of the same files, alternated in one JVM:
/// the files are served by a loopback [RangeServer] (no proxy, no delay), the cache is filled by
/// one cold read, and each round opens the file with a new cache over the same folder (as a new
/// process would) and then locally. Prints, per query, the median wall milliseconds and the
/// mean CPU milliseconds (user + system of the whole JVM) of both, and their ratios.
///
///     java -cp ... dev.jvortex.bench.remote.WarmProbe DATA_DIR [ROUNDS] [DATASET:QUERY...]
///
/// `DATA_DIR` holds `<dataset>/data.vortex` and `meta.json` (bench/remote/run's
/// `bench/target/remote-data`); queries as in [RemoteBench] (select, column, full, open).
public final class WarmProbe {
    private WarmProbe() {}

    public static void main(String[] args) throws IOException {
        Path data = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        List<String> cells = args.length > 2
                ? Arrays.asList(args).subList(2, args.length)
                : List.of(
                        "lineitem:select",
                        "lineitem:column",
                        "lineitem:full",
                        "ohlc:select",
                        "ohlc:column",
                        "ohlc:full");
        Path cacheDir = Files.createTempDirectory("jvortex-warm-probe");
        try (RangeServer server = RangeServer.serve(data)) {
            System.out.println(
                    "| dataset | query | warm ms | local ms | wall ratio | warm CPU ms (mean) | local CPU ms (mean) | CPU ratio |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            for (String cell : cells) {
                String d = cell.substring(0, cell.indexOf(':'));
                String q = cell.substring(cell.indexOf(':') + 1);
                Map<String, String> meta = RemoteBench.meta(data.resolve(d + "/meta.json"));
                String url = server.url(d + "/data.vortex").toString();
                RemoteBench.Opener warm = () -> RemoteSources.open(
                        url,
                        RemoteOptions.DEFAULT,
                        k -> null,
                        new BlockCache(BlockCache.DEFAULT_BLOCK_SIZE, 256L << 20, cacheDir, 8L << 30));
                run(warm, q, meta); // cold: fills the cache
                run(warm, q, meta); // JIT warm-up, both paths
                run(() -> ReadSource.of(data.resolve(d + "/data.vortex")), q, meta);
                List<long[]> w = new ArrayList<>();
                List<long[]> l = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    w.add(run(warm, q, meta));
                    l.add(run(() -> ReadSource.of(data.resolve(d + "/data.vortex")), q, meta));
                }
                double wm = median(w, 0), lm = median(l, 0), wc = mean(w, 1), lc = mean(l, 1);
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |%n",
                        d,
                        q,
                        wm,
                        lm,
                        wm / lm,
                        wc,
                        lc,
                        wc / lc);
            }
        } finally {
            try (Stream<Path> s = Files.walk(cacheDir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /// The process's user + system CPU time from `/proc/self/stat` (Linux; in clock ticks of
    /// 10 ms, so only the mean over rounds is meaningful).
    private static long cpuNanos() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
    }

    private static double mean(List<long[]> runs, int i) {
        return runs.stream().mapToLong(r -> r[i]).average().orElse(0) / 1e6;
    }

    private static double median(List<long[]> runs, int i) {
        long[] v = runs.stream().mapToLong(r -> r[i]).sorted().toArray();
        return v[v.length / 2] / 1e6;
    }

    /// Runs one query; returns {wall ns, process CPU ns}.
    private static long[] run(RemoteBench.Opener opener, String q, Map<String, String> meta) throws IOException {
        long cpu = cpuNanos();
        long start = System.nanoTime();
        ReadSource source = opener.open();
        try (VortexFile f = VortexFile.open(source)) {
            RemoteBench.query(f, q, meta);
        }
        long wall = System.nanoTime() - start;
        long used = cpuNanos() - cpu;
        if (source instanceof CachedReadSource c) {
            c.awaitConfirmation();
        }
        return new long[] {wall, used};
    }
}
