package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.pco.PcoArrayEncoder;
import java.util.EnumSet;

/// `vortex.pco` (Pcodec) with the reference's compact settings, for integers wider than 8 bits
/// and floats, in the compact preset only. Terminal: no children.
final class PcoScheme extends Scheme {
    static final PcoScheme INSTANCE = new PcoScheme();

    private PcoScheme() {
        super(SchemeId.PCO);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        PrimitiveArray p = (PrimitiveArray) a;
        return cascade.generalCodecs() && (!p.ptype().isInteger() || p.ptype().byteWidth() > 1);
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return PcoArrayEncoder.encode((PrimitiveArray) a, PcoArrayEncoder.COMPACT_PAGE_N);
    }
}
