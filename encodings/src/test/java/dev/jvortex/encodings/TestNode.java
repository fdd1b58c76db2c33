package dev.jvortex.encodings;

import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.MemorySegment;
import java.util.List;

/// An in-memory [EncodedNode] for decoder tests: build a tree by hand, decode it with [Decoding].
public record TestNode(String encoding, byte[] metadata, List<MemorySegment> buffers, List<EncodedNode> children)
        implements EncodedNode {
    /// Creates a node.
    public static TestNode of(String encoding, byte[] metadata, List<MemorySegment> buffers, EncodedNode... children) {
        return new TestNode(encoding, metadata, buffers, List.of(children));
    }

    @Override
    public byte[] metadata() {
        return metadata.clone();
    }

    @Override
    public int childCount() {
        return children.size();
    }

    @Override
    public EncodedNode child(int i) {
        return children.get(i);
    }

    @Override
    public int bufferCount() {
        return buffers.size();
    }

    @Override
    public MemorySegment buffer(int i) {
        return buffers.get(i);
    }

    @Override
    public String location() {
        return "test node " + encoding;
    }
}
