package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `fastlanes.delta` as stored (fields in the package docs).
///
/// @param deltasLen `deltas_len` (1): rows of the deltas child
/// @param offset    `offset` (2): rows sliced off the front of the first block
public record DeltaMetadata(long deltasLen, long offset) {
    /// Reads the metadata bytes of a `fastlanes.delta` node.
    public static DeltaMetadata read(byte[] bytes) {
        long deltasLen = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(bytes, "DeltaMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> deltasLen = r.readVarint();
                case 2 -> offset = r.readVarint();
                default -> r.skip();
            }
        }
        return new DeltaMetadata(deltasLen, offset);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, deltasLen)
                .varintIfNonZero(2, offset)
                .toByteArray();
    }
}
