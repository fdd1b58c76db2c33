package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `fastlanes.rle` as stored (fields in the package docs).
///
/// @param valuesLen    `values_len` (1)
/// @param indicesLen   `indices_len` (2): whole blocks of indices
/// @param indicesPtype `indices_ptype` (3): wire code
/// @param offsetsLen   `values_idx_offsets_len` (4): one per block
/// @param offsetsPtype `values_idx_offsets_ptype` (5): wire code
/// @param offset       `offset` (6): rows sliced off the front of the first block
public record RleMetadata(
        long valuesLen, long indicesLen, long indicesPtype, long offsetsLen, long offsetsPtype, long offset) {
    /// Reads the metadata bytes of a `fastlanes.rle` node.
    public static RleMetadata read(byte[] bytes) {
        long valuesLen = 0;
        long indicesLen = 0;
        long indicesPtype = 0;
        long offsetsLen = 0;
        long offsetsPtype = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(bytes, "RLEMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> valuesLen = r.readVarint();
                case 2 -> indicesLen = r.readVarint();
                case 3 -> indicesPtype = r.readVarint();
                case 4 -> offsetsLen = r.readVarint();
                case 5 -> offsetsPtype = r.readVarint();
                case 6 -> offset = r.readVarint();
                default -> r.skip();
            }
        }
        return new RleMetadata(valuesLen, indicesLen, indicesPtype, offsetsLen, offsetsPtype, offset);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, valuesLen)
                .varintIfNonZero(2, indicesLen)
                .varintIfNonZero(3, indicesPtype)
                .varintIfNonZero(4, offsetsLen)
                .varintIfNonZero(5, offsetsPtype)
                .varintIfNonZero(6, offset)
                .toByteArray();
    }
}
