package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.Taking;
import dev.jvortex.file.SegmentSource;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.util.SortedSet;

/// Reads a `vortex.flat` layout: one segment holding one serialized array.
///
/// The decoded array is cached (in a reference-counted arena) so that batches smaller than the
/// chunk decode it once.
public final class FlatReader implements LayoutReader {
    private final LayoutNode node;
    private final DType dtype;
    private final SegmentSource source;
    private Shared block;
    private Array decoded;

    FlatReader(LayoutNode node, DType dtype, SegmentSource source, String path) {
        this.node = node;
        this.dtype = dtype;
        this.source = source;
        if (node.segments().length != 1 || !node.children().isEmpty()) {
            throw VortexException.corrupt(
                    source.name() + ": flat layout " + path + " must have 1 segment and no children but has "
                            + node.segments().length + " and " + node.children().size());
        }
    }

    @Override
    public LayoutNode node() {
        return node;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public void splitPoints(long base, SortedSet<Long> out) {
        out.add(base);
    }

    /// Returns the serialized array of this flat layout (parsed, not decoded).
    public SerializedArray serialized() {
        int seg = node.segments()[0];
        return SerializedArray.parse(source.segment(seg), source.arraySpecs(), source.name() + ", segment " + seg);
    }

    /// Returns the serialized array, its bytes kept alive by `keeper` (see
    /// [SegmentSource#segment(int, java.util.function.Consumer)]).
    private SerializedArray serialized(java.util.function.Consumer<Shared> keeper) {
        int seg = node.segments()[0];
        return SerializedArray.parse(
                source.segment(seg, keeper), source.arraySpecs(), source.name() + ", segment " + seg);
    }

    /// Decodes the whole chunk into its own cached block.
    public Array decodeAll(ReadContext ctx) {
        if (decoded == null) {
            Shared b = ctx.newBlock();
            try {
                // The decoded array may view the segment's bytes: they live as long as the block.
                decoded = Decoding.decodeRoot(
                        serialized(bytes -> b.onClose(bytes::release)).root(), dtype, node.rowCount(), b.arena());
            } catch (RuntimeException e) {
                b.release();
                throw e;
            }
            block = b;
        }
        return decoded;
    }

    @Override
    public Array read(long from, long to, ReadContext ctx) {
        Array all = decodeAll(ctx);
        ctx.hold(block);
        Array out = ArrayOps.slice(all, (int) from, (int) (to - from), ctx.arena());
        if (to == node.rowCount()) {
            // The scan moves forward: once the last rows were read the chunk is not needed again.
            close();
        }
        return out;
    }

    @Override
    public Array take(long[] rows, int from, int to, long base, ReadContext ctx) {
        int[] idx = new int[to - from];
        for (int i = from; i < to; i++) {
            idx[i - from] = (int) (rows[i] - base);
        }
        if (decoded != null) {
            ctx.hold(block);
            return ArrayOps.take(decoded, idx, ctx.arena());
        }
        // Decode only what the rows need (a bit-packed block, a frame, the selected strings...).
        return Taking.take(serialized(ctx::adopt).root(), dtype, node.rowCount(), idx, ctx.arena());
    }

    @Override
    public void releaseBefore(long row) {
        if (row >= node.rowCount()) {
            close();
        }
    }

    @Override
    public void close() {
        if (block != null) {
            block.release();
            block = null;
            decoded = null;
        }
    }
}
