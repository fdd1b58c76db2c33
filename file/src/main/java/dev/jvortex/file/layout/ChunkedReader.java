package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.format.LayoutNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;

/// Reads a `vortex.chunked` layout: children in row order.
public final class ChunkedReader implements LayoutReader {
    private final LayoutNode node;
    private final DType dtype;
    private final List<LayoutReader> chunks;
    private final long[] starts;

    ChunkedReader(LayoutNode node, DType dtype, List<LayoutReader> chunks, long[] starts) {
        this.node = node;
        this.dtype = dtype;
        this.chunks = List.copyOf(chunks);
        this.starts = starts;
    }

    @Override
    public LayoutNode node() {
        return node;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    /// Returns the chunk readers.
    public List<LayoutReader> chunks() {
        return chunks;
    }

    @Override
    public void splitPoints(long base, SortedSet<Long> out) {
        for (int i = 0; i < chunks.size(); i++) {
            chunks.get(i).splitPoints(base + starts[i], out);
        }
    }

    @Override
    public Array read(long from, long to, ReadContext ctx) {
        if (from == to) {
            return Constants.allNull(dtype, 0, ctx.arena());
        }
        int c = Arrays.binarySearch(starts, 0, chunks.size(), from);
        if (c < 0) {
            c = -c - 2;
        }
        List<Array> parts = new ArrayList<>();
        long pos = from;
        while (pos < to) {
            while (starts[c] + chunks.get(c).rowCount() <= pos) {
                c++;
            }
            LayoutReader chunk = chunks.get(c);
            long end = Math.min(to, starts[c] + chunk.rowCount());
            parts.add(chunk.read(pos - starts[c], end - starts[c], ctx));
            pos = end;
        }
        return parts.size() == 1 ? parts.getFirst() : ArrayOps.concat(dtype, parts, ctx.arena());
    }

    @Override
    public Array take(long[] rows, int from, int to, long base, ReadContext ctx) {
        if (from == to) {
            return Constants.allNull(dtype, 0, ctx.arena());
        }
        List<Array> parts = new ArrayList<>();
        int i = from;
        while (i < to) {
            int c = Arrays.binarySearch(starts, 0, chunks.size(), rows[i] - base);
            if (c < 0) {
                c = -c - 2;
            }
            while (c + 1 < chunks.size() && starts[c + 1] <= rows[i] - base) {
                c++; // empty chunks share their start with the next one
            }
            long end = base + starts[c] + chunks.get(c).rowCount();
            int j = i;
            while (j < to && rows[j] < end) {
                j++;
            }
            parts.add(chunks.get(c).take(rows, i, j, base + starts[c], ctx));
            i = j;
        }
        return parts.size() == 1 ? parts.getFirst() : ArrayOps.concat(dtype, parts, ctx.arena());
    }

    @Override
    public void releaseBefore(long row) {
        for (int i = 0; i < chunks.size() && starts[i] < row; i++) {
            chunks.get(i).releaseBefore(row - starts[i]);
        }
    }

    @Override
    public void close() {
        chunks.forEach(LayoutReader::close);
    }
}
