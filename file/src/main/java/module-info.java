/// Reading and writing Vortex files: [dev.jvortex.file.VortexFile], scans, splits and batches in
/// [dev.jvortex.file]; [dev.jvortex.file.write.VortexWriter] and its options in
/// [dev.jvortex.file.write]. The layout readers (`dev.jvortex.file.layout`) and the pruning
/// machinery (`dev.jvortex.file.scan`) are not exported.
module dev.jvortex.file {
    requires transitive dev.jvortex.core;
    requires transitive dev.jvortex.format;
    requires transitive dev.jvortex.compress;
    requires dev.jvortex.encodings;

    exports dev.jvortex.file;
    exports dev.jvortex.file.io;
    exports dev.jvortex.file.write;
}
