package dev.jvortex.encodings.list;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.listview` as stored (fields in the package docs).
///
/// @param elementsLen  `elements_len` (1): rows of the elements child
/// @param offsetsPtype `offset_ptype` (2): wire code of the offsets' type
/// @param sizesPtype   `size_ptype` (3): wire code of the sizes' type
public record ListViewMetadata(long elementsLen, long offsetsPtype, long sizesPtype) {
    /// Reads the metadata bytes of a `vortex.listview` node.
    public static ListViewMetadata read(byte[] bytes) {
        long elementsLen = 0;
        long offsets = 0;
        long sizes = 0;
        ProtoReader r = new ProtoReader(bytes, "ListViewMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLen = r.readVarint();
                case 2 -> offsets = r.readVarint();
                case 3 -> sizes = r.readVarint();
                default -> r.skip();
            }
        }
        return new ListViewMetadata(elementsLen, offsets, sizes);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, elementsLen)
                .varintIfNonZero(2, offsetsPtype)
                .varintIfNonZero(3, sizesPtype)
                .toByteArray();
    }
}
