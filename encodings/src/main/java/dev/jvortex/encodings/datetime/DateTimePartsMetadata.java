package dev.jvortex.encodings.datetime;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.datetimeparts` as stored (fields in the package docs).
///
/// @param daysPtype       `days_ptype` (1): wire code
/// @param secondsPtype    `seconds_ptype` (2): wire code
/// @param subsecondsPtype `subseconds_ptype` (3): wire code
public record DateTimePartsMetadata(long daysPtype, long secondsPtype, long subsecondsPtype) {
    /// Reads the metadata bytes of a `vortex.datetimeparts` node.
    public static DateTimePartsMetadata read(byte[] bytes) {
        long daysPtype = 0;
        long secondsPtype = 0;
        long subsecondsPtype = 0;
        ProtoReader r = new ProtoReader(bytes, "DateTimePartsMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> daysPtype = r.readVarint();
                case 2 -> secondsPtype = r.readVarint();
                case 3 -> subsecondsPtype = r.readVarint();
                default -> r.skip();
            }
        }
        return new DateTimePartsMetadata(daysPtype, secondsPtype, subsecondsPtype);
    }

    /// Returns the metadata bytes (zero fields omitted).
    public byte[] write() {
        return new ProtoWriter()
                .varintIfNonZero(1, daysPtype)
                .varintIfNonZero(2, secondsPtype)
                .varintIfNonZero(3, subsecondsPtype)
                .toByteArray();
    }
}
