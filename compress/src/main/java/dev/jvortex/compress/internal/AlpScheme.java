package dev.jvortex.compress.internal;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.alp.AlpEncoder;
import java.util.EnumSet;

/// `vortex.alp` for f32 and f64 (no half floats, as the reference): decimals as integers, which
/// cascade without ALP; patches light.
final class AlpScheme extends Scheme {
    static final AlpScheme INSTANCE = new AlpScheme();
    private static final ChildRule ENCODED = ChildRule.without(SchemeId.ALP);

    private AlpScheme() {
        super(SchemeId.ALP);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return ((PrimitiveArray) a).ptype() != PType.F16;
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return switch (role) {
            case PATCH_INDICES, PATCH_VALUES, PATCH_CHUNK_OFFSETS -> ChildRule.LIGHT;
            default -> ENCODED;
        };
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        PrimitiveArray p = (PrimitiveArray) a;
        return AlpEncoder.encode(p, exponents(p), cascade.children(this, depth, excluded, sample));
    }

    /// The reference's exponent choice (on 32 strided values), unless an exhaustive search on a
    /// larger sample (up to [Cascade#EXACT_LIMIT] rows, else [Cascade#sample]) estimates fewer
    /// bytes: one unlucky strided sample can otherwise patch a large part of a chunk.
    static AlpEncoder.Exponents exponents(PrimitiveArray a) {
        AlpEncoder.Exponents best = AlpEncoder.bestExponents(a);
        if (a.length() <= 32) {
            return best;
        }
        PrimitiveArray s = a.length() > Cascade.EXACT_LIMIT ? (PrimitiveArray) Cascade.sample(a) : a;
        return AlpEncoder.refineExponents(s, best);
    }
}
