package dev.jvortex.file.layout;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import java.util.ArrayList;
import java.util.List;

/// The metadata of a `vortex.zoned` layout (fields in [Layouts]): a version byte (1), then a
/// protobuf message.
///
/// @param zoneLen    `zone_len` (1, uint32): rows per zone
/// @param aggregates `aggregate_specs` (2): each an id (1) and option bytes (2), one zone-table
///                   column per aggregate
public record ZonedLayoutMetadata(long zoneLen, List<ZoneSchema.Aggregate> aggregates) {
    /// The version byte this reader and writer know.
    public static final byte VERSION = 1;

    /// Reads the metadata bytes of a `vortex.zoned` layout node whose version byte (byte 0) the
    /// caller has checked.
    public static ZonedLayoutMetadata read(byte[] bytes) {
        long zoneLen = 0;
        List<ZoneSchema.Aggregate> aggregates = new ArrayList<>();
        ProtoReader r = new ProtoReader(bytes, 1, bytes.length, "ZonedMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> zoneLen = r.readVarint() & 0xFFFFFFFFL;
                case 2 -> {
                    ProtoReader a = r.readMessage("AggregateSpec");
                    String id = "";
                    byte[] options = new byte[0];
                    while (a.next()) {
                        switch (a.field()) {
                            case 1 -> id = a.readString();
                            case 2 -> options = a.readBytes();
                            default -> a.skip();
                        }
                    }
                    aggregates.add(new ZoneSchema.Aggregate(id, options));
                }
                default -> r.skip();
            }
        }
        return new ZonedLayoutMetadata(zoneLen, aggregates);
    }

    /// Returns the metadata bytes: the version byte, then the message (empty option bytes omitted).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, zoneLen);
        for (ZoneSchema.Aggregate a : aggregates) {
            ProtoWriter spec = new ProtoWriter().string(1, a.id());
            if (a.options().length > 0) {
                spec.bytes(2, a.options());
            }
            w.bytes(2, spec.toByteArray());
        }
        byte[] body = w.toByteArray();
        byte[] out = new byte[body.length + 1];
        out[0] = VERSION;
        System.arraycopy(body, 0, out, 1, body.length);
        return out;
    }
}
