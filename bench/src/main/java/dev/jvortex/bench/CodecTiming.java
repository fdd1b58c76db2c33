package dev.jvortex.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/// A quick, contention-tolerant timing of [CodecBenchmark]: runs each case for a few seconds and
/// prints the least thread CPU time of one operation (a busy machine stretches wall time, much
/// less the CPU time of the measured thread) and the least wall time (which includes work of
/// other threads, such as the garbage collector).
///
///     java -cp benchmarks.jar dev.jvortex.bench.CodecTiming [seconds] [case...]
public final class CodecTiming {
    private CodecTiming() {}

    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        String[] cases = args.length > 1
                ? java.util.Arrays.copyOfRange(args, 1, args.length)
                : new String[] {"pco:walk", "pco:price", "pco:noise", "zstd:text"};
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (String c : cases) {
            String[] kv = c.split(":");
            Runnable op;
            if (kv[0].equals("scan")) {
                // scan:FILE:COLUMN, the whole-column scan of ScanBenchmark
                ScanBenchmark s = new ScanBenchmark();
                s.file = kv[1];
                s.columns = kv[2];
                s.open();
                org.openjdk.jmh.infra.Blackhole bh = new org.openjdk.jmh.infra.Blackhole(
                        "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
                op = () -> s.scan(bh);
            } else {
                CodecBenchmark b = new CodecBenchmark();
                b.shape = kv[0].equals("pco") ? kv[1] : "walk";
                b.zstdFrames = kv[0].equals("zstd") && kv.length > 1 ? kv[1] : "";
                b.pcoChunk = kv[0].equals("pco") && kv.length > 2 ? kv[2] : "";
                b.setup();
                op = kv[0].equals("pco") ? b::pco : b::zstd;
            }
            long begin = System.nanoTime();
            long warm = begin + (long) (seconds * 0.3e9);
            long end = begin + (long) (seconds * 1e9);
            long best = Long.MAX_VALUE;
            long bestWall = Long.MAX_VALUE;
            int runs = 0;
            while (System.nanoTime() < end) {
                long w0 = System.nanoTime();
                long t0 = mx.getCurrentThreadCpuTime();
                for (int k = 0; k < 4; k++) {
                    op.run();
                }
                long t = (mx.getCurrentThreadCpuTime() - t0) / 4;
                long w = (System.nanoTime() - w0) / 4;
                runs++;
                if (System.nanoTime() > warm) {
                    best = Math.min(best, t);
                    bestWall = Math.min(bestWall, w);
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-10s cpu %8.1f us, wall %8.1f us (best of %d)%n",
                    c.substring(Math.max(0, c.length() - 40)),
                    best / 1e3,
                    bestWall / 1e3,
                    runs);
        }
    }
}
