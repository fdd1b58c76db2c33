package dev.jvortex.compress.internal;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import java.util.EnumSet;

/// `vortex.fsst` for UTF-8 strings; lengths and offsets cascade without FSST or dictionary.
///
/// A column's later chunks compress with the symbol table its first chunk trained (left in the
/// cascade's memo, [Cascade#remember]) while their codes take at most [#REUSE_TOLERANCE] more of
/// the input than the first chunk's did; otherwise they train their own. Only full encodes (not
/// sample trials) record or reuse a table.
final class FsstScheme extends Scheme {
    static final FsstScheme INSTANCE = new FsstScheme();
    private static final ChildRule PARTS = ChildRule.without(SchemeId.FSST, SchemeId.DICT);

    /// How much larger (as a fraction) a later chunk's codes per input byte may be with its
    /// column's first-chunk table before it trains its own.
    static final double REUSE_TOLERANCE = 0.015;

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
        ChildEncoder children = cascade.children(this, depth, excluded, sample);
        if (sample) {
            return FsstEncoder.encode((VarBinViewArray) a, children);
        }
        String key = "fsst@" + depth;
        FsstEncoder.Model hint = cascade.hint(key) instanceof FsstEncoder.Model m ? m : null;
        FsstEncoder.Reuse r = FsstEncoder.split((VarBinViewArray) a, hint, REUSE_TOLERANCE);
        if (r == null) {
            return null;
        }
        cascade.remember(key, r.model());
        return FsstEncoder.node(a.dtype(), r.parts(), children);
    }
}
