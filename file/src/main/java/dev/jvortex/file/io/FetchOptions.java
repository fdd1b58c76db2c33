package dev.jvortex.file.io;

import dev.jvortex.core.VortexException;

/// How the segments of a remote file are fetched.
///
/// The reader asks for the segments one window of a split needs (about `windowBytes` of stored
/// bytes) and the next window ahead. Segments are sorted by offset and merged into one range
/// when the gap between them is at most `gapBytes`: reading a gap costs `gap / bandwidth`, a
/// second request costs a round trip, so the break-even gap is latency x bandwidth
/// ([#forLink(double, double)]). A range never grows past `maxRangeBytes` (so ranges of a big
/// window go out in parallel), and at most `concurrency` requests per file are in flight.
///
/// @param tailBytes bytes read from the end at open: enough for the postscript, footer, dtype
///     and layout of typical files; a second request fetches the rest when they do not fit
/// @param gapBytes the largest gap merged into a range
/// @param maxRangeBytes the largest range requested at once
/// @param concurrency the most requests in flight per file
/// @param windowBytes the stored bytes planned and fetched together
public record FetchOptions(long tailBytes, long gapBytes, long maxRangeBytes, int concurrency, long windowBytes) {
    /// 64 KiB tail; gap for 5 ms at 100 MB/s; 16 MiB ranges; 8 requests; 64 MiB windows (a
    /// scan of a remote file splits into at most as many windows as it needs for its threads).
    public static final FetchOptions DEFAULT = new FetchOptions(64 << 10, 512 << 10, 16 << 20, 8, 64 << 20);

    /// Checks the values (the tail must hold at least the 12 bytes of magic and end marker).
    public FetchOptions {
        if (tailBytes < 12 || gapBytes < 0 || maxRangeBytes < 1 || concurrency < 1 || windowBytes < 1) {
            throw VortexException.misuse("invalid fetch options: tail " + tailBytes + ", gap " + gapBytes
                    + ", max range " + maxRangeBytes + ", concurrency " + concurrency + ", window " + windowBytes);
        }
    }

    /// Returns options for a link of `latencySeconds` round trip and `bytesPerSecond` bandwidth:
    /// the merge gap is their product (clamped to 64 KiB..8 MiB: reading a gap that long costs
    /// what a round trip does), and a range may be eight gaps long (at least the default 16 MiB,
    /// at most a window), so that its round trip is a small part of its transfer time.
    public static FetchOptions forLink(double latencySeconds, double bytesPerSecond) {
        long gap = Math.clamp((long) (latencySeconds * bytesPerSecond), 64L << 10, 8L << 20);
        return DEFAULT.withGap(gap).withMaxRange(Math.clamp(8 * gap, DEFAULT.maxRangeBytes(), DEFAULT.windowBytes()));
    }

    /// Returns a copy with another merge gap.
    public FetchOptions withGap(long bytes) {
        return new FetchOptions(tailBytes, bytes, maxRangeBytes, concurrency, windowBytes);
    }

    /// Returns a copy with another range cap.
    public FetchOptions withMaxRange(long bytes) {
        return new FetchOptions(tailBytes, gapBytes, bytes, concurrency, windowBytes);
    }

    /// Returns a copy with another request bound.
    public FetchOptions withConcurrency(int requests) {
        return new FetchOptions(tailBytes, gapBytes, maxRangeBytes, requests, windowBytes);
    }

    /// Returns a copy with another tail size.
    public FetchOptions withTail(long bytes) {
        return new FetchOptions(bytes, gapBytes, maxRangeBytes, concurrency, windowBytes);
    }

    /// Returns a copy with another window size.
    public FetchOptions withWindow(long bytes) {
        return new FetchOptions(tailBytes, gapBytes, maxRangeBytes, concurrency, bytes);
    }
}
