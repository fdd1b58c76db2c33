package dev.jvortex.encodings.fsst;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.fsst` as stored (fields in the package docs).
///
/// @param lengthsPtype      `uncompressed_lengths_ptype` (1): wire code of the lengths' type
/// @param codesOffsetsPtype `codes_offsets_ptype` (2): wire code of the code offsets' type
public record FsstMetadata(long lengthsPtype, long codesOffsetsPtype) {
    /// Reads the metadata bytes of a `vortex.fsst` node.
    public static FsstMetadata read(byte[] bytes) {
        long lengthsPtype = 0;
        long codesOffsetsPtype = 0;
        ProtoReader r = new ProtoReader(bytes, "FSSTMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsPtype = r.readVarint();
                case 2 -> codesOffsetsPtype = r.readVarint();
                default -> r.skip();
            }
        }
        return new FsstMetadata(lengthsPtype, codesOffsetsPtype);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, lengthsPtype)
                .varintIfNonZero(2, codesOffsetsPtype)
                .toByteArray();
    }
}
