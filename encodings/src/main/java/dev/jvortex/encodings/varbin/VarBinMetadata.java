package dev.jvortex.encodings.varbin;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.varbin` as stored (fields in the package docs).
///
/// @param offsetsPtype `offsets_ptype` (1): wire code of the offsets' type
public record VarBinMetadata(long offsetsPtype) {
    /// Reads the metadata bytes of a `vortex.varbin` node.
    public static VarBinMetadata read(byte[] bytes) {
        long code = 0;
        ProtoReader r = new ProtoReader(bytes, "VarBinMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                code = r.readVarint();
            } else {
                r.skip();
            }
        }
        return new VarBinMetadata(code);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter().varintIfNonZero(1, offsetsPtype).toByteArray();
    }
}
