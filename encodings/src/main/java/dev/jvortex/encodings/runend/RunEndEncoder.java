package dev.jvortex.encodings.runend;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import java.util.Arrays;

/// Encodes an array as `vortex.runend`: one value per run of equal rows and the exclusive end
/// row of each run, the inverse of [RunEndDecoder]. Consecutive null rows form one run whose
/// value is null. Ends are the narrowest unsigned type that holds the length; the offset is 0.
/// Handles bool, primitive, decimal, utf8 and binary arrays (the reference's compressor uses it
/// for integers); floats compare by their bits.
public final class RunEndEncoder {
    private RunEndEncoder() {}

    /// An array split into runs, before its children are written.
    ///
    /// @param ends the exclusive end row of each run (unsigned, strictly increasing, the last = the length)
    /// @param values the value of each run (the array's type)
    public record Parts(PrimitiveArray ends, Array values) {}

    /// Returns the run-end node of `a` with children written by `children` (roles
    /// [ChildEncoder.Role#ENDS] and [ChildEncoder.Role#VALUES]); null when `a` is empty or not supported.
    public static WriteNode encode(Array a, ChildEncoder children) {
        Parts parts = split(a);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.ENDS, parts.ends()),
                children.encode(ChildEncoder.Role.VALUES, parts.values()));
    }

    /// Returns the run-end node over written children.
    public static WriteNode node(Parts parts, WriteNode ends, WriteNode values) {
        byte[] meta =
                new RunEndMetadata(parts.ends().ptype().code(), parts.ends().length(), 0).write();
        return WriteNode.of(EncodingId.RUNEND.id(), meta, ends, values);
    }

    /// Returns the number of runs of `a` (0 when empty), for estimates.
    public static int runCount(Array a) {
        int len = a.length();
        if (len == 0) {
            return 0;
        }
        long[] validWords = ValidBits.words(a.validity(), len);
        if (validWords == null && a instanceof PrimitiveArray p) {
            return primitiveRunCount(p);
        }
        long[] bits = a instanceof PrimitiveArray p ? Primitives.longs(p) : null;
        int runs = 1;
        for (int i = 1; i < len; i++) {
            if (boundary(a, bits, validWords, i)) {
                runs++;
            }
        }
        return runs;
    }

    /// Rows loaded per block by [#primitiveRunCount].
    private static final int BLOCK = 1024;

    /// The runs of a non-empty primitive array with every row valid: one plus the rows that differ
    /// from the row before, summed without a branch, block by block.
    static int primitiveRunCount(PrimitiveArray p) {
        int len = p.length();
        long[] block = new long[Math.min(BLOCK, len)];
        Segments.load(p.data(), p.ptype(), 0, block, 0, 1);
        long prev = block[0];
        int runs = 1;
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(p.data(), p.ptype(), from, block, 0, m);
            runs += block[0] != prev ? 1 : 0;
            for (int k = 1; k < m; k++) {
                runs += block[k] != block[k - 1] ? 1 : 0;
            }
            prev = block[m - 1];
        }
        return runs;
    }

    /// Splits `a` into runs; null when `a` is empty or not supported.
    public static Parts split(Array a) {
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return null;
        }
        long[] validWords = ValidBits.words(a.validity(), len);
        long[] bits = a instanceof PrimitiveArray p ? Primitives.longs(p) : null;
        int[] starts = new int[16];
        int[] ends = new int[16];
        int runs = 0;
        int start = 0;
        for (int i = 1; i <= len; i++) {
            if (i == len || boundary(a, bits, validWords, i)) {
                if (runs == starts.length) {
                    starts = Arrays.copyOf(starts, runs * 2);
                    ends = Arrays.copyOf(ends, runs * 2);
                }
                starts[runs] = start;
                ends[runs++] = i;
                start = i;
            }
        }
        return new Parts(Primitives.narrowUnsigned(ends, runs, len), Rows.gather(a, starts, runs));
    }

    /// Whether a new run starts at row `i` (> 0); `bits` holds a primitive array's values, else
    /// null; `validWords` its validity ([ValidBits#words]).
    private static boolean boundary(Array a, long[] bits, long[] validWords, int i) {
        if (validWords == null) {
            return bits != null ? bits[i - 1] != bits[i] : !Rows.equal(a, i - 1, i);
        }
        boolean prev = ValidBits.get(validWords, i - 1);
        boolean cur = ValidBits.get(validWords, i);
        return prev != cur || cur && (bits != null ? bits[i - 1] != bits[i] : !Rows.equal(a, i - 1, i));
    }
}
