package dev.jvortex.convert.parquet;

/// Encodes non-negative integers with Parquet's RLE / bit-packing hybrid: runs of 8 or more equal
/// values as RLE runs, everything else in bit-packed groups of 8 (the last group padded with zeros).
final class RleHybrid {
    private RleHybrid() {}

    /// Returns the bit width needed for values up to `max`.
    static int bitWidth(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    /// Appends `values[0, count)` at `width` bits each to `out`.
    static void encode(int[] values, int count, int width, ByteSink out) {
        int byteWidth = (width + 7) / 8;
        int i = 0;
        while (i < count) {
            int run = runLength(values, i, count);
            if (run >= 8) {
                out.varint(run << 1);
                int v = values[i];
                for (int b = 0; b < byteWidth; b++) {
                    out.write(v >>> (8 * b));
                }
                i += run;
                continue;
            }
            // Bit-packed groups of 8 until a long run starts at a group boundary.
            int start = i;
            int groups = 0;
            while (i < count && groups < 63) {
                if (i != start && runLength(values, i, count) >= 8) {
                    break;
                }
                i = Math.min(count, i + 8);
                groups++;
            }
            out.varint(groups << 1 | 1);
            pack(values, start, i, groups * 8, width, out);
        }
    }

    private static int runLength(int[] values, int from, int count) {
        int v = values[from];
        int j = from + 1;
        while (j < count && values[j] == v) {
            j++;
        }
        return j - from;
    }

    private static void pack(int[] values, int from, int to, int n, int width, ByteSink out) {
        long acc = 0;
        int bits = 0;
        for (int k = 0; k < n; k++) {
            long v = from + k < to ? values[from + k] & 0xFFFFFFFFL : 0;
            acc |= v << bits;
            bits += width;
            while (bits >= 8) {
                out.write((int) acc);
                acc >>>= 8;
                bits -= 8;
            }
        }
        if (bits > 0) {
            out.write((int) acc);
        }
    }
}
