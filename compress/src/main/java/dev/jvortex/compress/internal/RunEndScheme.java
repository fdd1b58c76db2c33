package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import java.util.EnumSet;

/// `vortex.runend` when the runs average at least 4 rows. A sample of 64-row runs cuts long runs
/// short, so it gets a second look on every row when a scheme judged on every row won. The run
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

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return role == ChildEncoder.Role.ENDS ? ENDS : VALUES;
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        int runs = RunEndEncoder.runCount(a);
        if ((long) runs * 4 > a.length()) {
            return null;
        }
        return RunEndEncoder.encode(a, cascade.children(this, depth, excluded, sample));
    }
}
