package dev.jvortex.encodings.onpair;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.onpair` as stored (fields in the package docs).
///
/// @param lengthsPtype      `uncompressed_lengths_ptype` (1): wire code
/// @param bits              `bits` (2): low bits the codes use (informative)
/// @param dictSize          `dict_size` (3): number of tokens
/// @param totalTokens       `total_tokens` (4): length of the codes child
/// @param dictOffsetsPtype  `dict_offsets_ptype` (5): wire code
/// @param codesPtype        `codes_ptype` (6): wire code
/// @param codesOffsetsPtype `codes_offsets_ptype` (7): wire code
public record OnPairMetadata(
        long lengthsPtype,
        long bits,
        long dictSize,
        long totalTokens,
        long dictOffsetsPtype,
        long codesPtype,
        long codesOffsetsPtype) {
    /// Reads the metadata bytes of a `vortex.onpair` node.
    public static OnPairMetadata read(byte[] bytes) {
        long lengthsPtype = 0;
        long bits = 0;
        long dictSize = 0;
        long totalTokens = 0;
        long dictOffsetsPtype = 0;
        long codesPtype = 0;
        long codesOffsetsPtype = 0;
        ProtoReader r = new ProtoReader(bytes, "OnPairMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsPtype = r.readVarint();
                case 2 -> bits = r.readVarint();
                case 3 -> dictSize = r.readVarint();
                case 4 -> totalTokens = r.readVarint();
                case 5 -> dictOffsetsPtype = r.readVarint();
                case 6 -> codesPtype = r.readVarint();
                case 7 -> codesOffsetsPtype = r.readVarint();
                default -> r.skip();
            }
        }
        return new OnPairMetadata(
                lengthsPtype, bits, dictSize, totalTokens, dictOffsetsPtype, codesPtype, codesOffsetsPtype);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, lengthsPtype)
                .varintIfNonZero(2, bits)
                .varintIfNonZero(3, dictSize)
                .varintIfNonZero(4, totalTokens)
                .varintIfNonZero(5, dictOffsetsPtype)
                .varintIfNonZero(6, codesPtype)
                .varintIfNonZero(7, codesOffsetsPtype)
                .toByteArray();
    }
}
