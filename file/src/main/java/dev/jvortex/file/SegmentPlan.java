package dev.jvortex.file;

import dev.jvortex.file.layout.ChunkedReader;
import dev.jvortex.file.layout.DictReader;
import dev.jvortex.file.layout.FlatReader;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.StructReader;
import dev.jvortex.file.layout.ZonedReader;
import java.util.BitSet;

/// Which segments reading rows of a layout tree needs: the flat leaves whose rows overlap the
/// range (a dictionary's values whole, with its codes for the range; a struct's validity and
/// fields). Zone tables are left out: planning reads them ([#zoneTables]).
final class SegmentPlan {
    private SegmentPlan() {}

    /// Adds to `out` the segments of `r` holding rows `[from, to)` (relative to `r`).
    static void rows(LayoutReader r, long from, long to, BitSet out) {
        if (from >= to) {
            return;
        }
        switch (r) {
            case FlatReader f -> out.set(f.node().segments()[0]);
            case ChunkedReader c -> {
                long start = 0;
                for (LayoutReader chunk : c.chunks()) {
                    long end = start + chunk.rowCount();
                    if (end > from && start < to) {
                        rows(chunk, Math.max(0, from - start), Math.min(end, to) - start, out);
                    }
                    start = end;
                }
            }
            case ZonedReader z -> rows(z.data(), from, to, out);
            case DictReader d -> {
                rows(d.values(), 0, d.values().rowCount(), out);
                rows(d.codes(), from, to, out);
            }
            case StructReader s -> {
                if (s.validity() != null) {
                    rows(s.validity(), from, to, out);
                }
                for (LayoutReader f : s.fields()) {
                    rows(f, from, to, out);
                }
            }
        }
    }

    /// Adds to `out` the segments of every zone table under `r`.
    static void zoneTables(LayoutReader r, BitSet out) {
        switch (r) {
            case FlatReader f -> {}
            case ChunkedReader c -> c.chunks().forEach(chunk -> zoneTables(chunk, out));
            case ZonedReader z -> {
                if (z.zones() != null) {
                    rows(z.zones(), 0, z.zones().rowCount(), out);
                }
            }
            case DictReader d -> {}
            case StructReader s -> s.fields().forEach(f -> zoneTables(f, out));
        }
    }
}
