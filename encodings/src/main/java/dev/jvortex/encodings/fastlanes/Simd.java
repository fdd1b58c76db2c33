package dev.jvortex.encodings.fastlanes;

/// Whether the vector kernels ([VectorUnpack]) are used.
///
/// They need the incubating `jdk.incubator.vector` module (`--add-modules jdk.incubator.vector`)
/// and a vector shape of 128, 256 or 512 bits. Without it every decoder takes its scalar path,
/// which gives the same results; setting the system property `jvortex.simd` to `false` forces the
/// scalar path as well. [VectorUnpack] is only loaded once this check has passed, so the library
/// never touches the incubating API when the module is absent.
public final class Simd {
    private Simd() {}

    /// True when [VectorUnpack] may be called.
    public static final boolean ENABLED = detect();

    /// Set once the background warm-up has run the vector kernels long enough for the JIT to
    /// compile them (see [#ready]).
    private static volatile boolean warm;

    static {
        if (ENABLED) {
            Thread t = new Thread(Simd::warmUp, "jvortex-simd-warmup");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /// True when decoders should take the vector path: [#ENABLED] and warmed up. Until C2 has
    /// compiled them, Vector API kernels run tens of times slower than the scalar code (every
    /// vector operation allocates), so for roughly the first second after first use decoders keep
    /// to the scalar path while a daemon thread runs the kernels on a few dummy blocks.
    public static boolean ready() {
        return warm;
    }

    private static void warmUp() {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment packed = arena.allocate(128 * 64, 64);
            java.lang.foreign.MemorySegment out = arena.allocate(8 * 1024, 64);
            // Until the kernels are compiled a round takes tens of microseconds or more; compiled it
            // takes a few (six blocks of 1024 values, two gathers of 256). Stop after 200 fast rounds in a row, or give up
            // (staying scalar) after 30,000 rounds.
            int[] indices = new int[256];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = (i * 37) & 63;
            }
            int[] intValues = new int[64];
            long[] longValues = new long[64];
            int[] ints = new int[indices.length];
            long[] longs = new long[indices.length];
            // Rounds are timed in this thread's CPU time, not wall time: on a busy machine a
            // descheduled round must not count as slow and keep the warm-up spinning.
            java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
            boolean cpuTime = cpu.isCurrentThreadCpuTimeSupported();
            int fast = 0;
            for (int round = 0; round < 30_000 && fast < 200; round++) {
                long t0 = cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
                int width = 1 + round % 7;
                for (int typeBits = 8; typeBits <= 64; typeBits *= 2) {
                    VectorUnpack.block(typeBits, width, packed, 0, out, 0, 1, round);
                }
                VectorUnpack.blockF32(width + 8, packed, 0, out, 0, 1, round, 10f, 0.1f);
                if (VectorUnpack.FAST_L2D) {
                    VectorUnpack.blockF64(width + 20, packed, 0, out, 0, 1, round, 10.0, 0.1);
                }
                VectorGather.ints(intValues, indices, ints, indices.length);
                VectorGather.longs(longValues, indices, longs, indices.length);
                long spent = (cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime()) - t0;
                fast = spent < 30_000 ? fast + 1 : 0;
            }
            if (fast < 200) {
                return;
            }
        } catch (RuntimeException | LinkageError e) {
            return; // stay on the scalar path
        }
        warm = true;
    }

    private static boolean detect() {
        if ("false".equalsIgnoreCase(System.getProperty("jvortex.simd", "true"))) {
            return false;
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return VectorUnpack.usable();
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
