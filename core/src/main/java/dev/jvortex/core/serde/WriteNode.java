package dev.jvortex.core.serde;

import java.lang.foreign.MemorySegment;
import java.util.List;

/// One node of an array tree to serialize: the encoding id, metadata, own buffers (each with
/// the alignment it must be written at) and children. The inverse of [EncodedNode].
///
/// @param encoding the encoding id, e.g. `vortex.primitive`
/// @param metadata the encoding-specific bytes
/// @param buffers this node's buffers
/// @param children the child nodes
public record WriteNode(String encoding, byte[] metadata, List<Buffer> buffers, List<WriteNode> children) {
    /// A buffer and its required alignment in bytes (a power of two).
    ///
    /// @param data the bytes
    /// @param alignment the alignment
    public record Buffer(MemorySegment data, int alignment) {}

    public WriteNode {
        metadata = metadata == null ? new byte[0] : metadata;
        buffers = List.copyOf(buffers);
        children = List.copyOf(children);
    }

    /// Creates a node without buffers.
    public static WriteNode of(String encoding, byte[] metadata, WriteNode... children) {
        return new WriteNode(encoding, metadata, List.of(), List.of(children));
    }

    /// Returns the total bytes of this node's and its descendants' buffers.
    public long bufferBytes() {
        long n = 0;
        for (Buffer b : buffers) {
            n += b.data().byteSize();
        }
        for (WriteNode c : children) {
            n += c.bufferBytes();
        }
        return n;
    }
}
