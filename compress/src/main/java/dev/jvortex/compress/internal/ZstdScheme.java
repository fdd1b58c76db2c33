package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.zstd.ZstdEncoder;
import java.util.EnumSet;

/// `vortex.zstd` (Zstandard) with the reference's compact settings, for strings and binaries, in
/// the compact preset only. Terminal: no children.
final class ZstdScheme extends Scheme {
    static final ZstdScheme INSTANCE = new ZstdScheme();

    private ZstdScheme() {
        super(SchemeId.ZSTD);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return cascade.generalCodecs();
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return ZstdEncoder.encode(a, ZstdEncoder.COMPACT_LEVEL, ZstdEncoder.COMPACT_VALUES_PER_FRAME);
    }
}
