package dev.jvortex.encodings.canonical;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.bool` as stored (fields in the package docs).
///
/// @param offset `offset` (1): bit offset of row 0 in buffer 0
public record BoolMetadata(long offset) {
    /// Reads the metadata bytes of a `vortex.bool` node.
    public static BoolMetadata read(byte[] bytes) {
        long offset = 0;
        ProtoReader r = new ProtoReader(bytes, "BoolMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                offset = r.readVarint();
            } else {
                r.skip();
            }
        }
        return new BoolMetadata(offset);
    }

    /// Returns the metadata bytes (empty for offset 0).
    public byte[] write() {
        return new ProtoWriter().varintIfNonZero(1, offset).toByteArray();
    }
}
