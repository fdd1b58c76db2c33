package dev.jvortex.testing;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/// Seeds for randomised tests, reproducible on demand.
///
/// One master seed per JVM: the value of `-Djvortex.seed` (decimal, or hex with `0x`) when given,
/// otherwise a fresh one, printed once to standard error. Every test derives its seeds from the
/// master seed and its own name ([#seeds]), so a failure message that names the master seed
/// ([#describe]) is replayed by running the same test with `-Djvortex.seed=<that value>`, e.g.
///
///     scripts/mvn -o -q -pl encodings -am test -Dtest=RunEndEncoderTest \
///         -Dsurefire.failIfNoSpecifiedTests=false -Djvortex.seed=0x5eed
public final class TestSeeds {
    /// The system property that fixes the master seed.
    public static final String PROPERTY = "jvortex.seed";

    private static final long MASTER = initialMaster();

    private TestSeeds() {}

    private static long initialMaster() {
        String given = System.getProperty(PROPERTY);
        if (given != null && !given.isBlank()) {
            return parse(given);
        }
        long fresh = mix(System.nanoTime() ^ mix(ProcessHandle.current().pid()) ^ System.currentTimeMillis() << 20);
        System.err.println("[seed] master seed " + hex(fresh) + " (replay with -D" + PROPERTY + "=" + hex(fresh) + ")");
        return fresh;
    }

    /// Parses a seed: decimal (optionally negative) or hex with a `0x` prefix (64 bits, two's complement).
    public static long parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("0x")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "-D" + PROPERTY + " must be a decimal or 0x-prefixed hex long, got '" + text + "'", e);
        }
    }

    /// Returns the master seed of this JVM.
    public static long master() {
        return MASTER;
    }

    /// Returns true when the master seed was given with `-Djvortex.seed` (a replay).
    public static boolean replaying() {
        String given = System.getProperty(PROPERTY);
        return given != null && !given.isBlank();
    }

    /// Returns `count` seeds for the test named `what`: a function of the master seed and the
    /// name only, so that one test's seeds do not depend on which other tests ran.
    public static long[] seeds(String what, int count) {
        long base = MASTER;
        for (byte b : what.getBytes(StandardCharsets.UTF_8)) {
            base = mix(base ^ (b & 0xFF));
        }
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            out[i] = mix(base + 0x9E3779B97F4A7C15L * (i + 1));
        }
        return out;
    }

    /// Returns how to name and replay `seed` (one of [#seeds]) in a failure message.
    public static String describe(long seed) {
        return "seed " + hex(seed) + " (replay with -D" + PROPERTY + "=" + hex(MASTER) + ")";
    }

    /// Returns `v` as `0x` and 16 hex digits.
    public static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016x", v);
    }

    /// The SplitMix64 finaliser: a bijection of the 64-bit values that spreads every input bit.
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
