package dev.jvortex.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/// A loopback HTTP proxy for tests, in front of one origin server: it models a link (a delay
/// before each response, a bandwidth cap shared by all connections) and injects faults chosen
/// per request by a [Fault] policy (dropped connections, error statuses, truncated bodies,
/// stalls). Requests go to `base()` + the origin path; the request line, `Range` and the
/// `Authorization` / `x-amz-*` headers are forwarded.
@SuppressForbidden(reason = "the JDK HTTP server (jdk.httpserver) is the proxy front end")
public final class LinkProxy implements AutoCloseable {
    /// What to do with one request.
    public enum Fault {
        /// Forward normally.
        NONE,
        /// Close the connection without an answer.
        DROP,
        /// Answer 500.
        ERROR_500,
        /// Answer 503.
        ERROR_503,
        /// Send the headers of the full answer but only half the body, then close.
        TRUNCATE,
        /// Send half the body, then stall for a minute before the rest.
        STALL
    }

    private static final Set<String> HOP = Set.of(
            "connection",
            "content-length",
            "host",
            "transfer-encoding",
            "keep-alive",
            "upgrade",
            "expect",
            "te",
            "trailer",
            "proxy-connection",
            "date");

    private final URI origin;
    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bytesSent = new AtomicLong();
    private volatile long delayMillis;
    private volatile double bytesPerSecond;
    private volatile LongFunction<Fault> faults = n -> Fault.NONE;
    private long nextFree;

    private LinkProxy(URI origin) throws IOException {
        this.origin = origin;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /// Starts a proxy in front of `origin` (its base URL).
    public static LinkProxy to(URI origin) {
        try {
            return new LinkProxy(origin);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /// Returns the proxy's base URL.
    public URI base() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort() + "/");
    }

    /// Sets the delay added before each answer (a round trip of the modelled link).
    public LinkProxy delay(long millis) {
        this.delayMillis = millis;
        return this;
    }

    /// Caps the bandwidth of all answers together (0: no cap).
    public LinkProxy bandwidth(double bytesPerSecond) {
        this.bytesPerSecond = bytesPerSecond;
        return this;
    }

    /// Chooses the fault of each request by its number (from 1).
    public LinkProxy faults(LongFunction<Fault> policy) {
        this.faults = policy;
        return this;
    }

    /// Returns the requests received so far.
    public long requests() {
        return requests.get();
    }

    /// Returns the body bytes sent so far.
    public long bytesSent() {
        return bytesSent.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        long n = requests.incrementAndGet();
        Fault fault = faults.apply(n);
        try {
            if (delayMillis > 0) {
                Thread.sleep(delayMillis);
            }
            switch (fault) {
                case DROP -> {
                    ex.close(); // no status line: the client sees the connection close
                    return;
                }
                case ERROR_500, ERROR_503 -> {
                    byte[] b = "injected fault".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    ex.sendResponseHeaders(fault == Fault.ERROR_500 ? 500 : 503, b.length);
                    ex.getResponseBody().write(b);
                    ex.close();
                    return;
                }
                default -> {}
            }
            URI target = origin.resolve(ex.getRequestURI().getRawPath().substring(1)
                    + (ex.getRequestURI().getRawQuery() == null
                            ? ""
                            : "?" + ex.getRequestURI().getRawQuery()));
            HttpRequest.Builder b = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30));
            byte[] body = ex.getRequestBody().readAllBytes();
            b.method(
                    ex.getRequestMethod(),
                    body.length == 0
                            ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> h : ex.getRequestHeaders().entrySet()) {
                if (!HOP.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                    for (String v : h.getValue()) {
                        b.header(h.getKey(), v);
                    }
                }
            }
            HttpResponse<InputStream> r = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
            for (Map.Entry<String, List<String>> h : r.headers().map().entrySet()) {
                if (!HOP.contains(h.getKey().toLowerCase(Locale.ROOT))
                        && !h.getKey().startsWith(":")) {
                    ex.getResponseHeaders().put(h.getKey(), h.getValue());
                }
            }
            long length = r.headers().firstValueAsLong("Content-Length").orElse(-1);
            try (InputStream in = r.body()) {
                if (ex.getRequestMethod().equals("HEAD") || length == 0) {
                    if (length >= 0) {
                        // A HEAD answer carries the object's length (clients take the size from it).
                        ex.getResponseHeaders().set("Content-Length", Long.toString(length));
                    }
                    ex.sendResponseHeaders(r.statusCode(), -1);
                    ex.close();
                    return;
                }
                ex.sendResponseHeaders(r.statusCode(), length < 0 ? 0 : length);
                OutputStream out = ex.getResponseBody();
                byte[] buf = new byte[16 << 10];
                long sent = 0;
                long half = length < 0 ? Long.MAX_VALUE : length / 2;
                int k;
                while ((k = in.read(buf)) > 0) {
                    if ((fault == Fault.TRUNCATE || fault == Fault.STALL) && sent + k > half) {
                        int part = (int) (half - sent);
                        out.write(buf, 0, part);
                        out.flush();
                        if (fault == Fault.STALL) {
                            Thread.sleep(60_000);
                        }
                        // Closing with bytes missing makes the server drop the connection.
                        throw new IOException("injected truncation");
                    }
                    pace(k);
                    out.write(buf, 0, k);
                    sent += k;
                    bytesSent.addAndGet(k);
                }
            }
            ex.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ex.close();
        } catch (IOException e) {
            ex.close();
        }
    }

    /// Waits until the shared link can carry `bytes` more.
    private void pace(int bytes) throws InterruptedException {
        double bw = bytesPerSecond;
        if (bw <= 0) {
            return;
        }
        long wait;
        synchronized (this) {
            long now = System.nanoTime();
            long start = Math.max(now, nextFree);
            nextFree = start + (long) (bytes / bw * 1e9);
            wait = nextFree - now;
        }
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
