package dev.jvortex.file;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.core.expr.Selection;
import dev.jvortex.file.layout.ChunkedReader;
import dev.jvortex.file.layout.DictReader;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.ReadContext;
import dev.jvortex.file.layout.Shared;
import dev.jvortex.file.layout.StructReader;
import dev.jvortex.file.layout.ZonedReader;
import dev.jvortex.file.scan.RowRanges;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Reads the batches of one row range of a [ScanPlan], in row order, with readers of its own.
///
/// Batches break at the plan's cut points (the chunk boundaries of the columns read), so each
/// decoded chunk is decoded once within the range; a chunk wider than a batch is decoded once
/// and shared between batches. Spans without candidate rows are never decoded. With a filter it
/// reads the filter's columns first, evaluates the filter, and reads the other columns only for
/// batches with a selected row.
final class SplitReader implements AutoCloseable {
    private final ScanPlan plan;
    private final LayoutReader root;
    /// Per read field: its reader (per-field mode), or null when the root is read whole.
    private final List<LayoutReader> readers = new ArrayList<>();
    private final FilterEvaluator evaluator;
    private final boolean threadShared;
    /// The arena everything this reader decodes comes from, or null for an arena per batch and chunk.
    private final Shared pool;
    private final long[] cuts;
    private int next;
    private long rowsRead;

    SplitReader(ScanPlan plan, long from, long to, boolean threadShared) {
        this(plan, from, to, threadShared, null);
    }

    /// A reader whose batches and decoded chunks all allocate from `pool` (when not null): one
    /// shared arena per split instead of one per batch and chunk, freed when the split's last
    /// batch closes.
    SplitReader(ScanPlan plan, long from, long to, boolean threadShared, Shared pool) {
        this.plan = plan;
        this.threadShared = threadShared;
        this.pool = pool;
        this.root = plan.file().newReader();
        this.evaluator = plan.newEvaluator();
        for (int idx : plan.readFields()) {
            readers.add(plan.perField() ? ((StructReader) root).field(idx) : null);
        }
        long[] all = plan.cutPoints();
        int lo = Arrays.binarySearch(all, from);
        lo = lo < 0 ? -lo - 1 : lo + 1;
        int hi = Arrays.binarySearch(all, to);
        hi = hi < 0 ? -hi - 1 : hi;
        long[] c = new long[Math.max(0, hi - lo) + 2];
        c[0] = from;
        System.arraycopy(all, lo, c, 1, Math.max(0, hi - lo));
        c[c.length - 1] = to;
        this.cuts = from == to ? new long[] {from} : c;
        this.fetcher = plan.file().fetcher();
        this.windowEnds = fetcher == null ? null : windows();
    }

    // ---- remote files: the segments of one window of cut intervals are fetched together ----

    /// Fetches the segments of a remote file; null for a mapped one (nothing to plan).
    private final SegmentFetcher fetcher;
    /// Per window, the cut index where it ends (windows cover the cut intervals in order).
    private final int[] windowEnds;
    private final SegmentFetcher.Window[] windows = new SegmentFetcher.Window[2];
    private int windowFetched = -1;
    private int window;

    /// Groups the cut intervals into windows of about [dev.jvortex.file.io.FetchOptions#windowBytes()].
    private int[] windows() {
        long target = fetcher.options().windowBytes();
        List<Integer> ends = new ArrayList<>();
        int start = 0;
        for (int k = 0; k + 1 < cuts.length; k++) {
            if (plan.estimatedBytes(cuts[start], cuts[k + 1]) >= target || k + 2 >= cuts.length) {
                ends.add(k + 1);
                start = k + 1;
            }
        }
        return ends.stream().mapToInt(Integer::intValue).toArray();
    }

    /// Makes sure the window holding cut interval `next` and the one after it are requested,
    /// and lets go of the windows before.
    private void prefetch() {
        if (fetcher == null || windowEnds.length == 0) {
            return;
        }
        while (window < windowEnds.length - 1 && next >= windowEnds[window]) {
            window++;
        }
        while (windowFetched < Math.min(window + 1, windowEnds.length - 1)) {
            windowFetched++;
            SegmentFetcher.Window old = windows[windowFetched % 2];
            if (old != null) {
                old.close();
            }
            windows[windowFetched % 2] = fetcher.fetch(segmentsOf(windowFetched));
        }
    }

