package dev.jvortex.cli;

import dev.jvortex.convert.Trace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/// `JVX_TRACE=1`: phase timings on standard error, for finding where a command's time goes.
///
/// Each line gives the seconds since the process started (the `jvx` launcher's start when it
/// `exec`s the JVM), the CPU seconds the process has used so far (Linux only), the thread and the
/// phase. At the end it lists the CPU time of each kind of thread still alive (compiler, GC,
/// ...). The launcher passes the moment it started the JVM as `-Djvx.t0` (seconds since the
/// epoch), so the launcher's own share shows too.
final class Tracing {
    private static final Path STAT = Path.of("/proc/self/stat");
    private static final Path TASKS = Path.of("/proc/self/task");
    /// Clock ticks per second of `/proc` CPU times (USER_HZ, 100 on Linux).
    private static final double TICKS = 100.0;

    private final PrintStream err;
    /// `System.nanoTime()` at the process's start.
    private final long startNanos;

    private Tracing(PrintStream err, long startNanos) {
        this.err = err;
        this.startNanos = startNanos;
    }

    /// Installs the trace when `JVX_TRACE` is set (and not `0`); returns it, or null.
    static Tracing install(PrintStream err) {
        String v = System.getenv("JVX_TRACE");
        if (v == null || v.isEmpty() || v.equals("0")) {
            return null;
        }
        long nowNanos = System.nanoTime();
        Instant now = Instant.now();
        Instant start = ProcessHandle.current().info().startInstant().orElse(now);
        long startNanos = nowNanos - java.time.Duration.between(start, now).toNanos();
        Tracing t = new Tracing(err, startNanos);
        String t0 = System.getProperty("jvx.t0");
        if (t0 != null) {
            try {
                Instant exec = Instant.ofEpochSecond(0, (long) (Double.parseDouble(t0) * 1e9));
                t.line(nowNanos - java.time.Duration.between(exec, now).toNanos(), "launcher", "starting the JVM");
            } catch (NumberFormatException | ArithmeticException e) {
                // no launcher time: not a jvx launcher run
            }
        }
        t.line(nowNanos, Thread.currentThread().getName(), "main()");
        Trace.to((phase, nanos) -> t.line(nanos, Thread.currentThread().getName(), phase));
        return t;
    }

    private synchronized void line(long nanos, String thread, String phase) {
        double cpu = cpuSeconds(STAT);
        err.printf(
                Locale.ROOT,
                "jvx trace: %7.3f s  cpu %6.2f s  [%s] %s%n",
                (nanos - startNanos) / 1e9,
                cpu,
                thread,
                phase);
    }

    /// Marks the end of the command and lists CPU time by kind of live thread.
    void finish(String what) {
        line(System.nanoTime(), Thread.currentThread().getName(), what);
        Map<String, Double> byKind = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String name;
                try {
                    name = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8)
                            .strip();
                } catch (IOException e) {
                    continue; // the thread ended
                }
                double cpu = cpuSeconds(task.resolve("stat"));
                if (cpu > 0) {
                    byKind.merge(name.replaceAll("[0-9]+$", "N"), cpu, Double::sum);
                }
            }
        } catch (IOException | RuntimeException e) {
            return; // not Linux
        }
        StringBuilder sb = new StringBuilder("jvx trace: CPU s of the threads still alive:");
        byKind.forEach((k, v) -> sb.append(String.format(Locale.ROOT, " %s %.2f;", k, v)));
        err.println(sb);
    }

    /// User + system seconds in a `/proc` stat file, or -1.
    private static double cpuSeconds(Path stat) {
        try {
            String s = Files.readString(stat, StandardCharsets.UTF_8);
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            // fields 14 and 15 of the file (utime, stime) are 11 and 12 after the name
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
