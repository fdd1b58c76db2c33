package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.sequence.SequenceEncoder;
import java.util.EnumSet;

/// `vortex.sequence` for integers that form an arithmetic progression (metadata only). Listed
/// first among the integer candidates, but it does not compete: [Cascade] tries it on the whole
/// array (never a sample) and takes it whenever it applies.
final class SequenceScheme extends Scheme {
    static final SequenceScheme INSTANCE = new SequenceScheme();

    private SequenceScheme() {
        super(SchemeId.SEQUENCE);
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return a instanceof PrimitiveArray p ? SequenceEncoder.encode(p) : null;
    }
}
