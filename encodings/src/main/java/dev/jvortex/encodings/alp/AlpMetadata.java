package dev.jvortex.encodings.alp;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.patches.PatchesMetadata;

/// The metadata of `vortex.alp` as stored (fields in the package docs).
///
/// @param e       `exp_e` (1)
/// @param f       `exp_f` (2)
/// @param patches `patches` (3), or null when there are none
public record AlpMetadata(long e, long f, PatchesMetadata patches) {
    /// Reads the metadata bytes of a `vortex.alp` node.
    public static AlpMetadata read(byte[] bytes) {
        long e = 0;
        long f = 0;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(bytes, "ALPMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> e = r.readVarint();
                case 2 -> f = r.readVarint();
                case 3 -> patches = PatchesMetadata.read(r.readMessage("PatchesMetadata"));
                default -> r.skip();
            }
        }
        return new AlpMetadata(e, f, patches);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, e).varintIfNonZero(2, f);
        if (patches != null) {
            w.bytes(3, patches.write());
        }
        return w.toByteArray();
    }
}
