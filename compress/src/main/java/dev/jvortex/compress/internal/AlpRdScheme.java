package dev.jvortex.compress.internal;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.alp.AlpRdEncoder;
import java.util.EnumSet;

/// `vortex.alprd` for f32 and f64 (no half floats, as the reference): the left bits through a
/// small dictionary, the right bits packed. Every child light, none cascaded.
final class AlpRdScheme extends Scheme {
    static final AlpRdScheme INSTANCE = new AlpRdScheme();

    private AlpRdScheme() {
        super(SchemeId.ALPRD);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return ((PrimitiveArray) a).ptype() != PType.F16;
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return AlpRdEncoder.encode((PrimitiveArray) a, cascade.children(this, depth, excluded, sample));
    }
}
