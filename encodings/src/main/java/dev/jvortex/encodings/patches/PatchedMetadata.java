package dev.jvortex.encodings.patches;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.patched` as stored (fields in the package docs).
///
/// @param patches `n_patches` (1): number of patches
/// @param lanes   `n_lanes` (2): lanes per 1024-row chunk
/// @param offset  `offset` (3): rows sliced off the front of the first chunk
public record PatchedMetadata(long patches, long lanes, long offset) {
    /// Reads the metadata bytes of a `vortex.patched` node.
    public static PatchedMetadata read(byte[] bytes) {
        long patches = 0;
        long lanes = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(bytes, "PatchedMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> patches = r.readVarint();
                case 2 -> lanes = r.readVarint();
                case 3 -> offset = r.readVarint();
                default -> r.skip();
            }
        }
        return new PatchedMetadata(patches, lanes, offset);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, patches)
                .varintIfNonZero(2, lanes)
                .varintIfNonZero(3, offset)
                .toByteArray();
    }
}
