package dev.jvortex.bench.remote;

import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.ReadSource;
import dev.jvortex.remote.BlockCache;
import dev.jvortex.remote.RemoteOptions;
import dev.jvortex.remote.RemoteSources;
import dev.jvortex.testing.LinkProxy;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/// The remote benchmark (bench/remote/run): a moto S3 server on a loopback port behind our link
/// proxy (a per-request delay and a bandwidth cap), the same queries on Vortex with jvortex
/// (cold and warm disk cache, and the local file) and on Parquet with pyarrow's S3 filesystem,
/// timed in-process, with the requests each query sent counted by the proxy. The warm and local
/// cells are the best of [#WARM_RUNS] alternated runs.
///
/// Arguments: DATA_DIR PYTHON OUT.md BANDWIDTH_BYTES_PER_S DELAY_MS... where DATA_DIR holds one
/// folder per dataset with `source.parquet`, `data.vortex` and `meta.json`.
public final class RemoteBench {
    private RemoteBench() {}

    private static final List<String> QUERIES = List.of("open", "select", "column", "full");
    /// The longest one pyarrow query may run before it is reported as timed out.
    private static final long PYARROW_TIMEOUT_S = 300;

    /// Runs the benchmark.
    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        String python = args[1];
        Path outFile = Path.of(args[2]);
        double bandwidth = Double.parseDouble(args[3]);
        List<Integer> delays = new ArrayList<>();
        for (int i = 4; i < args.length; i++) {
            delays.add(Integer.parseInt(args[i]));
        }
        Path pyQuery = Path.of("bench/remote/pyarrow_query.py").toAbsolutePath();
        PrintStream out = new PrintStream(Files.newOutputStream(outFile), true, StandardCharsets.UTF_8);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path work = Files.createTempDirectory("jvortex-remote-bench");
        Process moto = new ProcessBuilder(python, "-m", "moto.server", "-H", "127.0.0.1", "-p", Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("moto.log").toFile())
                .start();
        URI endpoint = URI.create("http://127.0.0.1:" + port + "/");
        try {
            HttpClient client = HttpClient.newHttpClient();
            waitFor(client, endpoint, moto, work.resolve("moto.log"));
            put(client, endpoint.resolve("bench"), new byte[0]);
            List<String> datasets = new ArrayList<>();
            try (Stream<Path> s = Files.list(data)) {
                s.filter(p -> Files.exists(p.resolve("meta.json")))
                        .sorted()
                        .forEach(p -> datasets.add(p.getFileName().toString()));
            }
            for (String d : datasets) {
                put(
                        client,
                        endpoint.resolve("bench/" + d + ".parquet"),
                        Files.readAllBytes(data.resolve(d + "/source.parquet")));
                put(
                        client,
                        endpoint.resolve("bench/" + d + ".vortex"),
                        Files.readAllBytes(data.resolve(d + "/data.vortex")));
            }
            out.printf(
                    Locale.ROOT,
                    "Link: loopback moto S3 server behind the link proxy, %.0f MB/s shared cap; times in ms (open"
                            + " included), requests in parentheses, one run each.%n%n",
                    bandwidth / 1e6);
            out.println(
                    "| dataset | delay | query | rows | jvortex cold | jvortex warm (disk cache) | jvortex warm, 1 h freshness"
                            + " | jvortex local file | pyarrow S3 | Hardwood S3 |");
            out.println("|---|---|---|---|---|---|---|---|---|---|");
            for (int delay : delays) {
                try (LinkProxy proxy = LinkProxy.to(endpoint).delay(delay).bandwidth(bandwidth)) {
                    for (String d : datasets) {
                        Map<String, String> meta = meta(data.resolve(d + "/meta.json"));
                        for (String q : QUERIES) {
                            Path cacheDir = work.resolve("cache");
                            deleteTree(cacheDir);
                            Map<String, String> env = new HashMap<>();
                            env.put("AWS_ENDPOINT_URL", proxy.base().toString());
                            env.put("AWS_ACCESS_KEY_ID", "testing");
                            env.put("AWS_SECRET_ACCESS_KEY", "testing");
                            env.put("AWS_REGION", "us-east-1");
                            String location = "s3://bench/" + d + ".vortex";
                            // Cold: an empty disk cache; warm: a new cache over the same folder (no memory tier).
                            Opener cached = () -> RemoteSources.open(
                                    location,
                                    RemoteOptions.DEFAULT,
                                    env::get,
                                    new BlockCache(BlockCache.DEFAULT_BLOCK_SIZE, 256L << 20, cacheDir, 8L << 30));
                            String[] cold = jvortex(proxy, cached, q, meta);
                            // Warm again, trusting the tail the warm run confirmed for an hour: no request at all.
                            Opener trusted = () -> RemoteSources.open(
                                    location,
                                    RemoteOptions.DEFAULT.withFreshness(java.time.Duration.ofHours(1)),
                                    env::get,
                                    new BlockCache(BlockCache.DEFAULT_BLOCK_SIZE, 256L << 20, cacheDir, 8L << 30));
                            Opener file = () -> ReadSource.of(data.resolve(d + "/data.vortex"));
                            // The warm runs (each a new cache over the folder, as a new process would
                            // open it) and the local file, alternated, best of WARM_RUNS each: a single
                            // run right after the cold one pays for the cold run's garbage.
                            String[] warm = null;
                            String[] fresh = null;
                            String[] local = null;
                            for (int run = 0; run < WARM_RUNS; run++) {
                                warm = faster(warm, jvortex(proxy, cached, q, meta));
                                fresh = faster(fresh, jvortex(proxy, trusted, q, meta));
                                local = faster(local, jvortex(proxy, file, q, meta));
                            }
                            String py = pyarrow(python, pyQuery, proxy, "bench/" + d + ".parquet", q, meta);
                            String hw = hardwood(proxy, "s3://bench/" + d + ".parquet", env, q, meta);
                            String line = String.format(
                                    Locale.ROOT,
                                    "| %s | %d ms | %s | %s | %s | %s | %s | %s | %s | %s |",
                                    d,
                                    delay,
                                    q,
                                    cold[1],
                                    cold[0],
                                    warm[0],
                                    fresh[0],
                                    local[0],
                                    py,
                                    hw);
                            out.println(line);
                            System.err.println(line);
                        }
                    }
                }
            }
        } finally {
            moto.destroy();
            if (!moto.waitFor(10, TimeUnit.SECONDS)) {
                moto.destroyForcibly();
            }
            deleteTree(work);
        }
    }

    /// Runs of each warm and local query; the fastest is reported.
    private static final int WARM_RUNS = 3;

    /// The faster of two results of [#jvortex] (`a` may be null).
    private static String[] faster(String[] a, String[] b) {
        return a == null || ms(b) < ms(a) ? b : a;
    }

    /// The milliseconds of a result of [#jvortex].
    private static double ms(String[] r) {
        return Double.parseDouble(r[0].substring(0, r[0].indexOf(' ')));
    }

    interface Opener {
        ReadSource open();
    }

    /// Runs query `q` on a file opened by `opener`; returns {"ms (requests)", rows}.
    private static String[] jvortex(LinkProxy proxy, Opener opener, String q, Map<String, String> meta) {
        long before = proxy.requests();
        long start = System.nanoTime();
        long rows;
        ReadSource source = opener.open();
        try (VortexFile f = VortexFile.open(source)) {
            rows = query(f, q, meta);
            // What jvortex itself counted (retries and hedges explain a proxy count above the plan).
            System.err.println("  " + q + ": " + f.readStatistics());
        }
        double ms = (System.nanoTime() - start) / 1e6;
        // A warm open checks the object's version concurrently: wait for that request (after
        // the time is taken), so the proxy counts it for this query and not the next one.
        if (source instanceof dev.jvortex.remote.CachedReadSource c) {
            c.awaitConfirmation();
        }
        return new String[] {String.format(Locale.ROOT, "%.0f (%d)", ms, proxy.requests() - before), Long.toString(rows)
        };
    }

    /// The longest one Hardwood query may run before it is reported as timed out.
    private static final long HARDWOOD_TIMEOUT_S = 30;

    /// Runs query `q` with Hardwood on the Parquet object at `location` (no cache) in a new JVM
    /// ([HardwoodRemote#main]), at most [#HARDWOOD_TIMEOUT_S] seconds: a query cut at its
    /// timeout takes its connections with it, so it cannot hold the server's threads for the
    /// rows after it. Returns "ms (requests)" or what went wrong.
    private static String hardwood(
            LinkProxy proxy, String location, Map<String, String> env, String q, Map<String, String> meta)
            throws IOException, InterruptedException {
        long before = proxy.requests();
        Path log = Files.createTempFile("jvortex-remote-bench-hw", ".log");
        try {
            String java = ProcessHandle.current().info().command().orElse("java");
            Process p = new ProcessBuilder(
                            java,
                            "-Xmx2g",
                            "--enable-native-access=ALL-UNNAMED",
                            "-cp",
                            System.getProperty("java.class.path"),
                            HardwoodRemote.class.getName(),
                            env.get("AWS_ENDPOINT_URL"),
                            location,
                            q,
                            meta.get("key"),
                            meta.get("key_value"),
                            meta.get("column"))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(HARDWOOD_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                return "timed out after " + HARDWOOD_TIMEOUT_S + " s (" + (proxy.requests() - before) + " requests)";
            }
            String text = Files.readString(log).strip();
            String last = text.substring(text.lastIndexOf('\n') + 1);
            if (p.exitValue() != 0 || !last.startsWith("ms ")) {
                String tail = text.substring(Math.max(0, text.length() - 300));
                return "failed: " + tail.replace('\n', ' ').replace('|', '/');
            }
            System.err.println("  hardwood " + q + ": " + last);
            double ms = Double.parseDouble(last.split(" ")[1]);
            return String.format(Locale.ROOT, "%.0f (%d)", ms, proxy.requests() - before);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /// Runs query `q` ("open", "select", "column" or "full") on `f` and returns its row count.
    static long query(VortexFile f, String q, Map<String, String> meta) {
        return switch (q) {
            case "open" -> f.dtype() == null ? -1 : f.rowCount();
            case "select" -> count(f, ScanOptions.all().withFilter(meta.get("key") + " = " + literal(meta)));
            case "column" -> count(f, ScanOptions.columns(meta.get("column")));
            default -> count(f, ScanOptions.all());
        };
    }

    private static String literal(Map<String, String> meta) {
        String v = meta.get("key_value");
        return v.matches("-?\\d+") ? v : "'" + v + "'";
    }

    private static long count(VortexFile f, ScanOptions options) {
        long rows = 0;
        try (Scan scan = f.scan(options)) {
            for (Batch b : scan) {
                try (b) {
                    rows += b.rowCount();
                }
            }
        }
        return rows;
    }

    /// Runs query `q` in a new pyarrow process (at most [#PYARROW_TIMEOUT_S] seconds); returns
    /// "ms (requests)", or what went wrong.
    private static String pyarrow(
            String python, Path script, LinkProxy proxy, String path, String q, Map<String, String> meta)
            throws IOException, InterruptedException {
        long before = proxy.requests();
        Path log = Files.createTempFile("jvortex-remote-bench-py", ".log");
        try {
            Process p = new ProcessBuilder(
                            python,
                            script.toString(),
                            proxy.base().toString().replaceAll("/$", ""),
                            path,
                            q,
                            meta.get("key"),
                            meta.get("key_value"),
                            meta.get("column"),
                            "1")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(PYARROW_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                return "timed out after " + PYARROW_TIMEOUT_S + " s";
            }
            String text = Files.readString(log).strip();
            if (p.exitValue() != 0) {
                String last = text.substring(Math.max(0, text.length() - 300));
                return "failed: " + last.replace('\n', ' ').replace('|', '/');
            }
            String[] parts = text.substring(text.lastIndexOf('\n') + 1).split(" ");
            double ms = Double.parseDouble(parts[0]) * 1000;
            return String.format(Locale.ROOT, "%.0f (%d)", ms, proxy.requests() - before);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /// Reads the dataset's `meta.json` (as `bench/python/bench_datasets.py` writes it): the
    /// selective query's `key` and `key_value`, and the one-column query's column (the first
    /// of `numeric`).
    static Map<String, String> meta(Path file) throws IOException {
        String text = Files.readString(file);
        Map<String, String> m = new HashMap<>();
        for (String name : List.of("key", "key_value")) {
            java.util.regex.Matcher v = java.util.regex.Pattern.compile(
                            "\"" + name + "\"\\s*:\\s*(\"([^\"]*)\"|(-?\\d+))")
                    .matcher(text);
            if (!v.find()) {
                throw new IOException(file + ": no \"" + name + "\"");
            }
            m.put(name, v.group(2) != null ? v.group(2) : v.group(3));
        }
        java.util.regex.Matcher c = java.util.regex.Pattern.compile("\"numeric\"\\s*:\\s*\\[\\s*\"([^\"]+)\"")
                .matcher(text);
        if (!c.find()) {
            throw new IOException(file + ": no \"numeric\" column");
        }
        m.put("column", c.group(1));
        return m;
    }

    private static void waitFor(HttpClient client, URI endpoint, Process moto, Path log)
            throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                client.send(HttpRequest.newBuilder(endpoint).build(), HttpResponse.BodyHandlers.discarding());
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !moto.isAlive()) {
                    throw new IllegalStateException(
                            "the moto S3 server did not start (is moto[server] in the bench venv?): "
                                    + Files.readString(log),
                            e);
                }
                Thread.sleep(200);
            }
        }
    }

    private static void put(HttpClient client, URI uri, byte[] body) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(uri)
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("PUT " + uri + ": " + r.statusCode() + " " + r.body());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
