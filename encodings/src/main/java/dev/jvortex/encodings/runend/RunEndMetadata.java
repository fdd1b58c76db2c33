package dev.jvortex.encodings.runend;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.runend` as stored (fields in the package docs).
///
/// @param endsPtype `ends_ptype` (1): wire code of the ends' type
/// @param numRuns   `num_runs` (2): number of runs
/// @param offset    `offset` (3): logical row 0 is physical row `offset`
public record RunEndMetadata(long endsPtype, long numRuns, long offset) {
    /// Reads the metadata bytes of a `vortex.runend` node.
    public static RunEndMetadata read(byte[] bytes) {
        long endsPtype = 0;
        long numRuns = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(bytes, "RunEndMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> endsPtype = r.readVarint();
                case 2 -> numRuns = r.readVarint();
                case 3 -> offset = r.readVarint();
                default -> r.skip();
            }
        }
        return new RunEndMetadata(endsPtype, numRuns, offset);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, endsPtype)
                .varintIfNonZero(2, numRuns)
                .varintIfNonZero(3, offset)
                .toByteArray();
    }
}
