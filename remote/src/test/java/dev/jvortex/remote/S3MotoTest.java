package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.LinkProxy;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Reads `s3://` objects from a real S3-compatible server, `moto` (pinned in the oracle venv),
/// started on a loopback port: directly and through the link proxy, signed with our SigV4
/// signer and credentials from the environment or a profile file. Without moto the test fails
/// under CI and is skipped elsewhere.
class S3MotoTest {
    @TempDir
    static Path dir;

    static Process moto;
    static URI endpoint;
    static Path file;

    @BeforeAll
    static void start() throws Exception {
        Path python = Oracle.python();
        Oracle.Result check = Oracle.run(List.of(python.toString(), "-c", "import moto.server"), dir, 120);
        if (!check.ok()) {
            Oracle.unavailable("moto[server] is not installed in the oracle venv: "
                    + check.stderr().strip());
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder(
                        python.toString(), "-m", "moto.server", "-H", "127.0.0.1", "-p", Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("moto.log").toFile());
        moto = pb.start();
        endpoint = URI.create("http://127.0.0.1:" + port);
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                client.send(
                        HttpRequest.newBuilder(endpoint.resolve("/")).build(), HttpResponse.BodyHandlers.discarding());
                break;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !moto.isAlive()) {
                    throw new IllegalStateException(
                            "moto did not start: " + Files.readString(dir.resolve("moto.log")), e);
                }
                Thread.sleep(200);
            }
        }
        file = TestTable.write(dir.resolve("t.vortex"));
        put(client, "/data", new byte[0]);
        put(client, "/data/tables/t%20one.vortex", Files.readAllBytes(file));
    }

    private static void put(HttpClient client, String path, byte[] body) throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(endpoint.resolve(path))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), "PUT " + path + ": " + r.body());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (moto != null) {
            moto.destroy();
            if (!moto.waitFor(10, TimeUnit.SECONDS)) {
                moto.destroyForcibly();
            }
        }
    }

    static Map<String, String> env(URI endpoint) {
        Map<String, String> env = new HashMap<>();
        env.put("AWS_ENDPOINT_URL", endpoint.toString());
        env.put("AWS_ACCESS_KEY_ID", "testing");
        env.put("AWS_SECRET_ACCESS_KEY", "testing-secret");
        env.put("AWS_REGION", "us-east-1");
        return env;
    }

    @Test
    void aSignedHeadReportsTheVersionARangedReadSees() {
        HttpReadSource s = (HttpReadSource)
                RemoteSources.open("s3://data/tables/t one.vortex", RemoteOptions.DEFAULT, env(endpoint)::get, null);
        HttpReadSource.Version v = s.head();
        assertTrue(v != null, "the server answers a signed HEAD with a length");
        assertEquals(s.readTail(16).size(), v.size());
        assertEquals(s.etag(), v.etag());
    }

    @Test
    void readsAnObjectPathStyleWithEnvironmentCredentials() {
        Map<String, String> env = env(endpoint);
        try (VortexFile f = VortexFile.open(
                RemoteSources.open("s3://data/tables/t one.vortex", RemoteOptions.DEFAULT, env::get, null))) {
            assertEquals(1, f.readStatistics().requests());
            assertEquals(
                    TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(2)));
            assertEquals(
                    1, TestTable.scanAndCheck(f, ScanOptions.columns("name").withFilter("id = 4242")));
        }
    }

    @Test
    void readsThroughTheProxyWithProfileCredentialsAndFaults() throws IOException {
        Path credentials = dir.resolve("credentials");
        Files.writeString(
                credentials,
                "[other]\naws_access_key_id = A\naws_secret_access_key = B\n\n[bench]\n"
                        + "aws_access_key_id = testing\naws_secret_access_key = from-profile\n");
        try (LinkProxy proxy = LinkProxy.to(endpoint.resolve("/"))
                .delay(2)
                .faults(n -> n % 2 == 0 ? LinkProxy.Fault.ERROR_503 : LinkProxy.Fault.NONE)) {
            Map<String, String> env = new HashMap<>();
            env.put("AWS_ENDPOINT_URL", proxy.base().toString());
            env.put("AWS_SHARED_CREDENTIALS_FILE", credentials.toString());
            env.put("AWS_PROFILE", "bench");
            RemoteOptions opts = RemoteOptions.DEFAULT.withRetries(4, Duration.ofMillis(5));
            try (VortexFile f =
                    VortexFile.open(RemoteSources.open("s3://data/tables/t one.vortex", opts, env::get, null))) {
                assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.columns("id", "v")));
                assertTrue(f.readStatistics().retries() > 0, f.readStatistics().toString());
            }
        }
    }

    /// Virtual-host style (`bucket.host/key`) against moto, which takes the bucket from the
    /// `Host` header. `*.localhost` names do not resolve on this machine, so the client sends
    /// its requests to moto as its HTTP proxy ([RemoteOptions#withProxy]): the request line is
    /// the absolute URL `http://data.s3.localhost:PORT/tables/t%20one.vortex`, the `Host`
    /// header (signed) `data.s3.localhost:PORT`, and no name is ever looked up.
    @Test
    void readsAnObjectVirtualHostStyle() {
        Map<String, String> env = env(URI.create("http://s3.localhost:" + endpoint.getPort()));
        env.put("JVORTEX_S3_ADDRESSING", "virtual");
        RemoteOptions viaMoto = RemoteOptions.DEFAULT.withProxy(
                ProxySelector.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), endpoint.getPort())));
        HttpReadSource source =
                (HttpReadSource) RemoteSources.open("s3://data/tables/t one.vortex", viaMoto, env::get, null);
        assertEquals(
                URI.create("http://data.s3.localhost:" + endpoint.getPort() + "/tables/t%20one.vortex"), source.uri());
        try (VortexFile f = VortexFile.open(source)) {
            assertEquals(1, f.readStatistics().requests());
            assertEquals(
                    TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(2)));
        }
        // The bucket really comes from the host name: another bucket's name there is not found.
        VortexException e = assertThrows(
                VortexException.class,
                () -> VortexFile.open(
                        RemoteSources.open("s3://nosuchbucket/tables/t one.vortex", viaMoto, env::get, null)));
        assertTrue(e.getMessage().contains("404"), e.getMessage());
    }

    @Test
    void aMissingKeyIsAnIoErrorNamingTheLocation() {
        Map<String, String> env = env(endpoint);
        VortexException e = assertThrows(
                VortexException.class,
                () -> VortexFile.open(
                        RemoteSources.open("s3://data/none.vortex", RemoteOptions.DEFAULT, env::get, null)));
        assertEquals(VortexException.Kind.IO, e.kind());
        assertTrue(
                e.getMessage().contains("s3://data/none.vortex")
                        && e.getMessage().contains("404"),
                e.getMessage());
    }
}
