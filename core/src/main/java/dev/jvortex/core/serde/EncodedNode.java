package dev.jvortex.core.serde;

import java.lang.foreign.MemorySegment;

/// One node of a serialized array tree: the encoding id, its metadata bytes, its own buffers
/// and its children. Neither the type nor the length is stored; the parent supplies them.
public interface EncodedNode {
    /// Returns the encoding id, e.g. `fastlanes.bitpacked`.
    String encoding();

    /// Returns the encoding-specific metadata bytes (often a protobuf message).
    byte[] metadata();

    /// Returns the number of children.
    int childCount();

    /// Returns child `i`.
    EncodedNode child(int i);

    /// Returns the number of this node's own buffers.
    int bufferCount();

    /// Returns this node's buffer `i`.
    MemorySegment buffer(int i);

    /// Describes where this node is, for error messages (e.g. `segment 3, node root.1`).
    String location();
}
