package dev.jvortex.compress.internal;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import java.util.EnumSet;

/// `vortex.onpair` for UTF-8 strings, listed after FSST, which wins ties (as in the reference's
/// scheme list). Judged on every row: its dictionary grows with the input, so a sample overrates
/// it. The integer children cascade without OnPair or dictionary.
final class OnPairScheme extends Scheme {
    static final OnPairScheme INSTANCE = new OnPairScheme();
    private static final ChildRule PARTS = ChildRule.without(SchemeId.ONPAIR, SchemeId.DICT);

    private OnPairScheme() {
        super(SchemeId.ONPAIR);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return a.dtype() instanceof DType.Utf8;
    }

    @Override
    boolean judgedOnEveryRow() {
        return true;
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return switch (role) {
            case PATCH_INDICES, PATCH_VALUES, PATCH_CHUNK_OFFSETS -> ChildRule.LIGHT;
            default -> PARTS;
        };
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return OnPairEncoder.encode((VarBinViewArray) a, cascade.children(this, depth, excluded, sample));
    }
}
