package dev.jvortex.encodings.zstd;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import java.util.ArrayList;
import java.util.List;

/// The metadata of `vortex.zstd_buffers` as stored (`ZstdBuffersMetadata`, fields in the package
/// docs); fields 5 and 6 (the children's types and lengths) are skipped, as the inner decoder
/// knows its children.
///
/// @param innerEncoding     `inner_encoding_id` (1), or null when absent
/// @param innerMetadata     `inner_metadata` (2)
/// @param uncompressedSizes `uncompressed_sizes` (3): one per buffer
/// @param alignments        `buffer_alignments` (4): one per buffer
public record ZstdBuffersMetadata(
        String innerEncoding, byte[] innerMetadata, List<Long> uncompressedSizes, List<Long> alignments) {
    /// Reads the metadata bytes of a `vortex.zstd_buffers` node.
    public static ZstdBuffersMetadata read(byte[] bytes) {
        String inner = null;
        byte[] innerMetadata = new byte[0];
        List<Long> sizes = new ArrayList<>();
        List<Long> alignments = new ArrayList<>();
        ProtoReader r = new ProtoReader(bytes, "ZstdBuffersMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> inner = r.readString();
                case 2 -> innerMetadata = r.readBytes();
                case 3 -> r.readRepeatedVarint(sizes::add);
                case 4 -> r.readRepeatedVarint(alignments::add);
                default -> r.skip();
            }
        }
        return new ZstdBuffersMetadata(inner, innerMetadata, sizes, alignments);
    }

    /// Returns the metadata bytes: empty fields omitted, the repeated ones packed.
    public byte[] write() {
        ProtoWriter w = new ProtoWriter();
        if (innerEncoding != null && !innerEncoding.isEmpty()) {
            w.string(1, innerEncoding);
        }
        if (innerMetadata.length > 0) {
            w.bytes(2, innerMetadata);
        }
        if (!uncompressedSizes.isEmpty()) {
            w.packedVarints(3, toArray(uncompressedSizes));
        }
        if (!alignments.isEmpty()) {
            w.packedVarints(4, toArray(alignments));
        }
        return w.toByteArray();
    }

    private static long[] toArray(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }
}
