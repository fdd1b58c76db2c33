package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.fastlanes.RleEncoder;
import java.util.EnumSet;

/// `fastlanes.rle` when the average run (valid rows per run) is at least [#MIN_RUN], as the
/// reference; one subclass for integers, one for floats, so that each can be excluded on its own.
/// The run values cascade without this scheme; the run indices and block offsets also without
/// dictionary or sparse.
abstract sealed class RleScheme extends Scheme permits IntRleScheme, FloatRleScheme {
    /// The least average run length (valid rows per run), as the reference.
    static final int MIN_RUN = 4;

    private final ChildRule values;
    private final ChildRule others;

    RleScheme(SchemeId id) {
        super(id);
        this.values = ChildRule.without(id);
        this.others = ChildRule.without(id, SchemeId.DICT, SchemeId.SPARSE);
    }

    @Override
    final boolean eligible(Array a, Cascade cascade) {
        return RleEncoder.averageRunAtLeast((PrimitiveArray) a, MIN_RUN);
    }

    @Override
    final ChildRule child(ChildEncoder.Role role) {
        return role == ChildEncoder.Role.VALUES ? values : others;
    }

    @Override
    final WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return RleEncoder.encode((PrimitiveArray) a, cascade.children(this, depth, excluded, sample));
    }
}
