package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.patches.PatchesMetadata;

/// The metadata of `fastlanes.bitpacked` as stored (fields in the package docs).
///
/// @param bitWidth `bit_width` (1)
/// @param offset   `offset` (2): rows sliced off the front of the first block
/// @param patches  `patches` (3), or null when there are none
public record BitPackedMetadata(long bitWidth, long offset, PatchesMetadata patches) {
    /// Reads the metadata bytes of a `fastlanes.bitpacked` node.
    public static BitPackedMetadata read(byte[] bytes) {
        long bitWidth = 0;
        long offset = 0;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(bytes, "BitPackedMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> bitWidth = r.readVarint();
                case 2 -> offset = r.readVarint();
                case 3 -> patches = PatchesMetadata.read(r.readMessage("PatchesMetadata"));
                default -> r.skip();
            }
        }
        return new BitPackedMetadata(bitWidth, offset, patches);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, bitWidth).varintIfNonZero(2, offset);
        if (patches != null) {
            w.bytes(3, patches.write());
        }
        return w.toByteArray();
    }
}
