package dev.jvortex.core.internal;

/// What is known about the JIT compiler the JVM runs, for the few kernels that have a form for
/// each compiler.
public final class Jit {
    private Jit() {}

    /// Whether the JVM compiles with C1 alone (`-XX:TieredStopAtLevel=1`), as its launcher says
    /// by the system property `jvortex.jit.c1=true` (`jvx` runs a conversion of a small file so,
    /// where C2's compilations would cost more than they save). C1 has no intrinsic for some
    /// methods C2 turns into one instruction, `Long.numberOfLeadingZeros` among them, and calls
    /// them as Java code full of branches.
    public static final boolean C1_ONLY = Boolean.getBoolean("jvortex.jit.c1");
}
