package dev.jvortex.encodings.runend;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;

/// Takes rows of `vortex.runend`: the run ends are read whole and checked as a full decode checks
/// them, each selected row's run is found by binary search over them, and the values are taken
/// at those runs.
public final class RunEndTake {
    private RunEndTake() {}

    /// Takes rows `idx` of a `vortex.runend` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 2, 2);
        RunEndMetadata meta = RunEndMetadata.read(node.metadata());
        PType endsPtype = Nodes.ptypeCode(node, meta.endsPtype(), "ends_ptype");
        long numRuns = meta.numRuns();
        long offset = meta.offset();
        if (!endsPtype.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": run ends must be integers, not " + endsPtype.shortName());
        }
        int runs = Nodes.length(node, numRuns, "num_runs");
        if (offset < 0) {
            throw VortexException.corrupt(
                    node.location() + ": run-end offset " + Long.toUnsignedString(offset) + " is out of range");
        }
        long[] ends = IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, endsPtype, false, runs));
        int[] bounds = RunEndDecoder.runBounds(node, ends, offset, len);
        int[] run = new int[idx.length];
        for (int k = 0; k < idx.length; k++) {
            run[k] = firstEndAfter(bounds, runs, idx[k]);
        }
        return ctx.take(node.child(1), dtype, runs, run);
    }

    /// Returns the first run whose (trimmed, non-decreasing) end lies after `row`; the runs cover
    /// the rows, so there is one. The halving has no data-dependent branch (a conditional move),
    /// which matters when the rows are random: a mispredicted branch per level costs more than
    /// the load.
    static int firstEndAfter(int[] bounds, int runs, int row) {
        int base = 0;
        int n = runs;
        while (n > 1) {
            int half = n >>> 1;
            base = bounds[base + half - 1] <= row ? base + half : base;
            n -= half;
        }
        return base;
    }
}
