package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.format.LayoutNode;
import java.util.SortedSet;

/// Reads rows of one layout subtree.
public sealed interface LayoutReader permits FlatReader, StructReader, ChunkedReader, ZonedReader, DictReader {
    /// Returns the layout node.
    LayoutNode node();

    /// Returns the type of the rows this layout holds.
    DType dtype();

    /// Returns the number of rows.
    default long rowCount() {
        return node().rowCount();
    }

    /// Adds the row positions (offset by `base`) where this layout's leaf chunks start.
    void splitPoints(long base, SortedSet<Long> out);

    /// Decodes rows `[from, to)`.
    Array read(long from, long to, ReadContext ctx);

    /// Decodes only the rows `rows[from..to) - base` (ascending, distinct, each within this
    /// layout), in that order: a leaf decodes just what those rows need (see
    /// [FlatReader#take(long[], int, int, long, ReadContext)]).
    Array take(long[] rows, int from, int to, long base, ReadContext ctx);

    /// Releases cached decoded memory of leaf chunks that end at or before `row`: a forward scan
    /// that skipped the rest of a chunk calls this once it has moved past it.
    void releaseBefore(long row);

    /// Releases cached decoded memory.
    void close();
}
