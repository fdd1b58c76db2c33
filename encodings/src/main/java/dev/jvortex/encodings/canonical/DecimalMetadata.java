package dev.jvortex.encodings.canonical;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.decimal` as stored (fields in the package docs).
///
/// @param valuesType `values_type` (1): the values are `2^values_type` bytes wide
public record DecimalMetadata(long valuesType) {
    /// Reads the metadata bytes of a `vortex.decimal` node.
    public static DecimalMetadata read(byte[] bytes) {
        long type = 0;
        ProtoReader r = new ProtoReader(bytes, "DecimalMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                type = r.readVarint();
            } else {
                r.skip();
            }
        }
        return new DecimalMetadata(type);
    }

    /// Returns the metadata bytes (empty for 1-byte values).
    public byte[] write() {
        return new ProtoWriter().varintIfNonZero(1, valuesType).toByteArray();
    }
}
