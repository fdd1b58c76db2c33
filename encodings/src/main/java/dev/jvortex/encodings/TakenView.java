package dev.jvortex.encodings;

import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.MemorySegment;

/// A node seen through a row selection, handed to an encoding's own decoder so that it decodes
/// only the selected rows: every child is a [Lazy] selection of the original child (for encodings
/// whose children have one row per row of the node), and the buffers and metadata may be replaced
/// by ones already gathered for the selection.
final class TakenView implements EncodedNode {
    private final EncodedNode original;
    private final int length;
    private final int[] indices;
    private final byte[] metadata;
    private final MemorySegment[] buffers;

    TakenView(EncodedNode original, int length, int[] indices, byte[] metadata, MemorySegment[] buffers) {
        this.original = original;
        this.length = length;
        this.indices = indices;
        this.metadata = metadata;
        this.buffers = buffers;
    }

    @Override
    public String encoding() {
        return original.encoding();
    }

    @Override
    public byte[] metadata() {
        return metadata != null ? metadata : original.metadata();
    }

    @Override
    public int childCount() {
        return original.childCount();
    }

    @Override
    public EncodedNode child(int i) {
        return new Lazy(original.child(i), length, indices);
    }

    @Override
    public int bufferCount() {
        return buffers != null ? buffers.length : original.bufferCount();
    }

    @Override
    public MemorySegment buffer(int i) {
        return buffers != null ? buffers[i] : original.buffer(i);
    }

    @Override
    public String location() {
        return original.location();
    }

    /// Rows `indices` of `original` (an array of `originalLength` rows): decoding this node through
    /// a [TakeContext] takes those rows instead of decoding the child whole.
    record Lazy(EncodedNode original, int originalLength, int[] indices) implements EncodedNode {
        /// The id reported for a lazy selection: no decoder dispatches on it, and a parent that
        /// checks its child's encoding (to reuse the child's memory, say) sees a foreign one.
        static final String ID = "jvortex.taken";

        @Override
        public String encoding() {
            return ID;
        }

        @Override
        public byte[] metadata() {
            return original.metadata();
        }

        @Override
        public int childCount() {
            return original.childCount();
        }

        @Override
        public EncodedNode child(int i) {
            return original.child(i);
        }

        @Override
        public int bufferCount() {
            return original.bufferCount();
        }

        @Override
        public MemorySegment buffer(int i) {
            return original.buffer(i);
        }

        @Override
        public String location() {
            return original.location();
        }
    }
}
