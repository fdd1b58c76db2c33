package dev.jvortex.encodings.list;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.list` as stored (fields in the package docs).
///
/// @param elementsLen  `elements_len` (1): rows of the elements child
/// @param offsetsPtype `offset_ptype` (2): wire code of the offsets' type
public record ListMetadata(long elementsLen, long offsetsPtype) {
    /// Reads the metadata bytes of a `vortex.list` node.
    public static ListMetadata read(byte[] bytes) {
        long elementsLen = 0;
        long offsets = 0;
        ProtoReader r = new ProtoReader(bytes, "ListMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLen = r.readVarint();
                case 2 -> offsets = r.readVarint();
                default -> r.skip();
            }
        }
        return new ListMetadata(elementsLen, offsets);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, elementsLen)
                .varintIfNonZero(2, offsetsPtype)
                .toByteArray();
    }
}
