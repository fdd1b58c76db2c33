package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.EnumSet;

/// `fastlanes.for` over `fastlanes.bitpacked` for integers, as the reference's FoR scheme writes
/// it: the minimum subtracted, the rest packed at its best width, patches light. No cascade.
final class ForScheme extends Scheme {
    static final ForScheme INSTANCE = new ForScheme();

    private ForScheme() {
        super(SchemeId.FOR);
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return ForEncoder.encodeBitPacked((PrimitiveArray) a, LightEncoder.PATCHES);
    }
}
