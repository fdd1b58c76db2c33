package dev.jvortex.arrow;

import dev.jvortex.file.write.VortexWriter;

/// The one place this module commits a Vortex file.
final class Commit {
    private Commit() {}

    /// Finishes `writer`, renaming its file into place.
    static void finish(VortexWriter writer) {
        writer.finish();
    }
}
