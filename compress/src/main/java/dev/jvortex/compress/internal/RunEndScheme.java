package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import java.util.EnumSet;

/// `vortex.runend` when the runs average at least 4 rows. A sample of 64-row runs cuts long runs
/// short, so its bytes on a sample are corrected by the whole array's run count
/// ([#sampledBytes]), and it gets a second look on every row when it came close: its children are
/// short, so on a sample their bit-packed blocks (1,024 values each) are mostly padding, which the
/// correction scales with the runs but a whole chunk spreads over many runs (runs of 1 to 45 rows
/// over 8 values: 390 corrected bytes on the sample against FoR's 384, but 2,714 bytes against
/// 18,816 on 50,000 rows; `ContestRecheckTest`). The run
/// ends cascade without run-end, dictionary, sparse or integer RLE; the values without run-end.
final class RunEndScheme extends Scheme {
    static final RunEndScheme INSTANCE = new RunEndScheme();
    private static final ChildRule ENDS =
            ChildRule.without(SchemeId.RUNEND, SchemeId.DICT, SchemeId.SPARSE, SchemeId.INT_RLE);
    private static final ChildRule VALUES = ChildRule.without(SchemeId.RUNEND);

    private RunEndScheme() {
        super(SchemeId.RUNEND);
    }

    @Override
    boolean secondLook() {
        return true;
    }

    /// A sample is 64-row runs taken apart, so each of them starts a run of its own: a column of
    /// long runs shows many more runs in the sample than it has per row. The trial's bytes are
    /// scaled by the runs the sample would hold at the whole array's runs per row (never up).
    @Override
    long sampledBytes(WriteNode node, Array a, Array sample) {
        long bytes = node.bufferBytes();
        int sampleRuns = RunEndEncoder.runCount(sample);
        double expected = Math.max(1.0, (double) RunEndEncoder.runCount(a) * sample.length() / a.length());
        if (sampleRuns <= 0 || expected >= sampleRuns) {
            return bytes;
        }
        return Math.max(1, Math.round(bytes * expected / sampleRuns));
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return role == ChildEncoder.Role.ENDS ? ENDS : VALUES;
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        // runs * 4 > len exactly when runs > len / 4 (rounded down)
        if (!RunEndEncoder.runsAtMost(a, a.length() / 4)) {
            return null;
        }
        return RunEndEncoder.encode(a, cascade.children(this, depth, excluded, sample));
    }
}
