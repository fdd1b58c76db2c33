package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/// A `vortex.chunked` layout: its chunks in row order (a single chunk stands in for it).
///
/// As a column's writer it cuts the rows appended into chunks, of a kind the first rows decide:
/// with dictionaries on, a string column with few distinct values gets dictionary layouts
/// ([DictWriter]), each ending when its dictionary is full; an integer column whose first block
/// (or, when that block is long runs, first flat chunk: see [IntDictWriter#judgeBlock]) is
/// smaller so gets integer dictionary layouts ([IntDictWriter]) until one is full, then flat
/// chunks; any other column gets flat chunks of
/// a fixed row count (a multiple of `rowBlock` rows that is about `targetChunkBytes`). Both are
/// judged on the column's first `rowBlock` rows, however the batches cut them: rows are held
/// back until that many have come (or the column ends), so a file written in batches of one row
/// holds the same layouts and segments as the file written in one batch (same size, same
/// values); only the order of the columns' segments in the file may differ, as they go out in
/// the order the columns cut their chunks, which follows the batches. The rows of the flat
/// chunk being filled are copied into an arena of their own (the caller may free its batch once
/// the write returns), which the chunk takes along to the [CompressionPipeline].
final class ChunkedWriter implements ColumnWriter {
    private final DType dtype;
    private final WriteContext ctx;
    private final List<LayoutWriter> chunks = new ArrayList<>();
    /// The compressor's choice for the first flat chunk, which the later ones start from.
    private final CompressionPipeline.ColumnChoice flatChoice = new CompressionPipeline.ColumnChoice();
    /// The same for the dictionary layouts' codes and values.
    private final DictWriter.Choices dictChoices = new DictWriter.Choices();
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
    /// Whether the chunks are integer dictionary layouts ([IntDictWriter]), until one is full.
    private boolean intDictionaries;
    /// The integer dictionary layout being filled.
    private IntDictWriter openIntDict;
    /// Whether the first flat chunk, once full, is tried as an integer dictionary layout
    /// ([IntDictWriter#smallerOverChunk]) before it is submitted.
    private boolean askChunk;
    /// The first rows, held until `rowBlock` of them decide the kind of chunks (copies, in
    /// `undecidedArena`).
    private final List<Array> undecided = new ArrayList<>();
    private Arena undecidedArena;
    private long undecidedRows;
    /// The column's statistics, which its rows are added to (null when it keeps none): flat
    /// chunks' rows on the compression threads, with the chunk; dictionary layouts' rows here.
    private final CompressionPipeline.StatsChain stats;
    /// The decision on the kind of chunks, started on the compression threads by
    /// [#prepare(Array)] and not yet taken up (null when there is none).
    private FutureTask<Decision> early;

    /// The kind of chunks a column's first block decides.
    ///
    /// @param dictionaries string dictionary layouts
    /// @param chunkRows the rows of a flat chunk (when not `dictionaries`)
    /// @param intDictionaries integer dictionary layouts first
    /// @param askChunk whether the first flat chunk decides on integer dictionary layouts
    private record Decision(boolean dictionaries, long chunkRows, boolean intDictionaries, boolean askChunk) {}

    /// A column of type `dtype`, cut into chunks.
    ChunkedWriter(DType dtype, WriteContext ctx) {
        this(dtype, ctx, null);
    }

    /// A column of type `dtype`, cut into chunks, whose rows go to `stats` too (or null).
    ChunkedWriter(DType dtype, WriteContext ctx, CompressionPipeline.StatsChain stats) {
        this.dtype = dtype;
        this.ctx = ctx;
        this.stats = stats;
    }

