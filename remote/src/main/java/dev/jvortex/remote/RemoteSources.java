package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.ReadSource;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.function.Function;

/// Opens a location: a local path, an `http(s)://` URL, or `s3://bucket/key`.
///
/// S3 settings come from the environment, as the AWS tools read them: credentials from
/// [AwsCredentials#find(Function)] (anonymous requests when there are none), the region from
/// [AwsCredentials#region(Function)], the endpoint from `AWS_ENDPOINT_URL_S3` or
/// `AWS_ENDPOINT_URL` (else AWS's `https://s3.<region>.amazonaws.com`). Addressing is
/// virtual-host style (`bucket.host/key`) on AWS and path style (`host/bucket/key`) on a custom
/// endpoint, as S3-compatible servers usually want; `JVORTEX_S3_ADDRESSING=path|virtual`
/// chooses. `JVORTEX_CACHE_DIR` turns the disk tier of the block cache on
/// (`JVORTEX_CACHE_DISK_BYTES`, default 4 GiB); `JVORTEX_CACHE_MEMORY_BYTES` bounds the memory
/// tier (default 256 MiB, 0 for no cache).
public final class RemoteSources {
    private RemoteSources() {}

    private static volatile BlockCache defaultCache;

    /// Returns true when `location` names a remote object (`http://`, `https://`, `s3://`).
    public static boolean isRemote(String location) {
        String l = location.toLowerCase(Locale.ROOT);
        return l.startsWith("http://") || l.startsWith("https://") || l.startsWith("s3://");
    }

    /// Opens `location` as a file with the process environment and default options.
    public static VortexFile openFile(String location) {
        return VortexFile.open(open(location, options(System::getenv), System::getenv, defaultCache(System::getenv)));
    }

    /// Returns the default options with the cache's version check from `env`:
    /// `JVORTEX_CACHE_TAIL_CHECK` (`concurrent`, the default, or `blocking`) and
    /// `JVORTEX_CACHE_FRESHNESS_SECONDS` (default 0).
    public static RemoteOptions options(Function<String, String> env) {
        RemoteOptions o = RemoteOptions.DEFAULT;
        String check = env.apply("JVORTEX_CACHE_TAIL_CHECK");
        if (check != null && !check.isBlank()) {
            try {
                o = o.withTailCheck(RemoteOptions.TailCheck.valueOf(check.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw VortexException.misuse(
                        "JVORTEX_CACHE_TAIL_CHECK must be 'concurrent' or 'blocking' but was '" + check + "'");
            }
        }
        long seconds = bytes(env, "JVORTEX_CACHE_FRESHNESS_SECONDS", 0);
        if (seconds < 0) {
            throw VortexException.misuse("JVORTEX_CACHE_FRESHNESS_SECONDS must not be negative");
        }
        return o.withFreshness(java.time.Duration.ofSeconds(seconds));
    }

    /// Opens `location` with `options`, settings from `env` and the block cache `cache` (null: none).
    public static ReadSource open(
            String location, RemoteOptions options, Function<String, String> env, BlockCache cache) {
        if (!isRemote(location)) {
            return ReadSource.of(Path.of(location));
        }
        HttpReadSource source = location.toLowerCase(Locale.ROOT).startsWith("s3://")
                ? s3(location, options, env)
                : HttpReadSource.open(uri(location), options);
        return cache == null ? source : new CachedReadSource(source, cache);
    }

    /// Returns the process-wide cache configured by the environment (see the class docs), or null.
    public static BlockCache defaultCache(Function<String, String> env) {
        BlockCache c = defaultCache;
        if (c == null) {
            synchronized (RemoteSources.class) {
                c = defaultCache;
                if (c == null) {
                    long memory = bytes(env, "JVORTEX_CACHE_MEMORY_BYTES", 256L << 20);
                    String dir = env.apply("JVORTEX_CACHE_DIR");
                    long disk = bytes(env, "JVORTEX_CACHE_DISK_BYTES", 4L << 30);
                    if (memory == 0 && (dir == null || dir.isBlank())) {
                        return null;
                    }
                    c = new BlockCache(
                            BlockCache.DEFAULT_BLOCK_SIZE,
                            memory,
                            dir == null || dir.isBlank() ? null : Path.of(dir),
                            disk);
                    defaultCache = c;
                }
            }
        }
        return c;
    }

    /// Reads a whole number from `env` (`otherwise` when unset).
    private static long bytes(Function<String, String> env, String name, long otherwise) {
        String v = env.apply(name);
        if (v == null || v.isBlank()) {
            return otherwise;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw VortexException.misuse(name + " must be a whole number but was '" + v + "'");
        }
    }

    private static URI uri(String location) {
        try {
            return new URI(location);
        } catch (URISyntaxException e) {
            throw VortexException.misuse("not a valid URL: " + location + " (" + e.getMessage() + ")");
        }
    }

    /// Opens `s3://bucket/key`.
    static HttpReadSource s3(String location, RemoteOptions options, Function<String, String> env) {
        String rest = location.substring(5);
        int slash = rest.indexOf('/');
        if (slash <= 0 || slash == rest.length() - 1) {
            throw VortexException.misuse("not an S3 location (s3://bucket/key): " + location);
        }
        String bucket = rest.substring(0, slash);
        String key = rest.substring(slash + 1);
        String region = AwsCredentials.region(env);
        String endpoint = firstSet(env, "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL");
        String addressing = env.apply("JVORTEX_S3_ADDRESSING");
        boolean pathStyle = addressing != null && !addressing.isBlank()
                ? addressing.trim().equalsIgnoreCase("path")
                : endpoint != null;
        URI base = uri(endpoint != null ? endpoint : "https://s3." + region + ".amazonaws.com");
        URI target = objectUri(base, bucket, key, pathStyle);
        AwsCredentials credentials = AwsCredentials.find(env);
        RequestSigner signer = credentials == null
                ? RequestSigner.NONE
                : new SigV4Signer(credentials, region, "s3", Clock.systemUTC());
        return new HttpReadSource(target, location, HttpReadSource.client(options), signer, options);
    }

    /// The URL of `key` in `bucket` at `endpoint`, path or virtual-host style.
    static URI objectUri(URI endpoint, String bucket, String key, boolean pathStyle) {
        StringBuilder path = new StringBuilder();
        String prefix =
                endpoint.getRawPath() == null ? "" : endpoint.getRawPath().replaceAll("/+$", "");
        path.append(prefix);
        if (pathStyle) {
            path.append('/').append(SigV4Signer.encode(bucket));
        }
        for (String segment : key.split("/", -1)) {
            path.append('/').append(SigV4Signer.encode(segment));
        }
        String host = pathStyle ? endpoint.getHost() : bucket + "." + endpoint.getHost();
        String port = endpoint.getPort() < 0 ? "" : ":" + endpoint.getPort();
        return URI.create(endpoint.getScheme() + "://" + host + port + path);
    }

    private static String firstSet(Function<String, String> env, String... names) {
        for (String n : names) {
            String v = env.apply(n);
            if (v != null && !v.isBlank()) {
                return v.trim();
            }
        }
        return null;
    }
}
