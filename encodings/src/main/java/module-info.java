/// The array encodings: one package per family, each with its decoder, encoder, take kernel and
/// metadata record, behind the one dispatch point in [dev.jvortex.encodings].
///
/// No package is exported to everyone: the encodings are reached through `dev.jvortex.file`
/// (reading and writing files) and `dev.jvortex.compress` (choosing encodings), which are the
/// only modules that see them.
///
/// The vector kernels of `fastlanes` use the incubating Vector API when the JVM was started with
/// `--add-modules jdk.incubator.vector`; the dependence is `static`, so the module is not needed
/// at run time, and without it every decoder takes its scalar path (`fastlanes.Simd`).
@SuppressWarnings("module") // compress, file and arrow, named in qualified exports, are built after this module
module dev.jvortex.encodings {
    requires transitive dev.jvortex.core;
    requires dev.jvortex.zstd;
    requires dev.jvortex.pcodec;
    requires static jdk.incubator.vector;

    exports dev.jvortex.encodings to
            dev.jvortex.compress,
            dev.jvortex.file,
            dev.jvortex.arrow;
    exports dev.jvortex.encodings.alp to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.canonical to
            dev.jvortex.compress,
            dev.jvortex.file;
    exports dev.jvortex.encodings.constant to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.datetime to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.decimalbyteparts to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.dict to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.fastlanes to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.fsst to
            dev.jvortex.compress,
            dev.jvortex.arrow;
    exports dev.jvortex.encodings.light to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.list to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.onpair to
            dev.jvortex.compress,
            dev.jvortex.arrow;
    exports dev.jvortex.encodings.pco to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.runend to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.sequence to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.sparse to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.varbin to
            dev.jvortex.compress,
            dev.jvortex.file,
            dev.jvortex.arrow;
    exports dev.jvortex.encodings.zigzag to
            dev.jvortex.compress;
    exports dev.jvortex.encodings.zstd to
            dev.jvortex.compress;
}
