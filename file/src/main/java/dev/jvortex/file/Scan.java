package dev.jvortex.file;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.StructReader;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SortedSet;
import java.util.TreeSet;

/// A forward scan over a file, producing [Batch]es in row order.
///
/// Batches break at the chunk boundaries of the projected columns, so each decoded chunk is
/// decoded once; a chunk wider than a batch is decoded once and shared between batches.
public final class Scan implements Iterable<Batch>, AutoCloseable {
    private final VortexFile file;
    private final LayoutReader root;
    private final List<String> names = new ArrayList<>();
    private final List<LayoutReader> columns = new ArrayList<>();
    private final int[] rootFields;
    private final long[] splits;
    private final boolean threadShared;
    private int next;
    private boolean closed;

    Scan(VortexFile file, ScanOptions options) {
        this.file = file;
        this.root = file.newReader();
        this.threadShared = options.threadShared();
        List<String> all = file.columnNames();
        List<String> wanted = options.columns() == null ? all : options.columns();
        int[] fieldIdx = new int[wanted.size()];
        for (int i = 0; i < wanted.size(); i++) {
            int idx = all.indexOf(wanted.get(i));
            if (idx < 0) {
                root.close();
                throw VortexException.misuse(file.name() + ": no column '" + wanted.get(i) + "'; columns are " + all);
            }
            fieldIdx[i] = idx;
            names.add(wanted.get(i));
        }
        boolean perField = root instanceof StructReader && file.dtype() instanceof DType.Struct;
        if (perField) {
            for (int idx : fieldIdx) {
                columns.add(((StructReader) root).field(idx));
            }
            rootFields = null;
        } else {
            columns.add(root);
            rootFields = fieldIdx;
        }
        long first = Math.min(options.firstRow(), file.rowCount());
        long last = Math.min(options.lastRow(), file.rowCount());
        SortedSet<Long> points = new TreeSet<>();
        for (LayoutReader c : columns) {
            c.splitPoints(0, points);
        }
        points.add(first);
        points.add(last);
        List<Long> cuts = new ArrayList<>();
        long prev = -1;
        for (long p : points.subSet(first, last + 1)) {
            if (prev >= 0) {
                for (long q = prev + options.maxBatchRows(); q < p; q += options.maxBatchRows()) {
                    cuts.add(q);
                }
            }
            cuts.add(p);
            prev = p;
        }
        splits = cuts.stream().mapToLong(Long::longValue).toArray();
    }

    /// Returns the output column names.
    public List<String> columnNames() {
        return List.copyOf(names);
    }

    /// Returns the number of rows this scan will produce.
    public long rowCount() {
        return splits.length < 2 ? 0 : splits[splits.length - 1] - splits[0];
    }

    /// Returns true while more batches remain.
    public boolean hasNext() {
        return !closed && next + 1 < splits.length;
    }

    /// Reads the next batch.
    public Batch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        long from = splits[next];
        long to = splits[next + 1];
        next++;
        Arena arena = threadShared ? Arena.ofShared() : Arena.ofConfined();
        ReadContext ctx = new ReadContext(arena, threadShared);
        try {
            List<Array> cols = new ArrayList<>();
            if (rootFields == null) {
                for (LayoutReader c : columns) {
                    cols.add(c.read(from, to, ctx));
                }
            } else {
                Array whole = root.read(from, to, ctx);
                if (whole instanceof StructArray s) {
                    for (int f : rootFields) {
                        cols.add(s.field(f));
                    }
                } else {
                    cols.add(whole);
                }
            }
            return new Batch(from, (int) (to - from), names, cols, arena, ctx);
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            arena.close();
            if (e instanceof VortexException ve) {
                throw ve;
            }
            throw new VortexException(VortexException.Kind.CORRUPT, file.name() + ": rows [" + from + ", " + to + "): " + e, e);
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
            root.close();
        }
    }
}
