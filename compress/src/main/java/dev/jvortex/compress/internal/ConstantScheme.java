package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.constant.ConstantEncoder;
import java.util.EnumSet;

/// `vortex.constant` (or a masked constant) when every valid row holds the same value. Not a
/// candidate: [Cascade] tries it first on every array that is not a sample, and takes it when it
/// applies (unless the canonical array is smaller).
final class ConstantScheme extends Scheme {
    static final ConstantScheme INSTANCE = new ConstantScheme();

    private ConstantScheme() {
        super(SchemeId.CONSTANT);
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return ConstantEncoder.encode(a);
    }
}
