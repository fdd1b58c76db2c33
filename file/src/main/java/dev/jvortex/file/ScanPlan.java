package dev.jvortex.file;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.expr.Binder;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.layout.ChunkedReader;
import dev.jvortex.file.layout.DictReader;
import dev.jvortex.file.layout.FlatReader;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.ReadContext;
import dev.jvortex.file.layout.StructReader;
import dev.jvortex.file.layout.ZonedReader;
import dev.jvortex.file.scan.Pruner;
import dev.jvortex.file.scan.RowRanges;
import dev.jvortex.file.scan.ZoneStats;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/// What a scan will read, worked out once: the projection, the bound filter, the rows left after
/// pruning with file statistics and zone maps, the batch boundaries and the [Split]s.
///
/// Planning reads only metadata (the footer and the zone tables of filtered columns); executing
/// decodes. [#scan()] runs the whole plan with the options' parallelism, [#scan(Split)] one split
/// on the calling thread. Splits are cut at boundaries where every column read starts a chunk
/// whenever the file has such boundaries (the reference's writer aligns its chunks, so it does),
/// so that no chunk is decoded by two splits.
///
/// A plan is immutable and may be shared between threads; every scan it starts has its own
/// readers.
public final class ScanPlan {
    /// The default stored size of a split from [#splits()].
    public static final long DEFAULT_SPLIT_BYTES = 64L << 20;

    private final VortexFile file;
    private final ScanOptions options;
    private final List<String> names = new ArrayList<>();
    /// Top-level fields read (output and filter columns), in order of first use.
    private final List<Integer> readFields = new ArrayList<>();
    private final List<String> readNames = new ArrayList<>();
    private final int[] outputSlots;
    private final boolean[] filterSlots;
    private final Expr bound;
    private final boolean perField;
    private final RowRanges candidates;
    private final long first;
    private final long last;
    /// Batch boundaries: every leaf chunk start of a column read, plus cuts every maxBatchRows.
    private final long[] cuts;
    /// Boundaries where every column read starts a chunk.
    private final long[] clean;
    /// Leaf chunks of the columns read: start, end, stored bytes (flattened triples).
    private final long[] leaves;
    private final long rowsInScope;
    private final boolean filePruned;
    private long zones;
    private long zonesSkipped;
    private long chunks;
    private long chunksSkipped;

