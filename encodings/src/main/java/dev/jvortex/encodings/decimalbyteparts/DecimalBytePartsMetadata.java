package dev.jvortex.encodings.decimalbyteparts;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.decimal_byte_parts` as stored (fields in the package docs).
///
/// @param zerothChildPtype `zeroth_child_ptype` (1): wire code of the child's type
/// @param lowerPartCount   `lower_part_count` (2): must be 0
public record DecimalBytePartsMetadata(long zerothChildPtype, long lowerPartCount) {
    /// Reads the metadata bytes of a `vortex.decimal_byte_parts` node.
    public static DecimalBytePartsMetadata read(byte[] bytes) {
        long zerothChildPtype = 0;
        long lowerPartCount = 0;
        ProtoReader r = new ProtoReader(bytes, "DecimalBytesPartsMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> zerothChildPtype = r.readVarint();
                case 2 -> lowerPartCount = r.readVarint();
                default -> r.skip();
            }
        }
        return new DecimalBytePartsMetadata(zerothChildPtype, lowerPartCount);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, zerothChildPtype)
                .varintIfNonZero(2, lowerPartCount)
                .toByteArray();
    }
}
