package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Encodes integers as `fastlanes.delta` in the form the 0.90 reference writes, the inverse of
/// [DeltaDecoder]: per 1024-row block the values are transposed ([FastLanes#transpose]), each of
/// the `lanes` lanes keeps its first value as a base, and every cell stores its difference from
/// the cell one row up in the same lane (the first row's difference from the base, so 0).
///
/// Arithmetic wraps in the type's width, so signed types work as their unsigned bit patterns.
/// Null rows repeat the previous valid value (the first valid value when they lead) so their
/// deltas are 0; a final partial block is padded with its last value. Bases and deltas are
/// non-null; a nullable array with some null row gets a third child, its validity in row order.
public final class DeltaEncoder {
    private DeltaEncoder() {}

    /// An array in delta form, before its children are written.
    ///
    /// @param bases `lanes` bases per block (the array's type, non-null)
    /// @param deltas the transposed deltas, whole blocks (the array's type, non-null)
    /// @param source the encoded array (for its validity)
    public record Parts(PrimitiveArray bases, PrimitiveArray deltas, PrimitiveArray source) {}

    /// Whether `a` can be encoded: a primitive (not extension) integer array.
    public static boolean applies(PrimitiveArray a) {
        return a.dtype() instanceof DType.Primitive && a.ptype().isInteger();
    }

    /// Returns the delta node of `a` with bases and deltas written by `children` (roles
    /// [ChildEncoder.Role#BASES] and [ChildEncoder.Role#DELTAS]); null when not supported.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        Parts parts = split(a);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.BASES, parts.bases()),
                children.encode(ChildEncoder.Role.DELTAS, parts.deltas()));
    }

    /// Returns the delta node over written bases and deltas (adds the validity child when needed).
    public static WriteNode node(Parts parts, WriteNode bases, WriteNode deltas) {
        byte[] meta = new DeltaMetadata(parts.deltas().length(), 0).write();
        PrimitiveArray a = parts.source();
        List<WriteNode> kids = new ArrayList<>(3);
        kids.add(bases);
        kids.add(deltas);
        kids.addAll(CanonicalEncoder.validity(a.dtype(), a.validity(), a.length()));
        return new WriteNode(EncodingId.DELTA.id(), meta, List.of(), kids);
    }

    /// Splits `a` into bases and transposed deltas; null when `a` is not supported.
    public static Parts split(PrimitiveArray a) {
        if (!applies(a)) {
            return null;
        }
        PType ptype = a.ptype();
        int len = a.length();
        int lanes = FastLanes.lanes(ptype.bitWidth());
        int rows = ptype.bitWidth();
        int blocks = (len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        Validity validity = a.validity();
        boolean allValid = validity.isAllValid();
        boolean allInvalid = validity.isAllInvalid();
        long[] bases = new long[blocks * lanes];
        long[] deltas = new long[blocks * FastLanes.BLOCK];
        long[] block = new long[FastLanes.BLOCK];
        long[] transposed = new long[FastLanes.BLOCK];
        int[] transpose = FastLanes.transposeTable();
        long fill = 0;
        if (!allValid && !allInvalid) {
            for (int i = 0; i < len; i++) {
                if (validity.isValid(i)) {
                    long[] one = new long[1];
                    Segments.load(a.data(), ptype, i, one, 0, 1);
                    fill = one[0];
                    break;
                }
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
                fill = fillNulls(block, n, validity, allInvalid, from, fill);
            }
            if (n < FastLanes.BLOCK) {
                Arrays.fill(block, n, FastLanes.BLOCK, block[n - 1]);
            }
            transpose(block, transpose, transposed);
            // Row 0 of lane l is position l: the bases are the first `lanes` transposed values.
            System.arraycopy(transposed, 0, bases, c * lanes, lanes);
            differences(transposed, deltas, from, lanes, rows);
        }
        return new Parts(
                Primitives.array(ptype, false, bases, bases.length, Validity.ALL_VALID),
                Primitives.array(ptype, false, deltas, deltas.length, Validity.ALL_VALID),
                a);
    }

    /// Replaces the null rows of `block[0..n)` (rows `from..`) with the last valid value before
    /// them (`fill` before the first); returns the last valid value.
    private static long fillNulls(long[] block, int n, Validity validity, boolean allInvalid, int from, long fill) {
        for (int k = 0; k < n; k++) {
            if (allInvalid || !validity.isValid(from + k)) {
                block[k] = fill;
            } else {
                fill = block[k];
            }
        }
        return fill;
    }

    private static void transpose(long[] block, int[] transpose, long[] transposed) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            transposed[i] = block[transpose[i]];
        }
    }

    /// Writes the block's deltas at `deltas[from..]`: 0 for row 0 of each lane, then each
    /// transposed value minus the one a row up.
    private static void differences(long[] transposed, long[] deltas, int from, int lanes, int rows) {
        for (int lane = 0; lane < lanes; lane++) {
            deltas[from + lane] = 0;
        }
        for (int row = 1; row < rows; row++) {
            int at = FastLanes.rowStart(row);
            int up = FastLanes.rowStart(row - 1);
            for (int lane = 0; lane < lanes; lane++) {
                deltas[from + at + lane] = transposed[at + lane] - transposed[up + lane];
            }
        }
    }
}