    ScanPlan(VortexFile file, ScanOptions options) {
        this.file = file;
        this.options = options;
        LayoutReader root = file.newReader();
        try {
            List<String> all = file.columnNames();
            List<String> wanted = options.columns() == null ? all : options.columns();
            outputSlots = new int[wanted.size()];
            for (int i = 0; i < wanted.size(); i++) {
                int idx = all.indexOf(wanted.get(i));
                if (idx < 0) {
                    throw VortexException.misuse(
                            file.name() + ": no column '" + wanted.get(i) + "'; columns are " + all);
                }
                names.add(wanted.get(i));
                outputSlots[i] = slot(idx, all);
            }
            if (options.filter() != null) {
                if (!(file.dtype() instanceof DType.Struct schema)) {
                    throw VortexException.misuse(
                            file.name() + ": a filter needs a table (struct) file, not " + file.dtype());
                }
                bound = Binder.bind(options.filter(), schema);
                for (Expr.Column c : bound.columns()) {
                    slot(all.indexOf(c.topLevel()), all);
                }
            } else {
                bound = null;
            }
            filterSlots = new boolean[readFields.size()];
            if (bound != null) {
                for (Expr.Column c : bound.columns()) {
                    filterSlots[readNames.indexOf(c.topLevel())] = true;
                }
            }
            perField = root instanceof StructReader && file.dtype() instanceof DType.Struct;
            List<LayoutReader> columns = new ArrayList<>();
            if (perField) {
                for (int idx : readFields) {
                    columns.add(((StructReader) root).field(idx));
                }
            } else {
                columns.add(root);
            }

            long rows = file.rowCount();
            first = Math.min(options.firstRow(), rows);
            last = Math.min(options.lastRow(), rows);
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
                fileSkip = filePrunes((DType.Struct) file.dtype());
                scope = fileSkip
                        ? RowRanges.empty()
                        : scope.intersect(zonePrune(root, (DType.Struct) file.dtype(), scope));
            }
            filePruned = fileSkip;
            candidates = scope;

            TreeSet<Long> union = new TreeSet<>();
            TreeSet<Long> common = null;
            List<long[]> leafList = new ArrayList<>();
            for (LayoutReader c : columns) {
                TreeSet<Long> points = new TreeSet<>();
                c.splitPoints(0, points);
                points.add(rows);
                countChunks(points, rows);
                union.addAll(points);
                if (common == null) {
                    common = points;
                } else {
                    common.retainAll(points);
                }
                collectLeaves(c, 0, leafList);
            }
            leaves = new long[leafList.size() * 3];
            for (int i = 0; i < leafList.size(); i++) {
                System.arraycopy(leafList.get(i), 0, leaves, i * 3, 3);
            }
            cuts = cuts(union, options.maxBatchRows());
            clean = within(common == null ? new TreeSet<>() : common);
        } catch (RuntimeException e) {
            // Pruning reads zone maps: a file closed meanwhile is reported as closed, not corrupt.
            throw file.failure(e, "planning the scan");
        } finally {
            root.close();
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

    private boolean filePrunes(DType.Struct schema) {
        try (Arena arena = Arena.ofConfined()) {
            Map<Expr.Column, List<ZoneStats>> stats = new HashMap<>();
            for (Expr.Column c : bound.columns()) {
                int idx = schema.indexOf(c.topLevel());
                VortexFile.ColumnStatistics s = c.path().size() == 1 ? file.statistics(idx) : null;
                if (s != null) {
                    stats.put(
                            c,
                            List.of(ZoneStats.ofFile(
                                    file.rowCount(),
                                    schema.fields().get(idx),
                                    s.min(),
                                    s.max(),
                                    s.nullCount(),
                                    s.nanCount(),
                                    arena)));
                }
            }
            RowRanges pruned = Pruner.pruned(bound, schema, c -> stats.getOrDefault(c, List.of()), file.rowCount());
            return pruned.rowCount() == file.rowCount();
        }
    }

    private RowRanges zonePrune(LayoutReader root, DType.Struct schema, RowRanges scope) {
        if (!perField) {
            return scope;
        }
        @SuppressWarnings("MustBeClosedChecker") // closed in the finally below
        Arena arena = Arena.ofConfined();
        ReadContext ctx = new ReadContext(arena, false);
        SegmentFetcher.Window window = null;
        try {
            if (file.fetcher() != null) {
                // A remote file: fetch the zone tables of all filtered columns together.
                java.util.BitSet ids = new java.util.BitSet();
                for (Expr.Column c : bound.columns()) {
                    SegmentPlan.zoneTables(((StructReader) root).field(schema.indexOf(c.topLevel())), ids);
                }
                window = file.fetcher().fetch(ids.stream().toArray());
            }
            Map<Expr.Column, List<ZoneStats>> stats = new HashMap<>();
            for (Expr.Column c : bound.columns()) {
                LayoutReader r = ((StructReader) root).field(schema.indexOf(c.topLevel()));
                for (int i = 1; i < c.path().size() && r != null; i++) {
                    r = r instanceof StructReader s
                                    && s.dtype().indexOf(c.path().get(i)) >= 0
                            ? s.field(s.dtype().indexOf(c.path().get(i)))
                            : null;
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
            if (window != null) {
                window.close();
            }
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

    private void countChunks(TreeSet<Long> points, long rows) {
        long prev = -1;
        for (long p : points.subSet(0L, rows + 1)) {
            if (prev >= 0 && p > prev) {
                chunks++;
                chunksSkipped += candidates.intersects(prev, p) ? 0 : 1;
            }
            prev = p;
        }
    }

    // ---- boundaries and splits ----

    /// Adds the leaf chunks under `r` (start, end, stored bytes); a dictionary's values count
    /// as spread over its rows.
    private void collectLeaves(LayoutReader r, long base, List<long[]> out) {
        switch (r) {
            case FlatReader f -> out.add(new long[] {base, base + f.rowCount(), storedBytes(f)});
            case ChunkedReader c -> {
                long start = base;
                for (LayoutReader chunk : c.chunks()) {
                    collectLeaves(chunk, start, out);
                    start += chunk.rowCount();
                }
            }
            case ZonedReader z -> collectLeaves(z.data(), base, out);
            case DictReader d -> {
                List<long[]> values = new ArrayList<>();
                collectLeaves(d.values(), 0, values);
                long bytes = 0;
                for (long[] v : values) {
                    bytes += v[2];
                }
                if (d.rowCount() > 0) {
                    out.add(new long[] {base, base + d.rowCount(), bytes});
                }
                collectLeaves(d.codes(), base, out);
            }
            case StructReader s -> {
                if (s.validity() != null) {
                    collectLeaves(s.validity(), base, out);
                }
                for (LayoutReader f : s.fields()) {
                    collectLeaves(f, base, out);
                }
            }
        }
    }

    private long storedBytes(FlatReader f) {
        long bytes = 0;
        for (int seg : f.node().segments()) {
            if (seg >= 0 && seg < file.footer().segments().size()) {
                bytes += file.footer().segments().get(seg).length();
            }
        }
        return bytes;
    }

    private long[] cuts(TreeSet<Long> union, int maxBatchRows) {
        List<Long> out = new ArrayList<>();
        long prev = -1;
        TreeSet<Long> points = new TreeSet<>(union.subSet(first, true, last, true));
        points.add(first);
        points.add(last);
        for (long p : points) {
            if (prev >= 0) {
                for (long q = prev + maxBatchRows; q < p; q += maxBatchRows) {
                    out.add(q);
                }
            }
            out.add(p);
            prev = p;
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private long[] within(TreeSet<Long> points) {
        TreeSet<Long> in = new TreeSet<>(points.subSet(first, true, last, true));
        in.add(first);
        in.add(last);
        return in.stream().mapToLong(Long::longValue).toArray();
    }

    /// Returns the estimated stored bytes the columns read hold in rows `[from, to)`.
    public long estimatedBytes(long from, long to) {
        double bytes = 0;
        for (int i = 0; i < leaves.length; i += 3) {
            long s = leaves[i];
            long e = leaves[i + 1];
            long lo = Math.max(s, from);
            long hi = Math.min(e, to);
            if (hi > lo && e > s) {
                bytes += (double) leaves[i + 2] * (hi - lo) / (e - s);
            }
        }
        return Math.round(bytes);
    }

    /// Returns the stored bytes of the leaf chunks that a cut at `row` would cross.
    private long crossingBytes(long row) {
        long bytes = 0;
        for (int i = 0; i < leaves.length; i += 3) {
            if (leaves[i] < row && row < leaves[i + 1]) {
                bytes += leaves[i + 2];
            }
        }
        return bytes;
    }

    /// Returns the splits of about [#DEFAULT_SPLIT_BYTES] stored bytes each (see [#splits(long)]).
    public List<Split> splits() {
        return splits(DEFAULT_SPLIT_BYTES);
    }

    /// Returns splits covering the planned row range in order, each of about `targetBytes` stored
    /// bytes of the columns read: consecutive runs of chunks, cut where every column read starts
    /// a chunk. Where such boundaries are more than two targets apart, the split is also cut at
    /// column chunk boundaries that few stored bytes cross (under a tenth of the gap's, or a
    /// quarter when it is over four targets): the chunks crossing such a cut are decoded by both
    /// sides. Splits without a candidate row after pruning are left out.
    public List<Split> splits(long targetBytes) {
        if (targetBytes < 1) {
            throw VortexException.misuse("target split size must be positive but was " + targetBytes);
        }
        List<Long> points = new ArrayList<>();
        for (int i = 0; i < clean.length; i++) {
            long p = clean[i];
            if (i > 0) {
                long prev = clean[i - 1];
                long gap = estimatedBytes(prev, p);
                if (gap > 2 * targetBytes) {
                    // Too far apart: also cut where few bytes of chunks cross the cut (those are
                    // decoded by both sides): under a tenth of the gap's, or under a quarter when
                    // the gap is over four targets. Past that, more threads would mostly decode
                    // the same chunks twice.
                    int from = Arrays.binarySearch(cuts, prev);
                    for (int k = from < 0 ? -from - 1 : from + 1; k < cuts.length && cuts[k] < p; k++) {
                        long crossing = crossingBytes(cuts[k]);
                        if (crossing * 10 <= gap || (gap > 4 * targetBytes && crossing * 4 <= gap)) {
                            points.add(cuts[k]);
                        }
                    }
                }
            }
            points.add(p);
        }
        List<Split> out = new ArrayList<>();
        long start = points.getFirst();
        for (int i = 1; i < points.size(); i++) {
            long p = points.get(i);
            long bytes = estimatedBytes(start, p);
            if (bytes >= targetBytes || i == points.size() - 1) {
                if (candidates.intersects(start, p)) {
                    out.add(new Split(file.name(), start, p, bytes));
                }
                start = p;
            }
        }
        return List.copyOf(out);
    }

    // ---- execution ----

    /// Runs the whole plan with the options' parallelism, executor and order.
    public Scan scan() {
        int threads = options.effectiveParallelism();
        if (threads == 1 || candidates.isEmpty()) {
            return new Scan(this, List.<long[]>of(new long[] {first, last}), 1, options.threadShared());
        }
        long total = estimatedBytes(first, last);
        long target = Math.clamp(total / (4L * threads), 1L << 20, DEFAULT_SPLIT_BYTES);
        if (file.fetcher() != null && !file.fetcher().allCached(segments())) {
            // A remote file whose segments are not all in a local cache: every split fetches its
            // own ranges, so split only as much as the threads need (a multiple of them, each
            // split at most one fetch window), and no split smaller than a full-size range.
            FetchOptions fetch = file.fetcher().options();
            long window = fetch.windowBytes();
            long n = threads * Math.max(1, (total + threads * window - 1) / (threads * window));
            target = Math.max(fetch.maxRangeBytes(), total / n);
        }
        List<long[]> ranges = new ArrayList<>();
        for (Split s : splits(target)) {
            ranges.add(new long[] {s.firstRow(), s.lastRow()});
        }
        if (ranges.size() <= 1) {
            return new Scan(this, List.<long[]>of(new long[] {first, last}), 1, options.threadShared());
        }
        return new Scan(this, ranges, threads, true);
    }

    /// The segments the candidate rows need in the columns read (zone tables aside).
    private java.util.BitSet segments() {
        java.util.BitSet ids = new java.util.BitSet();
        if (candidates.isEmpty()) {
            return ids;
        }
        long lo = candidates.start(0);
        long hi = candidates.end(candidates.size() - 1);
        LayoutReader root = file.newReader();
        if (perField) {
            for (int idx : readFields()) {
                SegmentPlan.rows(((StructReader) root).field(idx), lo, hi, ids);
            }
        } else {
            SegmentPlan.rows(root, lo, hi, ids);
        }
        return ids;
    }

    /// Runs the given splits (from [#splits(long)] of this plan, or of the same file and options
    /// elsewhere) with the options' parallelism, executor and order.
    public Scan scan(List<Split> splits) {
        List<long[]> ranges = new ArrayList<>();
        for (Split s : splits) {
            long from = Math.max(first, s.firstRow());
            ranges.add(new long[] {from, Math.max(from, Math.min(last, s.lastRow()))});
        }
        int threads = options.effectiveParallelism();
        return new Scan(this, ranges, ranges.size() > 1 ? threads : 1, options.threadShared());
    }

    /// Runs one split on the calling thread (the split must come from a plan of the same file
    /// and options, here or in another process).
    public Scan scan(Split split) {
        long from = Math.max(first, split.firstRow());
        long to = Math.max(from, Math.min(last, split.lastRow()));
        return new Scan(this, List.<long[]>of(new long[] {from, to}), 1, options.threadShared());
    }

    // ---- what the readers need ----

    VortexFile file() {
        return file;
    }

    ScanOptions options() {
        return options;
    }

    List<String> names() {
        return names;
    }

    List<Integer> readFields() {
        return readFields;
    }

    List<String> readNames() {
        return readNames;
    }

    int[] outputSlots() {
        return outputSlots;
    }

    boolean[] filterSlots() {
        return filterSlots;
    }

    boolean perField() {
        return perField;
    }

    RowRanges candidates() {
        return candidates;
    }

    long[] cutPoints() {
        return cuts;
    }

    /// Returns a new evaluator of the bound filter (evaluators keep scratch state: one per reader), or null.
    FilterEvaluator newEvaluator() {
        return bound == null ? null : new FilterEvaluator(bound, (DType.Struct) file.dtype());
    }

    /// Returns the output column names.
    public List<String> columnNames() {
        return List.copyOf(names);
    }

    /// Returns the bound filter, or null.
    public Expr filter() {
        return bound;
    }

    /// Returns the first row of the planned range.
    public long firstRow() {
        return first;
    }

    /// Returns one past the last row of the planned range.
    public long lastRow() {
        return last;
    }

    /// Returns the number of rows left after pruning (an upper bound of the rows a filtered scan returns).
    public long rowCount() {
        return candidates.rowCount();
    }

    /// Returns the estimated stored bytes of the columns read over the planned range.
    public long estimatedBytes() {
        return estimatedBytes(first, last);
    }

    /// Returns the pruning figures of this plan (nothing read or returned yet).
    public ScanStatistics statistics() {
        return statistics(0, 0, 0);
    }

    ScanStatistics statistics(long rowsRead, long rowsReturned, long batches) {
        return new ScanStatistics(
                file.rowCount(),
                rowsInScope,
                candidates.rowCount(),
                filePruned,
                zones,
                zonesSkipped,
                chunks,
                chunksSkipped,
                rowsRead,
                rowsReturned,
                batches);
    }

    @Override
    public String toString() {
        return "scan plan of " + file.name() + ": columns " + names + (bound == null ? "" : ", filter " + bound)
                + ", rows [" + first + ", " + last + "), " + candidates.rowCount() + " after pruning, ~"
                + estimatedBytes() + " stored bytes";
    }
}
