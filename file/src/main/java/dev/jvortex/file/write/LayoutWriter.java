package dev.jvortex.file.write;

import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;

/// Writes one layout subtree: the writer-side twin of [dev.jvortex.file.layout.LayoutReader],
/// one class per layout kind, composed into the tree of layouts the file gets.
///
/// A writer submits its arrays to the [CompressionPipeline] as its rows come in; the segments
/// are written in submission order. Once the last rows are in, [#complete()] submits what is
/// still held back; once every submitted segment is written, [#layout(LayoutIds)] describes
/// the subtree.
sealed interface LayoutWriter permits ColumnWriter, FlatWriter, DictWriter, IntDictWriter {
    /// Returns the number of rows written so far.
    long rowCount();

    /// Submits what is still held back (a partial chunk, dictionary values, a zone table); called
    /// once, after the last rows.
    void complete() throws IOException;

    /// Returns the layout of this subtree; children take their layout ids before their parent.
    LayoutSpec layout(LayoutIds ids);

    /// Frees the rows still held back (a write that failed or was discarded); never throws.
    default void release() {}
}
