package dev.jvortex.encodings;

import dev.jvortex.core.array.Array;
import java.lang.ref.WeakReference;

/// The run counts of the last arrays counted on this thread, so that the compressor's trials on
/// one array count its runs once: integer RLE's eligibility, the dictionary's bound and run-end's
/// trials and correction all ask for them. Two counts per array: the runs of its rows (a null
/// row's validity against the row before counts like a value, as run-end counts them) and the
/// runs among its valid values (nulls skipped, as RLE and the dictionary's estimate count them).
/// When every row is valid the two are the same number, and either answer serves both.
///
/// The arrays are held weakly and compared by identity: arrays are immutable records, so the same
/// array has the same values (as for `ForEncoder.minMax`).
public final class RunCounts {
    private RunCounts() {}

    /// An array and its counts on this thread (-1 while not known).
    private static final class Entry {
        final WeakReference<Array> array;
        long rowRuns = -1;
        long validRuns = -1;

        Entry(Array a) {
            this.array = new WeakReference<>(a);
        }
    }

    /// Arrays remembered per thread: between two trials on an array, the trials on its children
    /// (compressed a level down) count theirs.
    private static final int KEPT = 16;

    /// The last arrays counted on this thread, the latest first.
    private static final ThreadLocal<Entry[]> LAST = ThreadLocal.withInitial(() -> new Entry[KEPT]);

    private static Entry find(Array a) {
        for (Entry e : LAST.get()) {
            if (e != null && e.array.get() == a) {
                return e;
            }
        }
        return null;
    }

    private static Entry entry(Array a) {
        Entry e = find(a);
        if (e == null) {
            Entry[] last = LAST.get();
            e = new Entry(a);
            System.arraycopy(last, 0, last, 1, KEPT - 1);
            last[0] = e;
        }
        return e;
    }

    /// The runs of the rows of `a` counted on this thread, or -1.
    public static long rowRuns(Array a) {
        Entry e = find(a);
        return e == null ? -1 : e.rowRuns;
    }

    /// The runs among the valid values of `a` counted on this thread, or -1.
    public static long validRuns(Array a) {
        Entry e = find(a);
        return e == null ? -1 : e.validRuns;
    }

    /// Records `runs`, the runs of the rows of `a` (of every value too when every row is valid).
    public static void putRowRuns(Array a, long runs) {
        Entry e = entry(a);
        e.rowRuns = runs;
        if (a.validity().isAllValid()) {
            e.validRuns = runs;
        }
    }

    /// Records `runs`, the runs among the valid values of `a` (of its rows too when every row is
    /// valid).
    public static void putValidRuns(Array a, long runs) {
        Entry e = entry(a);
        e.validRuns = runs;
        if (a.validity().isAllValid()) {
            e.rowRuns = runs;
        }
    }
}
