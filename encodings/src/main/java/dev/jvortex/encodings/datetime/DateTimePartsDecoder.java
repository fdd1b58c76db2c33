package dev.jvortex.encodings.datetime;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.datetimeparts` into a `vortex.timestamp` over i64:
/// `ts = days × 86400 × D + seconds × D + subseconds`, with `D` the unit's ticks per second.
///
/// Metadata `{PType days_ptype = 1; PType seconds_ptype = 2; PType subseconds_ptype = 3}`;
/// children `[days (nullable as the array), seconds, subseconds]`.
public final class DateTimePartsDecoder {
    private DateTimePartsDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Extension ext) || !ext.id().equals("vortex.timestamp")
                || !(ext.storage() instanceof DType.Primitive sp) || sp.ptype() != PType.I64) {
            throw VortexException.corrupt(node.location() + ": vortex.datetimeparts cannot decode type " + dtype);
        }
        byte[] meta = ext.metadata();
        if (meta.length < 1) {
            throw VortexException.corrupt(node.location() + ": timestamp type without a time unit");
        }
        long perSecond = switch (meta[0]) {
            case 0 -> 1_000_000_000L;
            case 1 -> 1_000_000L;
            case 2 -> 1_000L;
            case 3 -> 1L;
            default -> throw VortexException.corrupt(node.location() + ": time unit " + meta[0] + " has no date-time parts");
        };
        Nodes.children(node, 3, 3);
        long[] codes = new long[3];
        ProtoReader r = new ProtoReader(node.metadata(), "DateTimePartsMetadata");
        while (r.next()) {
            if (r.field() >= 1 && r.field() <= 3) {
                codes[r.field() - 1] = r.readVarint();
            } else {
                r.skip();
            }
        }
        PType dp = integer(node, codes[0], "days_ptype");
        PType secp = integer(node, codes[1], "seconds_ptype");
        PType subp = integer(node, codes[2], "subseconds_ptype");
        PrimitiveArray days = Nodes.primitive(ctx, node, 0, dp, dtype.nullable(), len);
        PrimitiveArray seconds = Nodes.primitive(ctx, node, 1, secp, false, len);
        PrimitiveArray subs = Nodes.primitive(ctx, node, 2, subp, false, len);
        MemorySegment out = ctx.allocate(len * 8L, 8);
        long perDay = 86_400L * perSecond;
        for (int i = 0; i < len; i++) {
            long v = days.getLong(i) * perDay + seconds.getLong(i) * perSecond + subs.getLong(i);
            out.setAtIndex(PrimitiveArray.LE_LONG, i, v);
        }
        return new ExtensionArray(ext, new PrimitiveArray(ext.storage(), PType.I64, out, len, days.validity()));
    }

    private static PType integer(EncodedNode node, long code, String field) {
        PType p = Nodes.ptypeCode(node, code, field);
        if (!p.isInteger()) {
            throw VortexException.corrupt(node.location() + ": " + field + " must be an integer type, not " + p);
        }
        return p;
    }
}
