package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.ReadCounters;
import dev.jvortex.file.io.ReadSource;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/// An object read by HTTP range requests (`Range: bytes=a-b`, answered `206` with a matching
/// `Content-Range`), over `java.net.http`.
///
/// [#readTail(long)] asks for a suffix range (`bytes=-n`), so the size comes with the tail in one
/// request. Every attempt has a deadline (headers and body); failures that may pass (a dropped
/// connection, a truncated or stalled body, `408`, `429`, `5xx`) are retried with exponential
/// backoff and full jitter, and a request running three times longer than expected gets a hedge
/// (a duplicate; the first answer wins). The object's `ETag` is pinned at the first response: a
/// changed object is an error, never a mix of two versions. What cannot succeed ends in a
/// [VortexException] of kind `IO` naming the URL and the range.
public class HttpReadSource implements ReadSource {
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("jvortex-http-deadline").factory());
    private static final int BUFFER = 64 << 10;

    private final URI uri;
    private final String name;
    private final HttpClient client;
    private final RequestSigner signer;
    private final RemoteOptions options;
    private final ReadCounters counters = new ReadCounters();
    private volatile long size = -1;
    private volatile String etag;
    /// Round-trip latency in seconds (moving average of the requests' time to headers).
    private volatile double latency = -1;
    /// Bandwidth in bytes per second (moving average of large bodies).
    private volatile double bandwidth;
    private volatile FetchOptions fetch;
    /// The latest times to headers in nanoseconds (a ring), for the hedge floor.
    private final long[] headerTimes = new long[64];
    private int headerCount;
    /// Attempts started and hedges sent, for the hedge cap.
    private final AtomicLong attempts = new AtomicLong();
    private final AtomicLong hedges = new AtomicLong();

    /// Creates a source for `uri` signed by `signer` (package-private: see [RemoteSources]).
    HttpReadSource(URI uri, String name, HttpClient client, RequestSigner signer, RemoteOptions options) {
        this.uri = uri;
        this.name = name;
        this.client = client;
        this.signer = signer;
        this.options = options;
        this.bandwidth = options.bandwidth();
    }

    /// Opens `uri` (http or https) without authentication.
    public static HttpReadSource open(URI uri, RemoteOptions options) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw VortexException.misuse("not an http(s) URL: " + uri);
        }
        return new HttpReadSource(uri, displayName(uri), client(options), RequestSigner.NONE, options);
    }

    /// Clients shared by every source with the same connect timeout and proxy, so the objects a
    /// process opens reuse one connection pool (a client per object would reconnect on every
    /// open and keep its idle connections and selector thread until the garbage collector ran).
    private static final ConcurrentHashMap<List<Object>, HttpClient> CLIENTS = new ConcurrentHashMap<>();

    /// Returns the shared client for `options` (HTTP/1.1, so concurrent ranges use parallel
    /// connections). It lives as long as the process; idle connections time out.
    static HttpClient client(RemoteOptions options) {
        Object proxy = options.proxy() == null ? "default" : options.proxy();
        return CLIENTS.computeIfAbsent(List.of(options.connectTimeout(), proxy), k -> {
            HttpClient.Builder b = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(options.connectTimeout())
                    .followRedirects(HttpClient.Redirect.NORMAL);
            if (options.proxy() != null) {
                b.proxy(options.proxy());
            }
            return b.build();
        });
    }

    /// Returns `uri` without user information and query (which may hold secrets).
    static String displayName(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                + uri.getRawPath();
    }

    @Override
    public String name() {
        return name;
    }

    /// Returns the URL requested.
    URI uri() {
        return uri;
    }

    @Override
    public long size() {
        if (size < 0) {
            readTail(1);
        }
        return size;
    }

    @Override
    public Tail readTail(long length) {
        long n = Math.max(1, length);
        MemorySegment bytes = fetch("bytes=-" + n, -1, n, null);
        return new Tail(size, bytes);
    }

    @Override
    public MemorySegment read(long offset, long length) {
        return read(offset, length, null);
    }

    /// Reads into memory from `arena` (null: memory the garbage collector frees).
    @Override
    public MemorySegment read(long offset, long length, Arena arena) {
        if (length == 0) {
            return MemorySegment.NULL;
        }
        if (offset < 0 || length < 0 || (size >= 0 && offset > size - length)) {
            throw new VortexException(
                    VortexException.Kind.IO,
                    name + ": range [" + offset + ", +" + length + ") lies outside the " + size + "-byte object");
        }
        return fetch("bytes=" + offset + "-" + (offset + length - 1), offset, length, arena);
    }

    @Override
    public ReadCounters counters() {
        return counters;
    }

    @Override
    public FetchOptions fetchOptions() {
        if (options.fetch() != null) {
            return options.fetch();
        }
        FetchOptions f = fetch;
        if (f == null) {
            f = FetchOptions.forLink(latency < 0 ? 0.005 : latency, bandwidth);
            fetch = f;
        }
        return f;
    }

    /// Returns the options this source was opened with.
    RemoteOptions options() {
        return options;
    }

    /// Pins the object's version to one seen before (a cached tail's size and ETag): any answer
    /// of another version then fails, so bytes of two versions are never mixed.
    synchronized void pin(long size, String etag) {
        this.size = size;
        this.etag = etag;
    }

    /// Returns the object's ETag (pinned at the first response), or null.
    public String etag() {
        return etag;
    }

    @Override
    public void close() {
        // The shared client's connections are pooled (reused by the next open); nothing to release.
    }

    /// The object's version as a `HEAD` request reports it.
    ///
    /// @param size the object's size (the answer's `Content-Length`)
    /// @param etag its `ETag`, or null when the server sends none
    record Version(long size, String etag) {}

    /// Asks the server for the object's version with a `HEAD` request (no body: an S3 server
    /// that answers a ranged `GET` by reading the whole object answers this from its metadata),
    /// retrying as reads do. Returns null when the answer cannot tell (the server refuses `HEAD`,
    /// as a URL presigned for `GET` does, or sends no length): ask with a ranged read then.
    /// A missing object (`404`, `410`) or an attempt budget spent ends in a [VortexException]
    /// of kind `IO`.
    Version head() {
        long backoff = options.backoff().toNanos();
        String failure = "no answer";
        Throwable cause = null;
        for (int attempt = 1; attempt <= options.attempts(); attempt++) {
            if (attempt > 1) {
                backoff = pauseBeforeRetry(backoff);
            }
            HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                    .timeout(options.requestTimeout())
                    .method("HEAD", HttpRequest.BodyPublishers.noBody());
            signer.sign("HEAD", uri, Map.of(), builder);
            counters.request(0);
            HttpResponse<Void> response;
            try {
                response = client.send(builder.build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                failure = String.valueOf(e);
                cause = e;
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VortexException(VortexException.Kind.IO, "HEAD " + name + ": interrupted", e);
            }
            int status = response.statusCode();
            if (status == 404 || status == 410) {
                throw new VortexException(
                        VortexException.Kind.IO, "HEAD " + name + ": HTTP " + status + ", the object is gone");
            }
            if (status == 408 || status == 429 || status >= 500) {
                failure = "HTTP " + status;
                cause = null;
                continue;
            }
            long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (status != 200 || length < 0) {
                return null;
            }
            return new Version(length, response.headers().firstValue("ETag").orElse(null));
        }
        throw new VortexException(
                VortexException.Kind.IO,
                "HEAD " + name + ": " + failure + " (after " + options.attempts() + " attempts)",
                cause);
    }

    // ---- requests ----

    /// Fetches `range` (exactly `length` bytes from `offset`, or with `offset` -1 a suffix of
    /// at most `length` bytes) into memory from `arena`, retrying and hedging.
    private MemorySegment fetch(String range, long offset, long length, Arena arena) {
        long backoff = options.backoff().toNanos();
        Failure last = null;
        for (int attempt = 1; attempt <= options.attempts(); attempt++) {
            if (attempt > 1) {
                backoff = pauseBeforeRetry(backoff);
            }
            try {
                return hedged(range, offset, length, arena);
            } catch (Failure f) {
                if (!f.retryable) {
                    throw error(range, f.getMessage(), f.getCause());
                }
                last = f;
            }
        }
        throw error(
                range,
                last.getMessage() + " (after " + options.attempts() + " attempts)",
                last.getCause() == null ? last : last.getCause());
    }

    /// Counts a retry and waits a random time up to `backoff` nanoseconds (full jitter); returns
    /// the next retry's bound (doubled, at most the maximum backoff).
    private long pauseBeforeRetry(long backoff) {
        counters.retry();
        sleep(ThreadLocalRandom.current().nextLong(backoff + 1));
        return Math.min(options.maxBackoff().toNanos(), backoff * 2);
    }

    private VortexException error(String range, String message, Throwable cause) {
        return new VortexException(VortexException.Kind.IO, "GET " + name + " " + range + ": " + message, cause);
    }

    private static void sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, "interrupted while waiting to retry", e);
        }
    }

    /// The share of attempts that may draw a hedge (one in ten, and always the first straggler).
    static final int HEDGE_SHARE = 10;

    /// One attempt, with a hedge sent if it straggles: the first success wins, the other is cut.
    ///
    /// A straggler is an attempt running three times longer than expected (latency plus size
    /// over bandwidth), and never before the floor: twice the 90th percentile of the recent
    /// times to headers plus the transfer time, so a server whose answers are merely slow to
    /// start does not draw a hedge on every request. At most one attempt in [#HEDGE_SHARE] of
    /// this source is hedged (the first straggler always may be): hedges on a congested link
    /// only add to the congestion.
    private MemorySegment hedged(String range, long offset, long length, Arena arena) throws Failure {
        Call first = new Call();
        long number = attempts.incrementAndGet();
        CompletableFuture<MemorySegment> a = start(first, range, offset, length, arena);
        long floor = headerFloorNanos();
        if (!options.hedge() || latency < 0 || floor < 0) {
            return await(a);
        }
        double transfer = length / bandwidth;
        long hedgeNanos = Math.max(
                (long) (3e9 * (latency + transfer)) + TimeUnit.MILLISECONDS.toNanos(20),
                floor + (long) (1e9 * transfer));
        try {
            return a.get(hedgeNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // A straggler: race a duplicate against it, unless the cap is reached.
        } catch (InterruptedException e) {
            first.cancel();
            Thread.currentThread().interrupt();
            throw new Failure("interrupted", e, false);
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
        long allowed = Math.max(1, Math.max(number, attempts.get()) / HEDGE_SHARE);
        if (hedges.incrementAndGet() > allowed) {
            hedges.decrementAndGet();
            return await(a);
        }
        counters.hedge();
        Call second = new Call();
        CompletableFuture<MemorySegment> b = start(second, range, offset, length, arena);
        CompletableFuture<MemorySegment> winner = new CompletableFuture<>();
        AtomicInteger failures = new AtomicInteger();
        for (CompletableFuture<MemorySegment> f : List.of(a, b)) {
            f.whenComplete((v, t) -> {
                if (t == null) {
                    winner.complete(v);
                } else if (failures.incrementAndGet() == 2) {
                    winner.completeExceptionally(t);
                }
            });
        }
        try {
            return await(winner);
        } finally {
            first.cancel();
            second.cancel();
        }
    }

    private static MemorySegment await(CompletableFuture<MemorySegment> f) throws Failure {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure("interrupted", e, false);
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    private static Failure unwrap(ExecutionException e) {
        Throwable c = e.getCause();
        while (c instanceof java.util.concurrent.CompletionException && c.getCause() != null) {
            c = c.getCause();
        }
        if (c instanceof Failure f) {
            return f;
        }
        return new Failure(String.valueOf(c), c, true);
    }

    private CompletableFuture<MemorySegment> start(Call call, String range, long offset, long length, Arena arena) {
        CompletableFuture<MemorySegment> out = new CompletableFuture<>();
        Thread.ofVirtual().name("jvortex-http").start(() -> {
            try {
                out.complete(attempt(call, range, offset, length, arena));
            } catch (Failure f) {
                out.completeExceptionally(f);
            } catch (RuntimeException e) {
                out.completeExceptionally(new Failure(e.toString(), e, false));
            }
        });
        return out;
    }

    /// What one attempt may be cancelled through (the hedge's loser, a deadline).
    private static final class Call {
        volatile boolean cancelled;
        volatile CompletableFuture<?> sending;
        volatile InputStream body;

        void cancel() {
            cancelled = true;
            CompletableFuture<?> s = sending;
            if (s != null) {
                s.cancel(true);
            }
            InputStream in = body;
            if (in != null) {
                try {
                    in.close();
                } catch (IOException e) {
                    // Closing only cuts the transfer.
                }
            }
        }
    }

    /// A failed attempt; `retryable` when another attempt may succeed.
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;
        final boolean retryable;

        Failure(String message, Throwable cause, boolean retryable) {
            super(message, cause);
            this.retryable = retryable;
        }
    }

    private MemorySegment attempt(Call call, String range, long offset, long length, Arena arena) throws Failure {
        long started = System.nanoTime();
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(options.requestTimeout())
                .GET()
                .header("Range", range);
        signer.sign("GET", uri, Map.of("range", range), builder);
        counters.request(length);
        ScheduledFuture<?> watchdog =
                WATCHDOG.schedule(call::cancel, options.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
        try {
            CompletableFuture<HttpResponse<InputStream>> sending =
                    client.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
            call.sending = sending;
            if (call.cancelled) {
                sending.cancel(true);
            }
            HttpResponse<InputStream> response;
            try {
                response = sending.get();
            } catch (ExecutionException e) {
                throw new Failure(String.valueOf(e.getCause()), e.getCause(), true);
            } catch (java.util.concurrent.CancellationException e) {
                throw new Failure("no response within the deadline or cancelled", e, true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure("interrupted", e, false);
            }
            long headers = System.nanoTime();
            InputStream in = response.body();
            call.body = in;
            if (call.cancelled) {
                closeQuietly(in);
                throw new Failure("cancelled", null, true);
            }
            try {
                int status = response.statusCode();
                if (status != 206 && status != 200) {
                    String text = snippet(in);
                    boolean retry = status == 408 || status == 429 || status >= 500;
                    throw new Failure("HTTP " + status + (text.isEmpty() ? "" : ": " + text), null, retry);
                }
                checkEtag(response);
                long total;
                long first;
                long count;
                if (status == 206) {
                    String cr = response.headers().firstValue("Content-Range").orElse(null);
                    long[] parsed = contentRange(cr);
                    if (parsed == null) {
                        throw new Failure("206 without a valid Content-Range (" + cr + ")", null, false);
                    }
                    first = parsed[0];
                    count = parsed[1] - parsed[0] + 1;
                    total = parsed[2];
                } else {
                    // The server ignored the range: acceptable only when the answer is what we asked.
                    total = response.headers()
                            .firstValueAsLong("Content-Length")
                            .orElse(-1);
                    first = 0;
                    count = total;
                    boolean whole = offset <= 0 && total >= 0 && (offset < 0 ? total <= length : total == length);
                    if (!whole) {
                        throw new Failure("the server ignored the Range header (HTTP 200)", null, false);
                    }
                }
                long expectFirst = offset >= 0 ? offset : Math.max(0, total - length);
                long expectCount = offset >= 0 ? length : Math.min(length, total);
                if (first != expectFirst || count != expectCount) {
                    throw new Failure(
                            "the server answered bytes " + first + "-" + (first + count - 1) + "/" + total, null, true);
                }
                long known = size;
                if (known >= 0 && known != total) {
                    throw new Failure(
                            "the object's size changed from " + known + " to " + total + " bytes", null, false);
                }
                size = total;
                MemorySegment out = body(in, count, call, arena);
                observe(headers - started, System.nanoTime() - headers, count);
                return out;
            } finally {
                closeQuietly(in);
            }
        } finally {
            watchdog.cancel(false);
        }
    }

    private void checkEtag(HttpResponse<?> response) throws Failure {
        String tag = response.headers().firstValue("ETag").orElse(null);
        if (tag == null) {
            return;
        }
        synchronized (this) {
            if (etag == null) {
                etag = tag;
            } else if (!etag.equals(tag)) {
                throw new Failure("the object changed while reading (ETag " + etag + ", now " + tag + ")", null, false);
            }
        }
    }

    /// Updates the latency (every request's time to headers: a server that takes long to start
    /// any answer, such as one that reads the whole object per range, must not look like a
    /// straggler on every request and draw a hedge each time) and the bandwidth (large bodies).
    private void observe(long headerNanos, long bodyNanos, long bytes) {
        synchronized (headerTimes) {
            headerTimes[headerCount++ % headerTimes.length] = headerNanos;
        }
        double s = headerNanos / 1e9;
        latency = latency < 0 ? s : 0.8 * latency + 0.2 * s;
        if (bytes >= 256 << 10 && bodyNanos > 0) {
            double b = bytes / (bodyNanos / 1e9);
            bandwidth = 0.7 * bandwidth + 0.3 * b;
        }
    }

    /// Returns the hedge floor: twice the 90th percentile of the recent times to headers, or -1
    /// before any answer came.
    long headerFloorNanos() {
        long[] recent;
        synchronized (headerTimes) {
            recent = java.util.Arrays.copyOf(headerTimes, Math.min(headerCount, headerTimes.length));
        }
        if (recent.length == 0) {
            return -1;
        }
        java.util.Arrays.sort(recent);
        return 2 * recent[(int) Math.min(recent.length - 1, Math.ceil(0.9 * recent.length) - 1)];
    }

    /// Reads exactly `count` bytes into memory from `arena` (null: memory the garbage collector
    /// frees, for the small tail read at open).
    private static MemorySegment body(InputStream in, long count, Call call, Arena arena) throws Failure {
        MemorySegment out = (arena == null ? Arena.ofAuto() : arena)
                .allocate(Math.max(1, count), 16)
                .asSlice(0, count);
        byte[] buf = new byte[(int) Math.min(BUFFER, Math.max(1, count))];
        long pos = 0;
        try {
            while (pos < count) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, count - pos));
                if (n < 0) {
                    throw new Failure("the body ended after " + pos + " of " + count + " bytes", null, true);
                }
                MemorySegment.copy(buf, 0, out, ValueLayout.JAVA_BYTE, pos, n);
                pos += n;
            }
            // Read to the end of the body: a body closed before its end costs the connection,
            // and the next request (of this or another object) would open a new one.
            if (in.read() >= 0) {
                throw new Failure("the body is longer than its " + count + " bytes", null, true);
            }
        } catch (IOException e) {
            throw new Failure(
                    (call.cancelled ? "cut at the deadline" : "reading the body failed") + " after " + pos + " of "
                            + count + " bytes: " + e,
                    e,
                    true);
        }
        return out;
    }

    private static String snippet(InputStream in) {
        try {
            byte[] b = in.readNBytes(200);
            return new String(b, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // Nothing more to do.
        }
    }

    /// Parses `bytes first-last/total` into {first, last, total}, or null.
    static long[] contentRange(String header) {
        if (header == null || !header.startsWith("bytes ")) {
            return null;
        }
        String v = header.substring(6).trim();
        int dash = v.indexOf('-');
        int slash = v.indexOf('/');
        if (dash <= 0 || slash < dash) {
            return null;
        }
        try {
            long first = Long.parseLong(v.substring(0, dash));
            long last = Long.parseLong(v.substring(dash + 1, slash));
            long total = Long.parseLong(v.substring(slash + 1));
            if (first < 0 || last < first || total <= last) {
                return null;
            }
            return new long[] {first, last, total};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
