/// The Arrow Java bridge: scan batches as Arrow `VectorSchemaRoot`s
/// ([dev.jvortex.arrow.ArrowExport]), Arrow vectors as Vortex arrays for the writer
/// ([dev.jvortex.arrow.ArrowImport]), the type mapping ([dev.jvortex.arrow.ArrowTypes]) and Arrow
/// IPC files and streams to and from Vortex files ([dev.jvortex.arrow.ArrowIpc]).
///
/// Arrow's buffers are read and written through their memory addresses, which needs the restricted
/// `MemorySegment.reinterpret`: grant it with `--enable-native-access=dev.jvortex.arrow` (or
/// `ALL-UNNAMED` on the class path) to silence the JVM's warning.
module dev.jvortex.arrow {
    requires transitive dev.jvortex.core;
    requires transitive dev.jvortex.file;
    requires dev.jvortex.convert;
    // ArrowStrings: the FSST and OnPair decoders' write-into-caller-memory seam (qualified exports).
    requires dev.jvortex.encodings;
    requires transitive org.apache.arrow.vector;
    requires transitive org.apache.arrow.memory.core;
    // The allocation manager the RootAllocator finds by name: resolved, not read.
    requires org.apache.arrow.memory.unsafe;

    exports dev.jvortex.arrow;

    provides dev.jvortex.convert.FormatProvider with
            dev.jvortex.arrow.ArrowFormats;
}
