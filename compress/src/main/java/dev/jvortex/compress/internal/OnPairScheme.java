package dev.jvortex.compress.internal;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import java.util.EnumSet;

/// `vortex.onpair` for UTF-8 strings, listed after FSST, which wins ties (as in the reference's
/// scheme list). Judged on every row: its dictionary grows with the input, so a sample overrates
/// it. The integer children cascade without OnPair or dictionary; the codes, their offsets and the
/// lengths skip the constant and sparse trials when no value of theirs fills the share of rows
/// sparse needs (the encoder counts it), which gives the same trees without those trials.
///
/// A column's later chunks parse with the dictionary its first chunk trained (left in the
/// cascade's memo, [Cascade#remember]) while their estimated size per input byte stays within
/// [#REUSE_TOLERANCE] of what the first chunk got from it
/// ([OnPairEncoder#split(VarBinViewArray, int, OnPairEncoder.Model, double)]); otherwise they
/// train their own. Only full
/// encodes (not sample trials) record or reuse a dictionary.
final class OnPairScheme extends Scheme {
    static final OnPairScheme INSTANCE = new OnPairScheme();
    private static final ChildRule PARTS = ChildRule.without(SchemeId.ONPAIR, SchemeId.DICT);
    /// The schemes a child skips when none of its values is frequent enough for them.
    private static final EnumSet<SchemeId> NO_FILL = EnumSet.of(SchemeId.CONSTANT, SchemeId.SPARSE);

    /// How much larger (as a fraction) a later chunk's estimated size per input byte may be with
    /// its column's first-chunk dictionary before it trains its own. At 1 per cent, 26 of the 91
    /// OnPair chunks of TPC-H orders trained again (their estimates 1.0 to 1.4 per cent above) and
    /// were parsed twice; at 2 per cent they keep the first dictionary: the orders files came out
    /// smaller, the lineitem files 0.06 to 0.13 per cent larger, and the lineitem write took 15 to
    /// 18 per cent less CPU (BENCHMARKS.md, session 17).
    static final double REUSE_TOLERANCE = 0.02;

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
        String key = "onpair@" + depth;
        OnPairEncoder.Model hint = !sample && cascade.hint(key) instanceof OnPairEncoder.Model m ? m : null;
        OnPairEncoder.Parts parts =
                OnPairEncoder.split((VarBinViewArray) a, OnPairEncoder.DEFAULT_DICT_BITS, hint, REUSE_TOLERANCE);
        if (!sample) {
            cascade.remember(key, parts.model());
        }
        ChildEncoder children = cascade.children(this, depth, excluded, sample);
        return OnPairEncoder.node(a.dtype(), parts, (role, child) -> {
            ChildRule rule = child(role);
            if (!rule.light() && child instanceof PrimitiveArray p && withoutFill(parts.topCount(p), p.length())) {
                return cascade.compressSkipping(child, depth - 1, rule.childExclusions(excluded), NO_FILL, sample);
            }
            return children.encode(role, child);
        });
    }

    /// Whether a value occurring `top` times (-1: unknown) in `len` rows is too rare for a
    /// constant or sparse array (`SparseEncoder.dominantRow` with up to a tenth of the rows
    /// differing, the more lenient of the two).
    static boolean withoutFill(int top, int len) {
        return top >= 0 && top < len - len / 10;
    }
}
