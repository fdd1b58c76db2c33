package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.io.FetchOptions;
import java.net.ProxySelector;
import java.time.Duration;

/// How a remote source talks to its server.
///
/// @param connectTimeout the longest a connection may take
/// @param requestTimeout the longest one attempt may take, headers and body (a slow or stalled
///     body is cut at this deadline and retried)
/// @param attempts attempts per range, the first included (retries back off exponentially from
///     `backoff`, with full jitter, up to `maxBackoff`)
/// @param backoff the first retry's mean delay
/// @param maxBackoff the longest delay between attempts
/// @param hedge whether to send a second request for a straggler: one that has run three times
///     longer than its expected time (latency plus size over the measured bandwidth)
/// @param bandwidth the assumed link bandwidth in bytes per second until one is measured; with
///     the latency measured at open it sets the merge gap ([FetchOptions#forLink(double, double)])
/// @param fetch the fetch planning options, or null to derive them from the link
/// @param proxy where requests go through (an HTTP proxy), or null for the JDK's default
///     selector (its `http.proxyHost` and related system properties)
/// @param tailCheck how an open through a [BlockCache] that holds the object's tail checks
///     that the object has not changed (see [TailCheck])
/// @param freshness how long after the server last confirmed a cached tail an open trusts it
///     without asking at all (zero, the default: always ask)
public record RemoteOptions(
        Duration connectTimeout,
        Duration requestTimeout,
        int attempts,
        Duration backoff,
        Duration maxBackoff,
        boolean hedge,
        double bandwidth,
        FetchOptions fetch,
        ProxySelector proxy,
        TailCheck tailCheck,
        Duration freshness) {
    /// How a cached open confirms the object's version (its size and `ETag`).
    public enum TailCheck {
        /// Ask the server for the tail before the open returns (one round trip on every open).
        BLOCKING,
        /// Use the cached tail at once and ask the server concurrently: reads go on from the
        /// cache meanwhile, and once the server reports another version every later read of
        /// the source fails (a [dev.jvortex.core.VortexException] of kind `IO`).
        CONCURRENT
    }

    /// 10 s to connect, 60 s per attempt, 5 attempts from 50 ms to 2 s, hedging on, 100 MB/s.
    public static final RemoteOptions DEFAULT = new RemoteOptions(
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            5,
            Duration.ofMillis(50),
            Duration.ofSeconds(2),
            true,
            100e6,
            null,
            null,
            TailCheck.CONCURRENT,
            Duration.ZERO);

    /// Checks the values.
    public RemoteOptions {
        if (attempts < 1
                || bandwidth <= 0
                || connectTimeout.isNegative()
                || requestTimeout.isNegative()
                || tailCheck == null
                || freshness == null
                || freshness.isNegative()) {
            throw VortexException.misuse("invalid remote options: attempts " + attempts + ", bandwidth " + bandwidth);
        }
    }

    /// Returns a copy with another attempt deadline.
    public RemoteOptions withRequestTimeout(Duration timeout) {
        return new RemoteOptions(
                connectTimeout,
                timeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                fetch,
                proxy,
                tailCheck,
                freshness);
    }

    /// Returns a copy with another number of attempts and first backoff.
    public RemoteOptions withRetries(int attempts, Duration backoff) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                fetch,
                proxy,
                tailCheck,
                freshness);
    }

    /// Returns a copy with hedging on or off.
    public RemoteOptions withHedge(boolean on) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                on,
                bandwidth,
                fetch,
                proxy,
                tailCheck,
                freshness);
    }

    /// Returns a copy that sends its requests through `selector`'s proxy.
    public RemoteOptions withProxy(ProxySelector selector) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                fetch,
                selector,
                tailCheck,
                freshness);
    }

    /// Returns a copy with fixed fetch options.
    public RemoteOptions withFetch(FetchOptions options) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                options,
                proxy,
                tailCheck,
                freshness);
    }

    /// Returns a copy with another tail check.
    public RemoteOptions withTailCheck(TailCheck check) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                fetch,
                proxy,
                check,
                freshness);
    }

    /// Returns a copy that trusts a cached tail for `window` after the server last confirmed it.
    public RemoteOptions withFreshness(Duration window) {
        return new RemoteOptions(
                connectTimeout,
                requestTimeout,
                attempts,
                backoff,
                maxBackoff,
                hedge,
                bandwidth,
                fetch,
                proxy,
                tailCheck,
                window);
    }
}
