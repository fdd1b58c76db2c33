package dev.jvortex.encodings.sparse;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.patches.PatchesMetadata;

/// The metadata of `vortex.sparse` as stored (fields in the package docs).
///
/// @param patches `patches` (1); [PatchesMetadata#EMPTY] when absent
public record SparseMetadata(PatchesMetadata patches) {
    /// Reads the metadata bytes of a `vortex.sparse` node.
    public static SparseMetadata read(byte[] bytes) {
        PatchesMetadata patches = PatchesMetadata.EMPTY;
        ProtoReader r = new ProtoReader(bytes, "SparseMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                patches = PatchesMetadata.read(r.readMessage("PatchesMetadata"));
            } else {
                r.skip();
            }
        }
        return new SparseMetadata(patches);
    }

    /// Returns the metadata bytes (the patches message is always written).
    public byte[] write() {
        return new ProtoWriter().bytes(1, patches.write()).toByteArray();
    }
}
