package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/// A `vortex.chunked` layout: its chunks in row order (a single chunk stands in for it).
///
/// As a column's writer it cuts the rows appended into chunks, of a kind the first rows decide:
/// with dictionaries on, a string column with few distinct values gets dictionary layouts
/// ([DictWriter]), each ending when its dictionary is full; any other column gets flat chunks of
/// a fixed row count (a multiple of `rowBlock` rows that is about `targetChunkBytes`, judged on
/// the first batch). The rows of the flat chunk being filled are copied into an arena of their
/// own (the caller may free its batch once the write returns), which the chunk takes along to
/// the [CompressionPipeline].
final class ChunkedWriter implements ColumnWriter {
    private final DType dtype;
    private final WriteContext ctx;
    private final List<LayoutWriter> chunks = new ArrayList<>();
    private long rows;
    /// Whether the chunks are dictionary layouts; null until the first rows.
    private Boolean dictionaries;
    /// Rows per flat chunk.
    private long chunkRows;
    /// The rows of the flat chunk being filled, in `pendingArena`.
    private final List<Array> pending = new ArrayList<>();
    private Arena pendingArena;
    private long pendingRows;
    /// The dictionary layout being filled.
    private DictWriter openDict;

    /// A column of type `dtype`, cut into chunks.
    ChunkedWriter(DType dtype, WriteContext ctx) {
        this.dtype = dtype;
        this.ctx = ctx;
    }

    /// A chunked layout of the chunks given to [#add(LayoutWriter)].
    ChunkedWriter() {
        this(null, null);
    }

    /// Adds a chunk after the others (for a writer made with [#ChunkedWriter()]).
    void add(LayoutWriter chunk) {
        chunks.add(chunk);
        rows += chunk.rowCount();
    }

    @Override
    public long rowCount() {
        return rows;
    }

    @Override
    public void append(Array a) throws IOException {
        if (a.length() == 0) {
            return;
        }
        rows += a.length();
        if (dictionaries == null) {
            int rowBlock = ctx.options().rowBlock();
            dictionaries = ctx.options().dictionaries() && DictState.worthIt(dtype, a, rowBlock);
            if (!dictionaries) {
                long bytesPerRow = Math.max(1, CanonicalEncoder.encode(a).bufferBytes() / Math.max(1, a.length()));
                long rowsForTarget = Math.max(1, ctx.options().targetChunkBytes() / bytesPerRow);
                long blocks = Math.max(1, (rowsForTarget + rowBlock - 1) / rowBlock);
                chunkRows = blocks * rowBlock;
            }
        }
        if (dictionaries) {
            appendDictionaries((VarBinViewArray) a);
        } else {
            appendFlat(a);
        }
    }

    @SuppressWarnings("MustBeClosedChecker") // the pending arena is handed to the pipeline with its chunk
    private void appendFlat(Array a) throws IOException {
        int from = 0;
        while (from < a.length()) {
            if (pendingArena == null) {
                pendingArena = Arena.ofShared();
            }
            int take = (int) Math.min(chunkRows - pendingRows, a.length() - from);
            pending.add(ArrayOps.deepCopy(ArrayOps.slice(a, from, take, pendingArena), pendingArena));
            pendingRows += take;
            from += take;
            if (pendingRows == chunkRows) {
                flushFlat();
            }
        }
    }

    /// Submits the pending rows as one flat chunk, which owns the pending arena from now on.
    private void flushFlat() throws IOException {
        Arena owner = pendingArena;
        pendingArena = null;
        Array chunk;
        try {
            chunk = ArrayOps.concat(dtype, pending, owner);
        } catch (RuntimeException e) {
            owner.close();
            throw e;
        }
        pending.clear();
        pendingRows = 0;
        chunks.add(FlatWriter.submit(ctx, chunk, Compression.FULL, owner));
    }

    private void appendDictionaries(VarBinViewArray a) throws IOException {
        int from = 0;
        while (from < a.length()) {
            if (openDict == null) {
                openDict = new DictWriter(dtype, ctx);
                chunks.add(openDict);
            }
            from = openDict.fill(a, from);
            if (openDict.full()) {
                openDict.complete();
                openDict = null;
            }
        }
    }

    @Override
    public void complete() throws IOException {
        if (pendingRows > 0) {
            flushFlat();
        }
        if (pendingArena != null) {
            pendingArena.close();
            pendingArena = null;
        }
        if (openDict != null) {
            openDict.complete();
            openDict = null;
        }
    }

    @Override
    public LayoutSpec layout(LayoutIds ids) {
        if (chunks.size() == 1) {
            return chunks.getFirst().layout(ids);
        }
        List<LayoutSpec> kids = new ArrayList<>();
        for (LayoutWriter c : chunks) {
            kids.add(c.layout(ids));
        }
        return new LayoutSpec(ids.of(LayoutId.CHUNKED.id()), rows, new byte[0], kids, new int[0]);
    }
}
