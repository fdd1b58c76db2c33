package dev.jvortex.file;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.core.expr.Selection;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.StructReader;
import dev.jvortex.file.scan.RowRanges;
import java.lang.foreign.Arena;
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
    private final long[] cuts;
    private int next;
    private long rowsRead;

    SplitReader(ScanPlan plan, long from, long to, boolean threadShared) {
        this.plan = plan;
        this.threadShared = threadShared;
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
    }

    /// Returns the rows decoded (and filtered) so far.
    long rowsRead() {
        return rowsRead;
    }

    /// Reads the next batch with a selected row, or returns null at the end of the range.
    Batch next() {
        RowRanges candidates = plan.candidates();
        while (next + 1 < cuts.length) {
            long from = cuts[next];
            long to = cuts[next + 1];
            next++;
            Batch b = candidates.intersects(from, to) ? read(candidates.within(from, to)) : null;
            release(to);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

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
        Arena arena = threadShared ? Arena.ofShared() : Arena.ofConfined();
        ReadContext ctx = new ReadContext(arena, threadShared);
        try {
            List<String> readNames = plan.readNames();
            Array[] columns = new Array[readNames.size()];
            Selection selection = null;
            if (evaluator != null) {
                readColumns(from, to, ctx, columns, plan.filterSlots());
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
            int[] outputSlots = plan.outputSlots();
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
            return new Batch(from, selected, count, plan.names(), out, arena, ctx);
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            arena.close();
            if (e instanceof VortexException ve) {
                throw ve;
            }
            throw new VortexException(VortexException.Kind.CORRUPT, plan.file().name() + ": rows [" + from + ", " + to + "): " + e, e);
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
    }
}