    /// A chunked layout of the chunks given to [#add(LayoutWriter)].
    ChunkedWriter() {
        this(null, null, null);
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
            if (undecided.isEmpty() && a.length() >= rowBlock) {
                // The common case: the first batch holds the first block; nothing to hold back.
                decide(a);
            } else {
                holdBack(a);
                if (undecidedRows >= rowBlock) {
                    decideAndReplay();
                }
                return;
            }
        }
        if (dictionaries) {
            // Dictionary lookups and statistics: on the compression threads when the batch is
            // big enough and any thread may read it (joined before the batch's write returns).
            VarBinViewArray s = (VarBinViewArray) a;
            ctx.pipeline().runColumnWork(s.length(), shareable(s), () -> appendDictionaries(s));
            return;
        }
        route(a);
    }

    /// A thread that no arena is confined to: a segment it may access is one any thread may.
    private static final Thread ANY_THREAD = Thread.ofVirtual().unstarted(() -> {});

    /// Whether every segment of `a` may be read by any thread (none is confined to this one).
    private static boolean shareable(VarBinViewArray a) {
        if (!a.views().isAccessibleBy(ANY_THREAD)) {
            return false;
        }
        for (MemorySegment b : a.buffers()) {
            if (!b.isAccessibleBy(ANY_THREAD)) {
                return false;
            }
        }
        MemorySegment bits = a.validity().bits();
        return bits == null || bits.isAccessibleBy(ANY_THREAD);
    }

    private void route(Array a) throws IOException {
        if (dictionaries) {
            appendDictionaries((VarBinViewArray) a);
        } else if (intDictionaries) {
            appendIntDictionaries((PrimitiveArray) a);
        } else {
            appendFlat(a);
        }
    }

    /// Starts the decision on the kind of chunks on the compression threads when `first` (the
    /// next rows appended) holds the column's whole first block: its copy is made here, the
    /// decision is taken by [#decide(Array)] (run there if no thread has started it yet).
    @Override
    @SuppressWarnings("MustBeClosedChecker") // the task closes the arena when it has decided
    public void prepare(Array first) {
        int rowBlock = ctx.options().rowBlock();
        Executor executor = ctx.pipeline().executor();
        if (executor == null
                || dictionaries != null
                || early != null
                || !undecided.isEmpty()
                || first.length() < rowBlock) {
            return;
        }
        Arena arena = Arena.ofShared();
        Array block;
        try {
            block = firstBlock(first, arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        early = new FutureTask<>(() -> {
            try (arena) {
                return decision(block);
            }
        });
        try {
            executor.execute(early);
        } catch (RejectedExecutionException e) {
            // a caller's executor that takes no more: decided on this thread when needed
        }
    }

    /// Decides the kind of chunks (and the rows of a flat chunk) from the first `rowBlock` rows
    /// of the column, which `first` starts with (all of them unless the column is shorter).
    private void decide(Array first) {
        Decision d;
        if (early != null) {
            d = awaitEarly();
        } else {
            try (Arena arena = Arena.ofConfined()) {
                d = decision(firstBlock(first, arena));
            }
        }
        dictionaries = d.dictionaries();
        chunkRows = d.chunkRows();
        intDictionaries = d.intDictionaries();
        askChunk = d.askChunk();
    }

    /// The decision [#prepare(Array)] started: taken on this thread if no other has started it.
    private Decision awaitEarly() {
        FutureTask<Decision> task = early;
        early = null;
        task.run(); // nothing when a compression thread has run or is running it
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, "interrupted while choosing a column's layout", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new VortexException(
                    VortexException.Kind.IO, "choosing a column's layout failed: " + e.getCause(), e.getCause());
        }
    }

    /// A copy of the first `rowBlock` rows of `first` (all of them if fewer) in `arena`: a copy,
    /// not a slice, as a slice of strings keeps its source's whole data buffers, which would
    /// count as its bytes.
    private Array firstBlock(Array first, Arena arena) {
        int n = Math.min(first.length(), ctx.options().rowBlock());
        return ArrayOps.deepCopy(ArrayOps.slice(first, 0, n, arena), arena);
    }

    /// The kind of chunks for a column whose first block is `block` (on any thread).
    private Decision decision(Array block) {
        int rowBlock = ctx.options().rowBlock();
        int n = block.length();
        boolean dict = ctx.options().dictionaries() && DictState.worthIt(dtype, block, rowBlock);
        if (dict) {
            return new Decision(true, 0, false, false);
        }
        long bytesPerRow = Math.max(1, CanonicalEncoder.encode(block).bufferBytes() / Math.max(1, n));
        long rowsForTarget = Math.max(1, ctx.options().targetChunkBytes() / bytesPerRow);
        long blocks = Math.max(1, (rowsForTarget + rowBlock - 1) / rowBlock);
        IntDictWriter.Verdict verdict = ctx.options().dictionaries()
                ? IntDictWriter.judgeBlock(dtype, block, ctx.options())
                : IntDictWriter.Verdict.FLAT;
        return new Decision(
                false,
                blocks * rowBlock,
                verdict == IntDictWriter.Verdict.DICTIONARY,
                verdict == IntDictWriter.Verdict.ASK_CHUNK);
    }

    @SuppressWarnings("MustBeClosedChecker") // closed once the held rows are replayed (or on complete)
    private void holdBack(Array a) {
        if (undecidedArena == null) {
            undecidedArena = Arena.ofShared();
        }
        undecided.add(ArrayOps.deepCopy(a, undecidedArena));
        undecidedRows += a.length();
    }

    /// Decides on the rows held back, then appends them as any later rows.
    private void decideAndReplay() throws IOException {
        try {
            Array held = undecided.size() == 1
                    ? undecided.getFirst()
                    : ArrayOps.concat(dtype, List.copyOf(undecided), undecidedArena);
            decide(held);
            route(held);
        } finally {
            undecided.clear();
            undecidedRows = 0;
            undecidedArena.close();
            undecidedArena = null;
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
                if (intDictionaries && from < a.length()) {
                    // the first chunk became a dictionary's first rows: so do the rest
                    try (Arena arena = Arena.ofConfined()) {
                        appendIntDictionaries((PrimitiveArray) ArrayOps.slice(a, from, a.length() - from, arena));
                    }
                    return;
                }
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
        if (askChunk) {
            askChunk = false;
            if (chunk.length() > ctx.options().rowBlock() && chunk instanceof PrimitiveArray p) {
                boolean dictionary;
                try {
                    dictionary =
                            IntDictWriter.smallerOverChunk(dtype, p, ctx.options(), p.length() < chunkRows, chunkRows);
                } catch (RuntimeException e) {
                    owner.close();
                    throw e;
                }
                if (dictionary) {
                    intDictionaries = true;
                    try (owner) {
                        appendIntDictionaries(p);
                    }
                    return;
                }
            }
        }
        chunks.add(FlatWriter.submit(ctx, chunk, Compression.FULL, owner, flatChoice, stats));
    }

    private void appendDictionaries(VarBinViewArray a) throws IOException {
        if (stats != null) {
            stats.addNow(a);
        }
        int from = 0;
        while (from < a.length()) {
            if (openDict == null) {
                openDict = new DictWriter(dtype, ctx, dictChoices);
                chunks.add(openDict);
            }
            from = openDict.fill(a, from);
            if (openDict.full()) {
                openDict.complete();
                openDict = null;
            }
        }
    }

    /// Appends rows to integer dictionary layouts; once one is full, completes it and appends the
    /// rest (and every later row) to flat chunks.
    private void appendIntDictionaries(PrimitiveArray a) throws IOException {
        if (openIntDict == null) {
            openIntDict = new IntDictWriter((DType.Primitive) dtype, ctx, dictChoices);
            chunks.add(openIntDict);
        }
        int end = openIntDict.fill(a, 0);
        if (stats != null) {
            try (Arena arena = Arena.ofConfined()) {
                stats.addNow(ArrayOps.slice(a, 0, end, arena));
            }
        }
        if (openIntDict.full()) {
            openIntDict.complete();
            openIntDict = null;
            intDictionaries = false;
            if (end < a.length()) {
                try (Arena arena = Arena.ofConfined()) {
                    appendFlat(ArrayOps.slice(a, end, a.length() - end, arena));
                }
            }
        }
    }

    @Override
    public void release() {
        if (early != null) {
            early.run(); // frees its copy of the first block (a compression thread may be doing so)
            early = null;
        }
        if (pendingArena != null) {
            pendingArena.close();
            pendingArena = null;
        }
        if (undecidedArena != null) {
            undecidedArena.close();
            undecidedArena = null;
        }
        pending.clear();
        undecided.clear();
    }

    @Override
    public void complete() throws IOException {
        if (undecidedRows > 0) {
            decideAndReplay();
        }
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
        if (openIntDict != null) {
            openIntDict.complete();
            openIntDict = null;
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
