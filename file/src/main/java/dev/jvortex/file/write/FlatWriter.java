package dev.jvortex.file.write;

import dev.jvortex.core.array.Array;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.List;

/// A `vortex.flat` layout: one array, compressed into one segment.
final class FlatWriter implements LayoutWriter {
    private final long rows;
    /// The segment id, once the pipeline has written it.
    private int segment = -1;

    private FlatWriter(long rows) {
        this.rows = rows;
    }

    /// Submits `a` as one segment; `owner` (the arena holding `a`, or null) is closed once the
    /// segment is written.
    static FlatWriter submit(WriteContext ctx, Array a, Compression compression, Arena owner) throws IOException {
        return submit(ctx, a, compression, owner, null);
    }

    /// Submits `a`, a chunk of a column whose chunks share `column` (see
    /// [CompressionPipeline#submit(Array, Compression, Arena, java.util.function.IntConsumer,
    /// CompressionPipeline.ColumnChoice)]), as one segment.
    static FlatWriter submit(
            WriteContext ctx, Array a, Compression compression, Arena owner, CompressionPipeline.ColumnChoice column)
            throws IOException {
        return submit(ctx, a, compression, owner, column, null);
    }

    /// As [#submit(WriteContext, Array, Compression, Arena, CompressionPipeline.ColumnChoice)],
    /// also adding `a`'s rows to `stats` (or null) on the compression threads.
    static FlatWriter submit(
            WriteContext ctx,
            Array a,
            Compression compression,
            Arena owner,
            CompressionPipeline.ColumnChoice column,
            CompressionPipeline.StatsChain stats)
            throws IOException {
        FlatWriter w = new FlatWriter(a.length());
        ctx.pipeline().submit(a, compression, owner, seg -> w.segment = seg, column, stats);
        return w;
    }

    @Override
    public long rowCount() {
        return rows;
    }

    @Override
    public void complete() {
        // submitted whole when created
    }

    @Override
    public LayoutSpec layout(LayoutIds ids) {
        return new LayoutSpec(ids.of(LayoutId.FLAT.id()), rows, new byte[0], List.of(), new int[] {segment});
    }
}
