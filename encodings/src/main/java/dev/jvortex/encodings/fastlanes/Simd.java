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

    /// True when decoders should take the vector path: [#ENABLED].
    ///
    /// Until the JIT has compiled them, Vector API kernels run much slower than scalar code
    /// (every vector operation allocates), so the first scans of a process that uses them pay
    /// about half a second more than on the scalar path; after that they are faster. (Warming
    /// them on a background thread costs more: it holds a core for seconds while the first scans
    /// run.)
    public static boolean ready() {
        return ENABLED;
    }

    private static boolean detect() {
        if ("false".equalsIgnoreCase(System.getProperty("jvortex.simd", "true"))) {
            return false;
        }
        // On the module path this module reads the Vector API only when the JVM resolved it
        // (`requires static`); on the class path the unnamed module reads every module.
        Module vector = ModuleLayer.boot().findModule("jdk.incubator.vector").orElse(null);
        if (vector == null || !Simd.class.getModule().canRead(vector)) {
            return false;
        }
        try {
            return VectorUnpack.usable();
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
