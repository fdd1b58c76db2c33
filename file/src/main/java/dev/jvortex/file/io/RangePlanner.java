package dev.jvortex.file.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Coalesces segment reads into ranges (see [FetchOptions]): the segments sorted by offset, a
/// range extended over gaps of at most `gapBytes` while it stays within `maxRangeBytes` (a
/// single segment longer than the cap is a range of its own).
public final class RangePlanner {
    private RangePlanner() {}

    /// One request: `[offset, offset + length)` covering the segments `ids`.
    ///
    /// @param offset the first byte
    /// @param length the bytes
    /// @param ids the segments inside, by offset
    public record Range(long offset, long length, int[] ids) {
        /// Returns one past the last byte.
        public long end() {
            return offset + length;
        }
    }

    /// Plans the ranges for the segments `ids`, whose byte ranges are `offsets[id]` and
    /// `lengths[id]`; duplicate ids are read once.
    public static List<Range> plan(int[] ids, long[] offsets, long[] lengths, long gapBytes, long maxRangeBytes) {
        int[] sorted = Arrays.stream(ids)
                .distinct()
                .boxed()
                .sorted((a, b) -> Long.compare(offsets[a], offsets[b]))
                .mapToInt(Integer::intValue)
                .toArray();
        List<Range> out = new ArrayList<>();
        int i = 0;
        while (i < sorted.length) {
            long start = offsets[sorted[i]];
            long end = start + lengths[sorted[i]];
            int j = i + 1;
            while (j < sorted.length) {
                long s = offsets[sorted[j]];
                long e = Math.max(end, s + lengths[sorted[j]]);
                if (s - end > gapBytes || e - start > maxRangeBytes) {
                    break;
                }
                end = e;
                j++;
            }
            out.add(new Range(start, end - start, Arrays.copyOfRange(sorted, i, j)));
            i = j;
        }
        return out;
    }
}
