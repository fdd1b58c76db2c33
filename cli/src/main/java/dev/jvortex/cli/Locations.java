package dev.jvortex.cli;

import dev.jvortex.file.VortexFile;
import dev.jvortex.remote.RemoteSources;

/// Where the reading commands open a FILE argument that names a remote object: `http://`,
/// `https://` and `s3://` locations go to [RemoteSources] (settings from the environment: S3
/// endpoint, region and credentials; the block cache's `JVORTEX_CACHE_*` variables).
final class Locations {
    private Locations() {}

    /// Returns true when `name` is a remote location rather than a path.
    static boolean isRemote(String name) {
        return RemoteSources.isRemote(name);
    }

    /// Opens the remote file `name`.
    static VortexFile open(String name) {
        return RemoteSources.openFile(name);
    }
}
