package dev.jvortex.encodings.zstd;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import java.util.ArrayList;
import java.util.List;

/// The metadata of `vortex.zstd` as stored (`ZstdMetadata`, fields in the package docs).
///
/// @param dictionarySize `dictionary_size` (1, uint32): bytes of the dictionary buffer; 0 means none
/// @param frames         `frames` (2): one entry per frame buffer
public record ZstdMetadata(long dictionarySize, List<Frame> frames) {
    /// One `ZstdFrameMetadata`.
    ///
    /// @param uncompressedSize `uncompressed_size` (1): bytes the frame decompresses to
    /// @param values           `n_values` (2): valid values in the frame (0 in old primitive-only files)
    public record Frame(long uncompressedSize, long values) {}

    /// Reads the metadata bytes of a `vortex.zstd` node.
    public static ZstdMetadata read(byte[] bytes) {
        long dictionarySize = 0;
        List<Frame> frames = new ArrayList<>();
        ProtoReader r = new ProtoReader(bytes, "ZstdMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> dictionarySize = r.readVarint() & 0xFFFFFFFFL;
                case 2 -> {
                    ProtoReader f = r.readMessage("ZstdFrameMetadata");
                    long size = 0;
                    long values = 0;
                    while (f.next()) {
                        switch (f.field()) {
                            case 1 -> size = f.readVarint();
                            case 2 -> values = f.readVarint();
                            default -> f.skip();
                        }
                    }
                    frames.add(new Frame(size, values));
                }
                default -> r.skip();
            }
        }
        return new ZstdMetadata(dictionarySize, frames);
    }

    /// Returns the metadata bytes (zero fields omitted, in frames too).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, dictionarySize);
        for (Frame f : frames) {
            w.bytes(
                    2,
                    new ProtoWriter()
                            .varintIfNonZero(1, f.uncompressedSize())
                            .varintIfNonZero(2, f.values())
                            .toByteArray());
        }
        return w.toByteArray();
    }
}
