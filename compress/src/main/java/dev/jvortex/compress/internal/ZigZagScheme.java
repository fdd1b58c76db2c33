package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.zigzag.ZigZagEncoder;
import java.util.EnumSet;

/// `vortex.zigzag` for signed integers with a negative value (as the reference: zigzag only pays
/// then); the unsigned values cascade without zigzag, dictionary, run-end or sparse.
final class ZigZagScheme extends Scheme {
    static final ZigZagScheme INSTANCE = new ZigZagScheme();
    private static final ChildRule ENCODED =
            ChildRule.without(SchemeId.ZIGZAG, SchemeId.DICT, SchemeId.RUNEND, SchemeId.SPARSE);

    private ZigZagScheme() {
        super(SchemeId.ZIGZAG);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        PrimitiveArray p = (PrimitiveArray) a;
        Long min = p.ptype().isSigned() ? ForEncoder.minimum(p) : null;
        return min != null && min < 0;
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
        return ZigZagEncoder.encode((PrimitiveArray) a, cascade.children(this, depth, excluded, sample));
    }
}
