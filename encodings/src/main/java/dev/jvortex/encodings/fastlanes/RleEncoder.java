package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.RunCounts;
import dev.jvortex.encodings.ValidBits;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Encodes integers and floats as `fastlanes.rle`, the inverse of [RleDecoder]: every block of
/// 1024 rows keeps the values that start a run (in row order) and, per row, the index of its run
/// within the block.
///
/// Null rows take the value of the row before them (the first valid value when they lead), so
/// they never start a run; the indices carry the validity. A final partial block is padded with
/// its last value, and the padding rows are null. Indices are `u8` when every block has at most
/// 256 runs, else `u16`; the per-block value offsets are the narrowest unsigned type that holds
/// them. Floats compare by their bits.
public final class RleEncoder {
    private RleEncoder() {}

    /// An array split into runs, before its children are written.
    ///
    /// @param values the run values of all blocks, block after block (the array's type, non-null)
    /// @param indices one run index per row of every whole block (`u8` or `u16`, the array's nullability)
    /// @param offsets the first value of each block (unsigned)
    public record Parts(PrimitiveArray values, PrimitiveArray indices, PrimitiveArray offsets) {}

    /// Whether `a` can be encoded: a primitive (not extension) array of an integer or float type.
    public static boolean applies(PrimitiveArray a) {
        return a.dtype() instanceof DType.Primitive;
    }

