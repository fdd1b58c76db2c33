package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.sparse.SparseEncoder;
import java.util.EnumSet;

/// `vortex.sparse` when the array is mostly null or one value fills at least 90 % of the rows (as
/// the reference). Judged on every row: a 1 % sample says little about how few rows differ. The
/// positions cascade without sparse, dictionary, run-end or integer RLE; the values without sparse.
final class SparseScheme extends Scheme {
    static final SparseScheme INSTANCE = new SparseScheme();
    private static final ChildRule INDICES =
            ChildRule.without(SchemeId.SPARSE, SchemeId.DICT, SchemeId.RUNEND, SchemeId.INT_RLE);
    private static final ChildRule VALUES = ChildRule.without(SchemeId.SPARSE);

    private SparseScheme() {
        super(SchemeId.SPARSE);
    }

    @Override
    boolean judgedOnEveryRow() {
        return true;
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return role == ChildEncoder.Role.INDICES ? INDICES : VALUES;
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        int fill = SparseEncoder.dominantRow(a, a.length() / 10);
        if (fill == SparseEncoder.NO_FILL) {
            return null;
        }
        return SparseEncoder.encode(a, fill, cascade.children(this, depth, excluded, sample));
    }
}
