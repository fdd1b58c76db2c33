package dev.jvortex.cli;

import java.io.PrintStream;
import java.util.Locale;

/// Progress of a long conversion on standard error, only when standard error is a terminal (the
/// `jvx` script tells with `-Djvx.stderr.tty=true`): rows, bytes read, rates and, when a total is
/// known (input bytes of a CSV or JSON Lines file, rows of a Vortex file), the share done and the
/// time left. Redrawn at most twice a second, after the first two seconds.
final class Progress {
    private static final long FIRST_NANOS = 2_000_000_000L;
    private static final long EVERY_NANOS = 500_000_000L;

    private final PrintStream err;
    private final boolean on;
    private final long total;
    private java.util.function.LongSupplier bytesRead = () -> -1;
    private long totalBytes = -1;
    private final long start = System.nanoTime();
    private long last;
    private boolean drawn;

    private Progress(PrintStream err, boolean on, long total) {
        this.err = err;
        this.on = on;
        this.total = total;
    }

    /// A progress display on `err` if it is a terminal and `quiet` is false; `total` rows, or -1 if unknown.
    static Progress forTerminal(PrintStream err, boolean quiet, long total) {
        return new Progress(err, !quiet && Boolean.getBoolean("jvx.stderr.tty"), total);
    }

    /// Reports bytes read from `bytes`, out of `total` (-1 if unknown).
    Progress withBytes(java.util.function.LongSupplier bytes, long total) {
        this.bytesRead = bytes;
        this.totalBytes = total;
        return this;
    }

    /// Told the rows converted so far.
    void rows(long rows) {
        if (!on) {
            return;
        }
        long now = System.nanoTime();
        if (now - start < FIRST_NANOS || now - last < EVERY_NANOS) {
            return;
        }
        last = now;
        double secs = (now - start) / 1e9;
        double rate = rows / secs;
        StringBuilder sb = new StringBuilder("\rjvx: ");
        sb.append(String.format(Locale.ROOT, "%,d rows, %,.0f rows/s", rows, rate));
        long bytes = bytesRead.getAsLong();
        if (bytes >= 0) {
            sb.append(String.format(
                    Locale.ROOT, ", %s read, %.1f MiB/s", Stats.bytesText(bytes), bytes / secs / 1048576));
        }
        sb.append(String.format(Locale.ROOT, ", %.0f s", secs));
        if (bytes > 0 && totalBytes > 0 && bytes <= totalBytes) {
            double byteRate = bytes / secs;
            sb.append(String.format(
                    Locale.ROOT,
                    ", %.0f%% done, about %.0f s left",
                    100.0 * bytes / totalBytes,
                    (totalBytes - bytes) / byteRate));
        } else if (total > 0 && rows <= total && rate > 0) {
            sb.append(String.format(
                    Locale.ROOT, ", %.0f%% done, about %.0f s left", 100.0 * rows / total, (total - rows) / rate));
        }
        sb.append("   ");
        err.print(sb);
        err.flush();
        drawn = true;
    }

    /// Ends the progress line.
    void done() {
        if (drawn) {
            err.println();
        }
    }
}
