package dev.jvortex.compress.internal;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import java.util.EnumSet;

/// `vortex.fsst` for UTF-8 strings; lengths and offsets cascade without FSST or dictionary.
final class FsstScheme extends Scheme {
    static final FsstScheme INSTANCE = new FsstScheme();
    private static final ChildRule PARTS = ChildRule.without(SchemeId.FSST, SchemeId.DICT);

    private FsstScheme() {
        super(SchemeId.FSST);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return a.dtype() instanceof DType.Utf8;
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
        return FsstEncoder.encode((VarBinViewArray) a, cascade.children(this, depth, excluded, sample));
    }
}
