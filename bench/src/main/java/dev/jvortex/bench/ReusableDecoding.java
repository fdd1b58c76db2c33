package dev.jvortex.bench;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.ArrayDecoder;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.EncodingRegistry;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// A [DecodeContext] for kernel benchmarks: every decode takes its output memory from one slab
/// allocated up front and handed out again from its start by [#decodeRoot], so a benchmark
/// measures the decoder and not `malloc` + zeroing + `free` of a fresh arena.
///
/// Unlike [dev.jvortex.encodings.Decoding] the memory is **not zeroed** between decodes; the
/// benchmarks check in their setup that each input decodes correctly into a slab dirtied by
/// earlier decodes. Heap scratch arrays that decoders allocate themselves (block buffers, index
/// arrays) are still allocated on every decode: they are part of the real decoder.
final class ReusableDecoding implements DecodeContext {
    private final SlabArena arena;

    /// Creates a context whose slab holds `capacity` bytes.
    ReusableDecoding(long capacity) {
        arena = new SlabArena(capacity);
    }

    /// Decodes a whole array, reusing the slab from its start.
    Array decodeRoot(EncodedNode root, DType dtype, int length) {
        arena.reset();
        return decode(root, dtype, length);
    }

    @Override
    public Arena arena() {
        return arena;
    }

    @Override
    public Array decode(EncodedNode node, DType dtype, int length) {
        ArrayDecoder decoder = EncodingRegistry.decoder(node.encoding());
        if (decoder == null) {
            throw VortexException.unsupported("no decoder for " + node.encoding());
        }
        return decoder.decode(node, dtype, length, this);
    }

    @Override
    public MemorySegment allocate(long bytes, long alignment) {
        return arena.allocate(Math.max(bytes, 1), alignment);
    }

    /// Fills the whole slab with a non-zero pattern, so a decoder that relies on zeroed memory fails
    /// the setup's check instead of looking fast.
    void scribble() {
        arena.slab.fill((byte) 0xA5);
    }

    /// Releases the slab.
    void close() {
        arena.close();
    }

    /// A bump allocator over one native slab; [#reset] makes the whole slab available again.
    private static final class SlabArena implements Arena {
        private final Arena owner = Arena.ofShared();
        private final MemorySegment slab;
        private long used;

        SlabArena(long capacity) {
            slab = owner.allocate(capacity, 4096);
        }

        void reset() {
            used = 0;
        }

        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            long start = (used + byteAlignment - 1) & -byteAlignment;
            if (start + byteSize > slab.byteSize()) {
                throw new IllegalStateException("benchmark slab of " + slab.byteSize() + " bytes is too small");
            }
            used = start + byteSize;
            return slab.asSlice(start, byteSize);
        }

        @Override
        public MemorySegment.Scope scope() {
            return owner.scope();
        }

        @Override
        public void close() {
            owner.close();
        }
    }
}