    /// The segments the candidate rows of window `w` need in the columns read.
    private int[] segmentsOf(int w) {
        java.util.BitSet ids = new java.util.BitSet();
        RowRanges candidates = plan.candidates();
        for (int k = w == 0 ? 0 : windowEnds[w - 1]; k < windowEnds[w]; k++) {
            RowRanges within = candidates.within(cuts[k], cuts[k + 1]);
            if (within.isEmpty()) {
                continue;
            }
            long lo = within.start(0);
            long hi = within.end(within.size() - 1);
            if (plan.perField()) {
                for (LayoutReader r : readers) {
                    SegmentPlan.rows(r, lo, hi, ids);
                }
            } else {
                SegmentPlan.rows(root, lo, hi, ids);
            }
        }
        return ids.stream().toArray();
    }

    /// Returns the rows decoded (and filtered) so far.
    long rowsRead() {
        return rowsRead;
    }

    /// Reads the next batch with a selected row, or returns null at the end of the range.
    Batch next() {
        RowRanges candidates = plan.candidates();
        int maxRows = plan.options().maxBatchRows();
        while (next + 1 < cuts.length) {
            prefetch();
            long from = cuts[next];
            long to = cuts[next + 1];
            RowRanges within = candidates.within(from, to);
            if (within.isEmpty()) {
                next++;
                release(to);
                continue;
            }
            Batch b;
            if (sparse(within, from, to)) {
                // Few rows: take them (decoding only what they need), over as many intervals as
                // stay sparse, up to a batch's rows and a span whose offsets fit an int.
                long selected = within.rowCount();
                int end = next + 1;
                while (end + 1 < cuts.length && cuts[end + 1] - from <= MAX_TAKE_SPAN) {
                    RowRanges more = candidates.within(cuts[end], cuts[end + 1]);
                    if (selected + more.rowCount() > maxRows
                            || (!more.isEmpty() && !sparse(more, cuts[end], cuts[end + 1]))) {
                        break;
                    }
                    selected += more.rowCount();
                    end++;
                }
                to = cuts[end];
                next = end;
                b = readSparse(candidates.within(from, to));
            } else {
                next++;
                b = read(within);
            }
            release(to);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /// The widest row span one sparse batch covers (its row offsets are ints).
    private static final long MAX_TAKE_SPAN = 1L << 30;

    /// Whether the candidate rows of `[from, to)` are few enough to take one by one rather than
    /// decode the whole interval.
    private static boolean sparse(RowRanges rows, long from, long to) {
        return rows.rowCount() * TAKE_RATIO <= to - from;
    }

    /// Taking pays off below one row in this many.
    private static final int TAKE_RATIO = 64;

    private void release(long upTo) {
        if (plan.perField()) {
            for (LayoutReader r : readers) {
                r.releaseBefore(upTo);
            }
        } else {
            root.releaseBefore(upTo);
        }
    }

    /// Reads the candidate rows `ranges` (within one cut interval); returns null when none is selected.
    private Batch read(RowRanges ranges) {
        long from = ranges.start(0);
        long to = ranges.end(ranges.size() - 1);
        int n = Math.toIntExact(to - from);
        Arena arena = newArena();
        ReadContext ctx = new ReadContext(arena, threadShared, pool);
        try {
            List<String> readNames = plan.readNames();
            Array[] columns = new Array[readNames.size()];
            FilterEvaluator.Dictionary[] dicts = new FilterEvaluator.Dictionary[columns.length];
            DictReader[] dictReaders = new DictReader[columns.length];
            Selection selection = null;
            if (evaluator != null) {
                boolean[] filterSlots = plan.filterSlots().clone();
                if (plan.perField()) {
                    // Filter columns stored as dictionaries are filtered once per dictionary value.
                    for (int s = 0; s < columns.length; s++) {
                        DictReader d = filterSlots[s] ? dictionaryOf(readers.get(s), from, to) : null;
                        if (d != null) {
                            long base = dictBase(readers.get(s), from);
                            dicts[s] = d.readCodes(from - base, to - base, ctx);
                            dictReaders[s] = d;
                            filterSlots[s] = false;
                        }
                    }
                }
                readColumns(from, to, ctx, columns, filterSlots);
                selection = evaluator.evaluate(
                        new FilterEvaluator.Columns() {
                            @Override
                            public Array column(String name) {
                                int s = readNames.indexOf(name);
                                if (columns[s] == null && dicts[s] != null) {
                                    columns[s] = dictReaders[s].lookUpAll(dicts[s], from, ctx);
                                }
                                return columns[s];
                            }

                            @Override
                            public FilterEvaluator.Dictionary dictionary(String name) {
                                return dicts[readNames.indexOf(name)];
                            }
                        },
                        n);
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
            int[] outputSlots = plan.outputSlots();
            int[] selected = selection == null || count == n ? null : selection.indices();
            Array[] taken = new Array[columns.length];
            boolean[] rest = new boolean[columns.length];
            if (selected != null && (long) count * TAKE_RATIO <= n) {
                // Few rows selected: take them from the columns not read yet.
                long[] rows = new long[count];
                for (int i = 0; i < count; i++) {
                    rows[i] = from + selected[i];
                }
                for (int slot : outputSlots) {
                    if (columns[slot] == null && taken[slot] == null && dicts[slot] == null) {
                        taken[slot] = takeColumn(slot, rows, ctx);
                    }
                }
            } else {
                for (int slot : outputSlots) {
                    rest[slot] = columns[slot] == null && dicts[slot] == null;
                }
                readColumns(from, to, ctx, columns, rest);
            }
            List<Array> out = new ArrayList<>(outputSlots.length);
            for (int slot : outputSlots) {
                if (taken[slot] == null && columns[slot] == null && dicts[slot] != null) {
                    // Look up only the selected rows' codes.
                    FilterEvaluator.Dictionary d = dicts[slot];
                    Array a;
                    if (selected == null) {
                        a = dictReaders[slot].lookUpAll(d, from, ctx);
                    } else {
                        int[] codes = new int[count];
                        for (int i = 0; i < count; i++) {
                            codes[i] = d.index(selected[i]);
                        }
                        a = dictReaders[slot].lookUp(d, codes, ctx);
                        if (!d.codeValidity().isAllValid()) {
                            a = ArrayOps.withValidity(
                                    a,
                                    a.validity()
                                            .and(selectedValidity(d.codeValidity(), selected, arena), count, arena));
                        }
                    }
                    taken[slot] = a;
                }
                out.add(
                        taken[slot] != null
                                ? taken[slot]
                                : selected == null ? columns[slot] : ArrayOps.take(columns[slot], selected, arena));
            }
            return new Batch(from, selected, count, plan.names(), out, arena, ctx);
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            arena.close();
            throw plan.file().failure(e, "rows [" + from + ", " + to + ")");
        }
    }

    @SuppressWarnings("MustBeClosedChecker") // the caller owns the arena
    private Arena newArena() {
        return pool != null ? pool.view() : threadShared ? Arena.ofShared() : Arena.ofConfined();
    }

    /// Returns the dictionary layout that holds all of `[from, to)` of `r` (under zone maps and
    /// chunks), or null.
    private static DictReader dictionaryOf(LayoutReader r, long from, long to) {
        return switch (r) {
            case DictReader d -> d;
            case ZonedReader z -> dictionaryOf(z.data(), from, to);
            case ChunkedReader c -> {
                long start = 0;
                for (LayoutReader chunk : c.chunks()) {
                    long end = start + chunk.rowCount();
                    if (from >= start && to <= end && end > start) {
                        yield dictionaryOf(chunk, from - start, to - start);
                    }
                    start = end;
                }
                yield null;
            }
            default -> null;
        };
    }

    /// Returns the first row of the dictionary layout [#dictionaryOf] finds for rows from `from`.
    private static long dictBase(LayoutReader r, long from) {
        return switch (r) {
            case ZonedReader z -> dictBase(z.data(), from);
            case ChunkedReader c -> {
                long start = 0;
                for (LayoutReader chunk : c.chunks()) {
                    long end = start + chunk.rowCount();
                    if (from >= start && from < end) {
                        yield start + dictBase(chunk, from - start);
                    }
                    start = end;
                }
                yield 0;
            }
            default -> 0;
        };
    }

    /// The validity bits of the rows `selected` of `v`.
    private static Validity selectedValidity(Validity v, int[] selected, Arena arena) {
        MemorySegment bits = arena.allocate(Math.max(1, Bits.byteLength(selected.length)));
        for (int i = 0; i < selected.length; i++) {
            if (v.isValid(selected[i])) {
                Bits.set(bits, i);
            }
        }
        return Validity.ofBits(bits);
    }

    /// Reads the candidate rows `ranges` (sparse) by taking them; returns null when none is selected.
    private Batch readSparse(RowRanges ranges) {
        long base = ranges.start(0);
        long[] rows = new long[Math.toIntExact(ranges.rowCount())];
        int k = 0;
        for (int i = 0; i < ranges.size(); i++) {
            for (long r = ranges.start(i); r < ranges.end(i); r++) {
                rows[k++] = r;
            }
        }
        Arena arena = newArena();
        ReadContext ctx = new ReadContext(arena, threadShared, pool);
        try {
            List<String> readNames = plan.readNames();
            Array[] columns = new Array[readNames.size()];
            int[] selected = null;
            int count = rows.length;
            if (evaluator != null) {
                boolean[] filterSlots = plan.filterSlots();
                for (int s = 0; s < columns.length; s++) {
                    if (filterSlots[s]) {
                        columns[s] = takeColumn(s, rows, ctx);
                    }
                }
                Selection selection = evaluator.evaluate(name -> columns[readNames.indexOf(name)], rows.length);
                count = selection.count();
                if (count < rows.length) {
                    selected = selection.indices();
                }
            }
            rowsRead += rows.length;
            if (count == 0) {
                ctx.releaseHeld();
                arena.close();
                return null;
            }
            long[] kept = rows;
            if (selected != null) {
                kept = new long[count];
                for (int i = 0; i < count; i++) {
                    kept[i] = rows[selected[i]];
                }
            }
            int[] offsets = new int[count];
            for (int i = 0; i < count; i++) {
                offsets[i] = (int) (kept[i] - base);
            }
            List<Array> out = new ArrayList<>();
            for (int slot : plan.outputSlots()) {
                if (columns[slot] == null) {
                    columns[slot] = takeColumn(slot, kept, ctx);
                } else if (selected != null && columns[slot].length() != count) {
                    columns[slot] = ArrayOps.take(columns[slot], selected, arena);
                }
                out.add(columns[slot]);
            }
            boolean contiguous = kept[count - 1] - base == count - 1;
            return new Batch(base, contiguous ? null : offsets, count, plan.names(), out, arena, ctx);
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            arena.close();
            throw plan.file().failure(e, "rows [" + base + ", " + ranges.end(ranges.size() - 1) + ")");
        }
    }

    /// Takes the file rows `rows` (ascending) of read slot `slot`.
    private Array takeColumn(int slot, long[] rows, ReadContext ctx) {
        if (plan.perField()) {
            return readers.get(slot).take(rows, 0, rows.length, 0, ctx);
        }
        Array whole = root.take(rows, 0, rows.length, 0, ctx);
        return whole instanceof StructArray st ? st.field(plan.readFields().get(slot)) : whole;
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
        if (plan.perField()) {
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
        List<Integer> readFields = plan.readFields();
        for (int s = 0; s < columns.length; s++) {
            if (which[s] && columns[s] == null) {
                columns[s] = whole instanceof StructArray st ? st.field(readFields.get(s)) : whole;
            }
        }
    }

    @Override
    public void close() {
        root.close();
        for (int i = 0; i < windows.length; i++) {
            if (windows[i] != null) {
                windows[i].close();
                windows[i] = null;
            }
        }
    }
}
