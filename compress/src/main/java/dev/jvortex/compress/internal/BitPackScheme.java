package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.EnumSet;

/// `fastlanes.bitpacked` for non-negative integers at the width with the smallest estimate,
/// wider values as light patches. No cascade.
final class BitPackScheme extends Scheme {
    static final BitPackScheme INSTANCE = new BitPackScheme();

    private BitPackScheme() {
        super(SchemeId.BITPACK);
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return BitPackedEncoder.encode((PrimitiveArray) a, LightEncoder.PATCHES);
    }
}
