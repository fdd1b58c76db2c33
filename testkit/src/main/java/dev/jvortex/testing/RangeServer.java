package dev.jvortex.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/// A loopback HTTP server for tests that serves the files under a folder with single-range
/// support (`bytes=a-b`, `bytes=a-`, `bytes=-n`), answering `206` with `Content-Range` and an
/// `ETag` (size and modification time), `200` without a range and `416` for a range outside.
@SuppressForbidden(reason = "the JDK HTTP server (jdk.httpserver) serves the test files")
public final class RangeServer implements AutoCloseable {
    private final Path root;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong requests = new AtomicLong();
    private final Set<InetSocketAddress> connections = ConcurrentHashMap.newKeySet();

    private RangeServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /// Serves the files under `root` on a free loopback port.
    public static RangeServer serve(Path root) {
        try {
            return new RangeServer(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /// Returns the base URL (`http://127.0.0.1:port/`).
    public URI base() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort() + "/");
    }

    /// Returns the URL of `file` (relative to the root).
    public URI url(String file) {
        return base().resolve(file);
    }

    /// Returns the requests served so far.
    public long requests() {
        return requests.get();
    }

    /// Returns the client connections seen so far (distinct client addresses and ports).
    public int connections() {
        return connections.size();
    }

    private void handle(HttpExchange ex) throws IOException {
        requests.incrementAndGet();
        connections.add(ex.getRemoteAddress());
        try (ex) {
            Path file = root.resolve(ex.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                send(ex, 404, "not found");
                return;
            }
            long size = Files.size(file);
            String etag = "\"" + size + "-" + Files.getLastModifiedTime(file).toMillis() + "\"";
            ex.getResponseHeaders().set("ETag", etag);
            ex.getResponseHeaders().set("Accept-Ranges", "bytes");
            String range = ex.getRequestHeaders().getFirst("Range");
            long first = 0;
            long last = size - 1;
            int status = 200;
            if (range != null) {
                long[] r = parse(range, size);
                if (r == null) {
                    ex.getResponseHeaders().set("Content-Range", "bytes */" + size);
                    send(ex, 416, "range not satisfiable");
                    return;
                }
                first = r[0];
                last = r[1];
                status = 206;
                ex.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + size);
            }
            long length = last - first + 1;
            if (ex.getRequestMethod().equals("HEAD")) {
                ex.getResponseHeaders().set("Content-Length", Long.toString(length));
                ex.sendResponseHeaders(status, -1);
                return;
            }
            ex.sendResponseHeaders(status, length == 0 ? -1 : length);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                OutputStream out = ex.getResponseBody();
                ByteBuffer buf = ByteBuffer.allocate(64 << 10);
                long pos = first;
                while (pos <= last) {
                    buf.clear().limit((int) Math.min(buf.capacity(), last - pos + 1));
                    int n = ch.read(buf, pos);
                    if (n < 0) {
                        break;
                    }
                    out.write(buf.array(), 0, n);
                    pos += n;
                }
            }
        } catch (IOException e) {
            // The client went away.
        }
    }

    /// Parses one range against `size`: {first, last}, or null when unsatisfiable.
    static long[] parse(String header, long size) {
        if (!header.startsWith("bytes=") || header.contains(",")) {
            return null;
        }
        String v = header.substring(6).trim();
        int dash = v.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            if (dash == 0) {
                long n = Long.parseLong(v.substring(1));
                if (n <= 0 || size == 0) {
                    return null;
                }
                return new long[] {Math.max(0, size - n), size - 1};
            }
            long first = Long.parseLong(v.substring(0, dash));
            long last = dash == v.length() - 1 ? size - 1 : Math.min(size - 1, Long.parseLong(v.substring(dash + 1)));
            return first >= size || last < first ? null : new long[] {first, last};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void send(HttpExchange ex, int status, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, b.length);
        ex.getResponseBody().write(b);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
