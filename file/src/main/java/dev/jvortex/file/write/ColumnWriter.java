package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import java.io.IOException;

/// A layout writer that takes a column's rows batch by batch: a struct, zoned or chunked layout.
/// (A flat or dictionary layout is a chunk that a [ChunkedWriter] cuts.)
sealed interface ColumnWriter extends LayoutWriter permits StructWriter, ZonedWriter, ChunkedWriter {
    /// Appends rows that continue the column (an array of the column's type).
    void append(Array rows) throws IOException;

    /// Told the rows of the next [#append(Array)] before it comes (the same array), so that work
    /// the append would do first may start on the compression threads: [StructWriter] tells every
    /// column of a batch before appending any. Nothing by default.
    default void prepare(Array rows) {}

    /// Returns the writer of a column of type `dtype`: a struct's fields as columns of their own,
    /// any other type in chunks under a zone map (statistics only, when zone maps are off).
    static ColumnWriter of(DType dtype, WriteContext ctx) {
        if (dtype instanceof DType.Struct s) {
            return new StructWriter(s, ctx);
        }
        if (ctx.options().zoneMaps() || ctx.options().fileStatistics()) {
            return new ZonedWriter(dtype, ctx);
        }
        return new ChunkedWriter(dtype, ctx);
    }
}
