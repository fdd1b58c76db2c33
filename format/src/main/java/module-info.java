/// The messages of a Vortex file (postscript, footer, dtype, layout tree, statistics, serialized
/// arrays), read in place: [dev.jvortex.format]. The flatbuffer writer is exported to the file
/// writer only.
@SuppressWarnings("module") // dev.jvortex.file, named in a qualified export, is built after this module
module dev.jvortex.format {
    requires transitive dev.jvortex.core;

    exports dev.jvortex.format;
    exports dev.jvortex.format.internal to
            dev.jvortex.file;
}
