package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.fastlanes.DeltaEncoder;
import java.util.EnumSet;

/// `fastlanes.delta` for integer arrays of at least [#MIN_LENGTH] rows; bases and deltas cascade
/// without delta.
///
/// The reference keeps delta behind its `unstable_encodings` feature. Its two-child form (no
/// nulls) reads in every reference version we test, so that form competes by default; the
/// three-child form with validity, which newer reference versions no longer accept, competes only
/// with the system property `jvortex.compressor.unstable=true` ([#UNSTABLE]).
final class DeltaScheme extends Scheme {
    static final DeltaScheme INSTANCE = new DeltaScheme();
    /// Whether delta also competes for arrays with nulls.
    static final boolean UNSTABLE = Boolean.getBoolean("jvortex.compressor.unstable");
    /// The least length for delta.
    static final int MIN_LENGTH = 1024;
    private static final ChildRule PARTS = ChildRule.without(SchemeId.DELTA);

    private DeltaScheme() {
        super(SchemeId.DELTA);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return a.length() >= MIN_LENGTH && (UNSTABLE || a.validity().nullCount(a.length()) == 0);
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
        return DeltaEncoder.encode((PrimitiveArray) a, cascade.children(this, depth, excluded, sample));
    }
}
