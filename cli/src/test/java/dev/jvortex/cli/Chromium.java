package dev.jvortex.cli;

import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/// A headless Chromium driven over the Chrome DevTools protocol (JSON messages on a WebSocket,
/// the JDK's own client): enough to load a page, collect its console errors, evaluate script in
/// it and take a screenshot.
///
/// The browser comes from `scripts/browser-env.sh` (Chromium on the path, or Debian's package
/// installed with apt-get). Policy, as for the oracle: when it cannot be set up, a test fails
/// under CI (the `CI` environment variable set) and is skipped with a loud message elsewhere.
final class Chromium implements AutoCloseable {
    /// Seconds `scripts/browser-env.sh` may take (the first run installs the package).
    private static final long SETUP_TIMEOUT_SECONDS = 900;

    private static final long CALL_TIMEOUT_SECONDS = 30;
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private static Path executable;
    private static String setupError;

    private final Process process;
    private final Path log;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<Map<String, Object>>> pending = new ConcurrentHashMap<>();
    private final List<Map<String, Object>> events = new ArrayList<>();

    private Chromium(Process process, Path log, String endpoint) throws InterruptedException, IOException {
        this.process = process;
        this.log = log;
        try {
            this.socket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .connectTimeout(Duration.ofSeconds(CALL_TIMEOUT_SECONDS))
                    .buildAsync(URI.create(endpoint), new Listener())
                    .get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot connect to the browser at " + endpoint, e);
        }
    }

    /// Returns the browser executable, setting it up on first use; fails (CI) or aborts the test
    /// (elsewhere) when that is impossible.
    static synchronized Path executable() {
        if (executable == null && setupError == null) {
            try {
                Oracle.Result r = Oracle.run(
                        List.of(
                                "bash",
                                Oracle.root().resolve("scripts/browser-env.sh").toString()),
                        Oracle.root(),
                        SETUP_TIMEOUT_SECONDS);
                if (r.ok()) {
                    executable = Path.of(r.stdout().strip());
                    System.err.println("[browser] " + r.stderr().strip().replace("\n", "; "));
                } else {
                    setupError = "scripts/browser-env.sh failed (" + r.status() + "): "
                            + r.stderr().strip();
                }
            } catch (IOException e) {
                setupError = "cannot run scripts/browser-env.sh: " + e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                setupError = "interrupted while running scripts/browser-env.sh";
            }
        }
        if (setupError != null) {
            String msg = "THE HEADLESS BROWSER (Chromium) IS UNAVAILABLE: " + setupError;
            System.err.println("!!!!! " + msg);
            if (System.getenv("CI") != null) {
                fail(msg);
            }
            Assumptions.abort(msg + " (skipped outside CI; set CI=1 to make this fatal)");
        }
        return executable;
    }

    /// Starts a headless browser with its profile in `profile` (an empty folder).
    static Chromium start(Path profile) throws IOException, InterruptedException {
        Path log = profile.resolveSibling(profile.getFileName() + ".log");
        Process p = new ProcessBuilder(
                        executable().toString(),
                        "--headless",
                        // As root (CI containers) Chromium refuses to start sandboxed; it loads only our page.
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--no-first-run",
                        "--no-default-browser-check",
                        "--disable-extensions",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-port=0",
                        "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CALL_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            Matcher m = LISTENING.matcher(text);
            if (m.find()) {
                try {
                    return new Chromium(p, log, m.group(1));
                } catch (IOException | RuntimeException e) {
                    stop(p);
                    throw e;
                }
            }
            if (!p.isAlive()) {
                throw new IOException("the browser exited with status " + p.exitValue() + ": " + text.strip());
            }
            Thread.sleep(50);
        }
        stop(p);
        throw new IOException("the browser printed no DevTools address within " + CALL_TIMEOUT_SECONDS + " s: "
                + Files.readString(log, StandardCharsets.UTF_8).strip());
    }

    /// Sends a command (to the page attached as `session`, or to the browser when null) and
    /// returns its result; a protocol error fails.
    @SuppressWarnings("unchecked")
    Map<String, Object> call(String session, String method, Map<String, Object> params)
            throws IOException, InterruptedException {
        int id = ids.incrementAndGet();
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("id", id);
        if (session != null) {
            msg.put("sessionId", session);
        }
        msg.put("method", method);
        msg.put("params", params);
        CompletableFuture<Map<String, Object>> answer = new CompletableFuture<>();
        pending.put(id, answer);
        Map<String, Object> reply;
        try {
            socket.sendText(json(msg), true).get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            reply = answer.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(method + ": no answer from the browser", e);
        } finally {
            pending.remove(id);
        }
        if (reply.get("error") != null) {
            throw new IOException(method + " failed: " + reply.get("error"));
        }
        Object result = reply.get("result");
        return result == null ? Map.of() : (Map<String, Object>) result;
    }

    /// Waits until the event `method` arrives (or has arrived) for `session`.
    void await(String session, String method) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CALL_TIMEOUT_SECONDS);
        synchronized (events) {
            while (events.stream()
                    .noneMatch(e -> method.equals(e.get("method")) && session.equals(e.get("sessionId")))) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new IOException("no " + method + " within " + CALL_TIMEOUT_SECONDS + " s");
                }
                events.wait(left);
            }
        }
    }

    /// Returns a copy of the events received so far.
    List<Map<String, Object>> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    @Override
    public void close() {
        try {
            socket.sendText("{\"id\":0,\"method\":\"Browser.close\",\"params\":{}}", true)
                    .get(5, TimeUnit.SECONDS);
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // stopped below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop(process);
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // a left-over log in the test's temporary folder
        }
    }

    private static void stop(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /// Receives whole messages: answers complete their call, events are kept.
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        @SuppressWarnings("unchecked")
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                Map<String, Object> msg = (Map<String, Object>) Json.parse(partial.toString());
                partial.setLength(0);
                if (msg.get("id") instanceof Json.Num n) {
                    CompletableFuture<Map<String, Object>> f = pending.get(n.intValue());
                    if (f != null) {
                        f.complete(msg);
                    }
                } else {
                    synchronized (events) {
                        events.add(msg);
                        events.notifyAll();
                    }
                }
            }
            webSocket.request(1);
            return null;
        }
    }

    /// Writes maps, lists, strings, numbers, booleans and null as JSON.
    static String json(Object v) {
        StringBuilder sb = new StringBuilder();
        json(sb, v);
        return sb.toString();
    }

    private static void json(StringBuilder sb, Object v) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> {
                sb.append('"');
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    if (c == '"' || c == '\\') {
                        sb.append('\\').append(c);
                    } else if (c < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
                sb.append('"');
            }
            case Number n -> sb.append(n);
            case Boolean b -> sb.append(b);
            case Map<?, ?> m -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        sb.append(',');
                    }
                    first = false;
                    json(sb, e.getKey().toString());
                    sb.append(':');
                    json(sb, e.getValue());
                }
                sb.append('}');
            }
            case List<?> l -> {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    json(sb, l.get(i));
                }
                sb.append(']');
            }
            default -> throw new IllegalArgumentException("no JSON for " + v.getClass());
        }
    }
}
