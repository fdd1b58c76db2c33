package dev.jvortex.file.scan;

import java.util.Arrays;

/// A set of rows as sorted, disjoint, non-adjacent ranges `[start, end)`.
public final class RowRanges {
    private static final RowRanges EMPTY = new RowRanges(new long[0]);

    /// start0, end0, start1, end1, ...
    private final long[] bounds;

    private RowRanges(long[] bounds) {
        this.bounds = bounds;
    }

    /// Returns the empty set.
    public static RowRanges empty() {
        return EMPTY;
    }

    /// Returns the rows `[start, end)`.
    public static RowRanges of(long start, long end) {
        return end <= start ? EMPTY : new RowRanges(new long[] {start, end});
    }

    /// Returns the rows at strictly ascending `indices`, consecutive ones merged into ranges.
    public static RowRanges ofSortedIndices(long[] indices) {
        Builder b = new Builder();
        for (long i : indices) {
            b.add(i, i + 1);
        }
        return b.build();
    }

    /// Collects ranges added in ascending order of their start, merging overlaps and neighbours.
    public static final class Builder {
        private long[] bounds = new long[16];
        private int size;

        /// Adds `[start, end)`; `start` must not be below the start of the previous range.
        public Builder add(long start, long end) {
            if (end <= start) {
                return this;
            }
            if (size > 0 && start <= bounds[size - 1]) {
                bounds[size - 1] = Math.max(bounds[size - 1], end);
                return this;
            }
            if (size + 2 > bounds.length) {
                bounds = Arrays.copyOf(bounds, bounds.length * 2);
            }
            bounds[size++] = start;
            bounds[size++] = end;
            return this;
        }

        /// Returns the ranges added.
        public RowRanges build() {
            return size == 0 ? EMPTY : new RowRanges(Arrays.copyOf(bounds, size));
        }
    }

    /// Returns the number of ranges.
    public int size() {
        return bounds.length / 2;
    }

    /// Returns the start of range `i`.
    public long start(int i) {
        return bounds[2 * i];
    }

    /// Returns the end (exclusive) of range `i`.
    public long end(int i) {
        return bounds[2 * i + 1];
    }

    /// Returns true when no row is in the set.
    public boolean isEmpty() {
        return bounds.length == 0;
    }

    /// Returns the number of rows in the set.
    public long rowCount() {
        long n = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            n += bounds[i + 1] - bounds[i];
        }
        return n;
    }

    /// Returns the index of the first range that ends after `row`.
    private int firstEndingAfter(long row) {
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end(mid) <= row) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /// Returns true when some row of `[from, to)` is in the set.
    public boolean intersects(long from, long to) {
        int i = firstEndingAfter(from);
        return i < size() && start(i) < to && from < to;
    }

    /// Returns the rows of the set within `[from, to)`.
    public RowRanges within(long from, long to) {
        Builder b = new Builder();
        for (int i = firstEndingAfter(from); i < size() && start(i) < to; i++) {
            b.add(Math.max(from, start(i)), Math.min(to, end(i)));
        }
        return b.build();
    }

    /// Returns the rows in both sets.
    public RowRanges intersect(RowRanges other) {
        Builder b = new Builder();
        int i = 0;
        int j = 0;
        while (i < size() && j < other.size()) {
            long s = Math.max(start(i), other.start(j));
            long e = Math.min(end(i), other.end(j));
            b.add(s, e);
            if (end(i) < other.end(j)) {
                i++;
            } else {
                j++;
            }
        }
        return b.build();
    }

    /// Returns the rows in either set.
    public RowRanges union(RowRanges other) {
        Builder b = new Builder();
        int i = 0;
        int j = 0;
        while (i < size() || j < other.size()) {
            if (j >= other.size() || (i < size() && start(i) <= other.start(j))) {
                b.add(start(i), end(i));
                i++;
            } else {
                b.add(other.start(j), other.end(j));
                j++;
            }
        }
        return b.build();
    }

    /// Returns the rows of `[from, to)` that are not in the set.
    public RowRanges complement(long from, long to) {
        Builder b = new Builder();
        long pos = from;
        for (int i = firstEndingAfter(from); i < size() && start(i) < to; i++) {
            b.add(pos, Math.min(to, start(i)));
            pos = Math.max(pos, end(i));
        }
        b.add(pos, to);
        return b.build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowRanges r && Arrays.equals(bounds, r.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size() && i < 20; i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append('[')
                    .append(start(i))
                    .append(", ")
                    .append(end(i))
                    .append(')');
        }
        if (size() > 20) {
            sb.append(", ... ").append(size() - 20).append(" more");
        }
        return sb.append(']').toString();
    }
}
