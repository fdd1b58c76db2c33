package dev.jvortex.encodings.patches;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The `PatchesMetadata` message as stored, before any check against the array (fields in the
/// package docs). Nested in the metadata of `fastlanes.bitpacked`, `vortex.alp`, `vortex.alprd`
/// and `vortex.sparse`.
///
/// @param count             `len` (1): number of patches
/// @param offset            `offset` (2): subtracted from every stored index
/// @param indicesPtype      `indices_ptype` (3): wire code of the indices' type
/// @param hasChunkOffsets   whether `chunk_offsets_ptype` is present (then a chunk-offsets child follows)
/// @param chunkOffsetsLen   `chunk_offsets_len` (4, optional)
/// @param chunkOffsetsPtype `chunk_offsets_ptype` (5, optional): wire code
/// @param offsetWithinChunk `offset_within_chunk` (6, optional; only meaningful with chunk offsets)
public record PatchesMetadata(
        long count,
        long offset,
        long indicesPtype,
        boolean hasChunkOffsets,
        long chunkOffsetsLen,
        long chunkOffsetsPtype,
        long offsetWithinChunk) {

    /// The message with every field absent (what an absent nested message reads as).
    public static final PatchesMetadata EMPTY = new PatchesMetadata(0, 0, 0, false, 0, 0, 0);

    /// Reads a `PatchesMetadata` message.
    public static PatchesMetadata read(ProtoReader r) {
        long count = 0;
        long offset = 0;
        long indicesPtype = 0;
        long chunkOffsetsLen = 0;
        long chunkOffsetsPtype = 0;
        boolean hasChunkOffsets = false;
        long offsetWithinChunk = 0;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> count = r.readVarint();
                case 2 -> offset = r.readVarint();
                case 3 -> indicesPtype = r.readVarint();
                case 4 -> chunkOffsetsLen = r.readVarint();
                case 5 -> {
                    chunkOffsetsPtype = r.readVarint();
                    hasChunkOffsets = true;
                }
                case 6 -> offsetWithinChunk = r.readVarint();
                default -> r.skip();
            }
        }
        return new PatchesMetadata(
                count, offset, indicesPtype, hasChunkOffsets, chunkOffsetsLen, chunkOffsetsPtype, offsetWithinChunk);
    }

    /// Returns the message's bytes: zero fields omitted, and the three optional chunk-offset
    /// fields all written (even when zero) when there are chunk offsets, as the reference writes
    /// its optional fields.
    public byte[] write() {
        ProtoWriter w = new ProtoWriter()
                .varintIfNonZero(1, count)
                .varintIfNonZero(2, offset)
                .varintIfNonZero(3, indicesPtype);
        if (hasChunkOffsets) {
            w.varint(4, chunkOffsetsLen).varint(5, chunkOffsetsPtype).varint(6, offsetWithinChunk);
        }
        return w.toByteArray();
    }

    /// Returns how many children the patches occupy: indices, values and, if present, chunk offsets.
    public int childCount() {
        return hasChunkOffsets ? 3 : 2;
    }
}
