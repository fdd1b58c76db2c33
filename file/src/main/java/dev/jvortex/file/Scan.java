package dev.jvortex.file;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.expr.Binder;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.core.expr.Selection;
import dev.jvortex.file.layout.ChunkedReader;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.StructReader;
import dev.jvortex.file.layout.ZonedReader;
import dev.jvortex.file.scan.Pruner;
import dev.jvortex.file.scan.RowRanges;
import dev.jvortex.file.scan.ZoneStats;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SortedSet;
import java.util.TreeSet;

/// A forward scan over a file, producing [Batch]es in row order.
///
/// Batches break at the chunk boundaries of the columns read, so each decoded chunk is decoded
/// once; a chunk wider than a batch is decoded once and shared between batches.
///
/// With a filter or row indices ([ScanOptions]) the scan first finds the candidate rows: the
/// row range, intersected with the row indices, minus the rows that file statistics and zone
/// maps prove cannot match (see [Pruner]). Spans of batches without candidates are never
/// decoded. In the others it reads the filter's columns, evaluates the filter, and returns only
/// the selected rows, gathered from the projected columns; batches left empty are not returned.
/// [#statistics()] reports what was skipped.
public final class Scan implements Iterable<Batch>, AutoCloseable {
    private final VortexFile file;
    private final LayoutReader root;
    private final List<String> names = new ArrayList<>();
    /// Top-level fields read (output and filter columns), in file order of first use.
    private final List<Integer> readFields = new ArrayList<>();
    private final List<String> readNames = new ArrayList<>();
    /// Per read field: its reader (per-field mode), or null when the root is read whole.
    private final List<LayoutReader> readers = new ArrayList<>();
    private final boolean perField;
    /// For each output column, its slot in the read fields.
    private final int[] outputSlots;
    /// Whether the filter reads each slot.
    private final boolean[] filterSlots;
    private final FilterEvaluator evaluator;
    private final RowRanges candidates;
    private final long[] splits;
    private final boolean threadShared;
    private int next;
    private Batch pending;
    private boolean closed;

    private final long rowsInScope;
    private final boolean filePruned;
    private long zones;
    private long zonesSkipped;
    private long chunks;
    private long chunksSkipped;
    private long rowsRead;
    private long rowsReturned;
    private long batches;