    /// Returns the RLE node of `a` with children written by `children` (roles
    /// [ChildEncoder.Role#VALUES], [ChildEncoder.Role#INDICES] and [ChildEncoder.Role#OFFSETS], in
    /// that order); null when not supported.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        Parts parts = split(a);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.VALUES, parts.values()),
                children.encode(ChildEncoder.Role.INDICES, parts.indices()),
                children.encode(ChildEncoder.Role.OFFSETS, parts.offsets()));
    }

    /// Returns the RLE node over written children.
    public static WriteNode node(Parts parts, WriteNode values, WriteNode indices, WriteNode offsets) {
        byte[] meta = new RleMetadata(
                        parts.values().length(),
                        parts.indices().length(),
                        parts.indices().ptype().code(),
                        parts.offsets().length(),
                        parts.offsets().ptype().code(),
                        0)
                .write();
        return WriteNode.of(EncodingId.RLE.id(), meta, values, indices, offsets);
    }

    /// Splits `a` into run values, indices and block offsets; null when `a` is not supported.
    public static Parts split(PrimitiveArray a) {
        if (!applies(a)) {
            return null;
        }
        PType ptype = a.ptype();
        int len = a.length();
        int blocks = (len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        int padded = blocks * FastLanes.BLOCK;
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        boolean allInvalid = validity.isAllInvalid();
        long[] values = new long[Math.max(16, len / 8)];
        int[] indices = new int[padded];
        long[] offsets = new long[blocks];
        long[] block = new long[FastLanes.BLOCK];
        int count = 0;
        int maxIndex = 0;
        // The value null rows repeat: the previous row's, or the first valid value for leading nulls.
        long fill = 0;
        if (!allValid && !allInvalid) {
            int first = firstValid(validity, len);
            if (first >= 0) {
                long[] one = new long[1];
                Segments.load(a.data(), ptype, first, one, 0, 1);
                fill = one[0];
            }
        }
        // The driver only loads one block per pass; each loop over a block is its own small
        // method, compiled once on its own (a driver holding the loops is compiled on-stack and
        // again whole, with everything inlined into each).
        for (int c = 0; c < blocks; c++) {
            int from = c * FastLanes.BLOCK;
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(a.data(), ptype, from, block, 0, n);
            if (!allValid) {
                fill = fillNulls(block, n, allInvalid ? null : validWords, from, fill);
            }
            if (n < FastLanes.BLOCK) {
                Arrays.fill(block, n, FastLanes.BLOCK, block[n - 1]);
            }
            offsets[c] = count;
            if (values.length < count + FastLanes.BLOCK) {
                values = Arrays.copyOf(values, Math.max(values.length * 2, count + FastLanes.BLOCK));
            }
            int run = runs(block, values, count, indices, from);
            maxIndex = Math.max(maxIndex, run);
            count += run + 1;
        }
        PType indexType = maxIndex <= 0xFF ? PType.U8 : PType.U16;
        Validity indexValidity = allValid ? Validity.ALL_VALID : paddedValidity(validity, len, padded);
        PrimitiveArray indexArray = new PrimitiveArray(
                new DType.Primitive(indexType, a.dtype().nullable()),
                indexType,
                Primitives.segment(indexType, indices, padded),
                padded,
                indexValidity);
        return new Parts(
                Primitives.array(ptype, false, values, count, Validity.ALL_VALID),
                indexArray,
                Primitives.narrowUnsigned(offsets, blocks, blocks == 0 ? 0 : offsets[blocks - 1]));
    }

    /// Returns the average run length the reference's estimate uses: valid rows divided by the
    /// runs among them (a run ends where a valid value differs from the previous valid value); 0
    /// when no row is valid. Floats compare by their bits.
    public static double averageRunLength(PrimitiveArray a) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        if (len == 0 || validity.isAllInvalid()) {
            return 0;
        }
        boolean allValid = validity.isAllValid();
        long[] block = new long[FastLanes.BLOCK];
        long valid = 0;
        long runs = 0;
        long prev = 0;
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, n);
            for (int k = 0; k < n; k++) {
                if (!allValid && !ValidBits.get(validWords, from + k)) {
                    continue;
                }
                long v = block[k];
                if (valid == 0 || v != prev) {
                    runs++;
                    prev = v;
                }
                valid++;
            }
        }
        return runs == 0 ? 0 : (double) valid / runs;
    }

    /// Whether [#averageRunLength] of `a` is at least `minRun` (at least 1), answered exactly but
    /// without always reading every row: the pass stops as soon as the runs seen so far are too
    /// many for the valid rows to reach that average (for data without runs, after about
    /// `1 / minRun` of the rows).
    public static boolean averageRunAtLeast(PrimitiveArray a, int minRun) {
        int len = a.length();
        Validity validity = a.validity();
        if (len == 0 || validity.isAllInvalid()) {
            return false;
        }
        boolean allValid = validity.isAllValid();
        long[] validWords = allValid ? null : ValidBits.words(validity, len);
        long valid = allValid ? len : len - validity.nullCount(len);
        // average >= minRun  <=>  valid >= minRun * runs; runs only grow.
        long maxRuns = valid / minRun;
        if (maxRuns == 0) {
            return false;
        }
        long known = RunCounts.validRuns(a);
        if (known >= 0) {
            return known <= maxRuns && known > 0;
        }
        long[] block = new long[FastLanes.BLOCK];
        long runs = 0;
        long prev = 0;
        boolean first = true;
        // {runs, previous valid value, 1 before the first valid row} across blocks with nulls
        long[] state = {0, 0, 1};
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, n);
            if (allValid) {
                if (first) {
                    runs = 1;
                    first = false;
                } else {
                    runs += block[0] != prev ? 1 : 0;
                }
                runs += changes(block, n);
                prev = block[n - 1];
            } else {
                validRuns(block, n, validWords, from, state);
                runs = state[0];
            }
            if (runs > maxRuns) {
                return false;
            }
        }
        // every row read: the count is whole, for the other trials on this array
        RunCounts.putValidRuns(a, runs);
        return runs > 0;
    }

    /// Replaces the null rows of `block[0..n)` (rows `from..`; every row when `validWords` is
    /// null) with the last valid value before them (`fill` before the first); returns the last
    /// valid value.
    private static long fillNulls(long[] block, int n, long[] validWords, int from, long fill) {
        for (int k = 0; k < n; k++) {
            if (validWords == null || !ValidBits.get(validWords, from + k)) {
                block[k] = fill;
            } else {
                fill = block[k];
            }
        }
        return fill;
    }

    /// Writes the run values of the full block at `values[count..]` and each row's run index at
    /// `indices[from..]`; returns the last run's index.
    private static int runs(long[] block, long[] values, int count, int[] indices, int from) {
        long prev = block[0];
        values[count] = prev;
        int run = 0;
        for (int k = 0; k < FastLanes.BLOCK; k++) {
            long v = block[k];
            if (v != prev) {
                values[count + ++run] = v;
                prev = v;
            }
            indices[from + k] = run;
        }
        return run;
    }

    /// The positions `k` in `1..n` where `block[k]` differs from `block[k - 1]`, without a branch.
    private static int changes(long[] block, int n) {
        int runs = 0;
        for (int k = 1; k < n; k++) {
            runs += block[k] != block[k - 1] ? 1 : 0;
        }
        return runs;
    }

    /// Counts the runs among the valid values of `block[0..n)` (rows `from..`) into `state` =
    /// {runs, previous valid value, 1 before the first valid row}.
    private static void validRuns(long[] block, int n, long[] validWords, int from, long[] state) {
        long runs = state[0];
        long prev = state[1];
        boolean first = state[2] != 0;
        for (int k = 0; k < n; k++) {
            if (!ValidBits.get(validWords, from + k)) {
                continue;
            }
            long v = block[k];
            if (first || v != prev) {
                runs++;
                prev = v;
                first = false;
            }
        }
        state[0] = runs;
        state[1] = prev;
        state[2] = first ? 1 : 0;
    }

    private static int firstValid(Validity validity, int len) {
        long[] validWords = ValidBits.words(validity, len);
        for (int i = 0; i < len; i++) {
            if (ValidBits.get(validWords, i)) {
                return i;
            }
        }
        return -1;
    }

    /// The array's validity extended to `padded` rows with null padding.
    private static Validity paddedValidity(Validity validity, int len, int padded) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(padded))]);
        if (!validity.isAllInvalid()) {
            long[] validWords = ValidBits.words(validity, len);
            for (int i = 0; i < len; i++) {
                if (ValidBits.get(validWords, i)) {
                    Bits.set(bits, i);
                }
            }
        }
        return Validity.ofBits(bits);
    }
}
