package dev.jvortex.encodings;

import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.MemorySegment;

/// A node of the same encoding as `original` made of some of its parts: its own metadata and
/// buffers and no children (for a take that decodes only some frames or pages of a node, all
/// rows of them valid).
///
/// @param original the node the parts come from (its encoding and location are kept)
/// @param metadata the metadata describing the parts
/// @param buffers  the parts' buffers
public record PartNode(EncodedNode original, byte[] metadata, MemorySegment[] buffers) implements EncodedNode {
    @Override
    public String encoding() {
        return original.encoding();
    }

    @Override
    public byte[] metadata() {
        return metadata.clone();
    }

    @Override
    public int childCount() {
        return 0;
    }

    @Override
    public EncodedNode child(int i) {
        throw new IndexOutOfBoundsException("a part node has no children");
    }

    @Override
    public int bufferCount() {
        return buffers.length;
    }

    @Override
    public MemorySegment buffer(int i) {
        return buffers[i];
    }

    @Override
    public String location() {
        return original.location();
    }
}
