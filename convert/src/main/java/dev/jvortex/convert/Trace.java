package dev.jvortex.convert;

/// Opt-in phase timings of a conversion (`JVX_TRACE=1 jvx convert ...` prints them on standard
/// error). The converters mark their phases here; whoever wants them installs a [Sink] (the
/// command line does). With no sink a mark costs one volatile read, so the marks stay in the code.
public final class Trace {
    /// Receives the marks.
    @FunctionalInterface
    public interface Sink {
        /// Called when `phase` is reached, at `nanoTime` (`System.nanoTime()`), on the thread that
        /// reached it.
        void mark(String phase, long nanoTime);
    }

    private static volatile Sink sink;

    private Trace() {}

    /// Sends the marks of this process to `s` from now on (null: nowhere).
    public static void to(Sink s) {
        sink = s;
    }

    /// Returns true when a sink is installed (to skip building costly phase names).
    public static boolean on() {
        return sink != null;
    }

    /// Marks `phase` as reached now.
    public static void mark(String phase) {
        Sink s = sink;
        if (s != null) {
            s.mark(phase, System.nanoTime());
        }
    }
}