    Scan(VortexFile file, ScanOptions options) {
        this.file = file;
        this.root = file.newReader();
        this.threadShared = options.threadShared();
        try {
            List<String> all = file.columnNames();
            List<String> wanted = options.columns() == null ? all : options.columns();
            outputSlots = new int[wanted.size()];
            for (int i = 0; i < wanted.size(); i++) {
                int idx = all.indexOf(wanted.get(i));
                if (idx < 0) {
                    throw VortexException.misuse(file.name() + ": no column '" + wanted.get(i) + "'; columns are " + all);
                }
                names.add(wanted.get(i));
                outputSlots[i] = slot(idx, all);
            }
            Expr bound = null;
            if (options.filter() != null) {
                if (!(file.dtype() instanceof DType.Struct schema)) {
                    throw VortexException.misuse(file.name() + ": a filter needs a table (struct) file, not " + file.dtype());
                }
                bound = Binder.bind(options.filter(), schema);
                for (Expr.Column c : bound.columns()) {
                    slot(all.indexOf(c.topLevel()), all);
                }
                evaluator = new FilterEvaluator(bound, schema);
            } else {
                evaluator = null;
            }
            filterSlots = new boolean[readFields.size()];
            if (evaluator != null) {
                for (Expr.Column c : evaluator.columns()) {
                    filterSlots[readNames.indexOf(c.topLevel())] = true;
                }
            }
            perField = root instanceof StructReader && file.dtype() instanceof DType.Struct;
            for (int idx : readFields) {
                readers.add(perField ? ((StructReader) root).field(idx) : null);
            }

            long rows = file.rowCount();
            long first = Math.min(options.firstRow(), rows);
            long last = Math.min(options.lastRow(), rows);
            RowRanges scope = RowRanges.of(first, last);
            long[] indices = options.rowIndices();
            if (indices != null) {
                if (indices.length > 0 && indices[indices.length - 1] >= rows) {
                    throw VortexException.misuse(file.name() + ": row index " + indices[indices.length - 1]
                            + " is out of range for " + rows + " rows");
                }
                scope = scope.intersect(RowRanges.ofSortedIndices(indices));
            }
            rowsInScope = scope.rowCount();
            boolean fileSkip = false;
            if (bound != null && !scope.isEmpty()) {
                fileSkip = filePrunes(bound, (DType.Struct) file.dtype());
                scope = fileSkip ? RowRanges.empty() : scope.intersect(zonePrune(bound, (DType.Struct) file.dtype(), scope));
            }
            filePruned = fileSkip;
            candidates = scope;
            splits = splits(options.maxBatchRows(), first, last);
            countChunks();
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private int slot(int field, List<String> all) {
        int s = readFields.indexOf(field);
        if (s < 0) {
            s = readFields.size();
            readFields.add(field);
            readNames.add(all.get(field));
        }
        return s;
    }

    // ---- pruning ----

    private boolean filePrunes(Expr bound, DType.Struct schema) {
        try (Arena arena = Arena.ofConfined()) {
            Map<Expr.Column, List<ZoneStats>> stats = new HashMap<>();
            for (Expr.Column c : bound.columns()) {
                int idx = schema.indexOf(c.topLevel());
                VortexFile.ColumnStatistics s = c.path().size() == 1 ? file.statistics(idx) : null;
                if (s != null) {
                    stats.put(c, List.of(ZoneStats.ofFile(file.rowCount(), schema.fields().get(idx), s.min(), s.max(),
                            s.nullCount(), s.nanCount(), arena)));
                }
            }
            RowRanges pruned = Pruner.pruned(bound, schema, c -> stats.getOrDefault(c, List.of()), file.rowCount());
            return pruned.rowCount() == file.rowCount();
        }
    }

    private RowRanges zonePrune(Expr bound, DType.Struct schema, RowRanges scope) {
        if (!perField) {
            return scope;
        }
        Arena arena = Arena.ofConfined();
        ReadContext ctx = new ReadContext(arena, false);
        try {
            Map<Expr.Column, List<ZoneStats>> stats = new HashMap<>();
            for (Expr.Column c : bound.columns()) {
                LayoutReader r = ((StructReader) root).field(schema.indexOf(c.topLevel()));
                for (int i = 1; i < c.path().size() && r != null; i++) {
                    r = r instanceof StructReader s && s.dtype().indexOf(c.path().get(i)) >= 0
                            ? s.field(s.dtype().indexOf(c.path().get(i))) : null;
                }
                List<ZoneStats> list = new ArrayList<>();
                if (r != null) {
                    collectZones(r, 0, Binder.typeOf(c, schema), ctx, list);
                }
                stats.put(c, list);
            }
            RowRanges pruned = Pruner.pruned(bound, schema, c -> stats.getOrDefault(c, List.of()), file.rowCount());
            RowRanges left = pruned.complement(0, file.rowCount()).intersect(scope);
            for (List<ZoneStats> list : stats.values()) {
                for (ZoneStats s : list) {
                    zones += s.zoneCount();
                    for (int z = 0; z < s.zoneCount(); z++) {
                        zonesSkipped += left.intersects(s.zoneStart(z), s.zoneEnd(z)) ? 0 : 1;
                    }
                }
            }
            return left;
        } finally {
            ctx.releaseHeld();
            arena.close();
        }
    }

    private static void collectZones(LayoutReader r, long base, DType type, ReadContext ctx, List<ZoneStats> out) {
        switch (r) {
            case ZonedReader z -> {
                if (z.hasZoneTable() && z.zoneLength() > 0) {
                    StructArray table = z.readZones(ctx);
                    out.add(ZoneStats.ofZoneTable(base, z.zoneLength(), z.rowCount(), table, type));
                }
            }
            case ChunkedReader c -> {
                long start = base;
                for (LayoutReader chunk : c.chunks()) {
                    collectZones(chunk, start, type, ctx, out);
                    start += chunk.rowCount();
                }
            }
            default -> {}
        }
    }

    // ---- splits ----

    private long[] splits(int maxBatchRows, long first, long last) {
        SortedSet<Long> points = new TreeSet<>();
        if (perField) {
            for (LayoutReader c : readers) {
                c.splitPoints(0, points);
            }
        } else {
            root.splitPoints(0, points);
        }
        points.add(first);
        points.add(last);
        List<Long> cuts = new ArrayList<>();
        long prev = -1;
        for (long p : points.subSet(first, last + 1)) {
            if (prev >= 0) {
                for (long q = prev + maxBatchRows; q < p; q += maxBatchRows) {
                    cuts.add(q);
                }
            }
            cuts.add(p);
            prev = p;
        }
        return cuts.stream().mapToLong(Long::longValue).toArray();
    }

    private void countChunks() {
        List<LayoutReader> columns = perField ? readers : List.of(root);
        long rows = file.rowCount();
        for (LayoutReader c : columns) {
            SortedSet<Long> points = new TreeSet<>();
            c.splitPoints(0, points);
            points.add(rows);
            long prev = -1;
            for (long p : points.subSet(0L, rows + 1)) {
                if (prev >= 0 && p > prev) {
                    chunks++;
                    chunksSkipped += candidates.intersects(prev, p) ? 0 : 1;
                }
                prev = p;
            }
        }
    }

    // ---- reading ----

    /// Returns the output column names.
    public List<String> columnNames() {
        return List.copyOf(names);
    }

    /// Returns the number of rows this scan will produce; with a filter, an upper bound (the rows
    /// left after pruning).
    public long rowCount() {
        return candidates.rowCount();
    }

    /// Returns what the scan skipped and returned so far.
    public ScanStatistics statistics() {
        return new ScanStatistics(file.rowCount(), rowsInScope, candidates.rowCount(), filePruned, zones, zonesSkipped, chunks,
                chunksSkipped, rowsRead, rowsReturned, batches);
    }

    /// Returns true while more batches remain.
    public boolean hasNext() {
        while (pending == null && !closed && next + 1 < splits.length) {
            long from = splits[next];
            long to = splits[next + 1];
            next++;
            if (candidates.intersects(from, to)) {
                pending = read(candidates.within(from, to));
            }
            release(to);
        }
        return pending != null;
    }

    /// Reads the next batch.
    public Batch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Batch b = pending;
        pending = null;
        batches++;
        rowsReturned += b.rowCount();
        return b;
    }

    private void release(long upTo) {
        if (perField) {
            for (LayoutReader r : readers) {
                r.releaseBefore(upTo);
            }
        } else {
            root.releaseBefore(upTo);
        }
    }

    /// Reads the candidate rows `ranges` (within one split); returns null when none is selected.
    private Batch read(RowRanges ranges) {
        long from = ranges.start(0);
        long to = ranges.end(ranges.size() - 1);
        int n = Math.toIntExact(to - from);
        Arena arena = threadShared ? Arena.ofShared() : Arena.ofConfined();
        ReadContext ctx = new ReadContext(arena, threadShared);
        try {
            Array[] columns = new Array[readFields.size()];
            Selection selection = null;
            if (evaluator != null) {
                readColumns(from, to, ctx, columns, filterSlots);
                selection = evaluator.evaluate(name -> columns[readNames.indexOf(name)], n);
            }
            if (ranges.size() > 1) {
                selection = selection == null ? mask(ranges, from, n) : selection.and(mask(ranges, from, n));
            }
            rowsRead += n;
            int count = selection == null ? n : selection.count();
            if (count == 0) {
                ctx.releaseHeld();
                arena.close();
                return null;
            }
            boolean[] rest = new boolean[columns.length];
            for (int slot : outputSlots) {
                rest[slot] = columns[slot] == null;
            }
            readColumns(from, to, ctx, columns, rest);
            int[] selected = selection == null || count == n ? null : selection.indices();
            List<Array> out = new ArrayList<>(outputSlots.length);
            for (int slot : outputSlots) {
                out.add(selected == null ? columns[slot] : ArrayOps.take(columns[slot], selected, arena));
            }
            return new Batch(from, selected, count, names, out, arena, ctx);
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            arena.close();
            if (e instanceof VortexException ve) {
                throw ve;
            }
            throw new VortexException(VortexException.Kind.CORRUPT, file.name() + ": rows [" + from + ", " + to + "): " + e, e);
        }
    }

    private static Selection mask(RowRanges ranges, long from, int n) {
        long[] words = new long[(n + 63) >>> 6];
        for (int i = 0; i < ranges.size(); i++) {
            for (long r = ranges.start(i) - from, end = ranges.end(i) - from; r < end; r++) {
                words[(int) (r >>> 6)] |= 1L << r;
            }
        }
        return Selection.ofWords(words, n);
    }

    private void readColumns(long from, long to, ReadContext ctx, Array[] columns, boolean[] which) {
        if (perField) {
            for (int s = 0; s < columns.length; s++) {
                if (which[s] && columns[s] == null) {
                    columns[s] = readers.get(s).read(from, to, ctx);
                }
            }
            return;
        }
        boolean any = false;
        for (int s = 0; s < columns.length; s++) {
            any |= which[s] && columns[s] == null;
        }
        if (!any) {
            return;
        }
        Array whole = root.read(from, to, ctx);
        for (int s = 0; s < columns.length; s++) {
            if (which[s] && columns[s] == null) {
                columns[s] = whole instanceof StructArray st ? st.field(readFields.get(s)) : whole;
            }
        }
    }

    @Override
    public Iterator<Batch> iterator() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return Scan.this.hasNext();
            }

            @Override
            public Batch next() {
                return Scan.this.next();
            }
        };
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (pending != null) {
                pending.close();
                pending = null;
            }
            root.close();
        }
    }
}
