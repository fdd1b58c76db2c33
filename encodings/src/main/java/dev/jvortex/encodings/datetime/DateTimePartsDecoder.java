package dev.jvortex.encodings.datetime;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.datetimeparts` into a `vortex.timestamp` extension array over i64 storage:
/// `ts = (days * 86_400 + seconds) * unitsPerSecond + subseconds`, in wrapping 64-bit arithmetic.
public final class DateTimePartsDecoder {
    /// The extension id this encoding decodes to.
    public static final String TIMESTAMP_ID = "vortex.timestamp";
    private static final long SECONDS_PER_DAY = 86_400;
    /// Rows combined per chunk.
    private static final int CHUNK = 4096;

    private DateTimePartsDecoder() {}

    /// Decodes a `vortex.datetimeparts` node as `dtype` (a `vortex.timestamp` extension type) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Extension ext)
                || !TIMESTAMP_ID.equals(ext.id())
                || !(ext.storage() instanceof DType.Primitive storage)
                || storage.ptype() != PType.I64) {
            throw VortexException.corrupt(node.location() + ": vortex.datetimeparts cannot decode type " + dtype);
        }
        long unitsPerSecond = unitsPerSecond(node, ext.metadata());
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 3, 3);
        DateTimePartsMetadata meta = DateTimePartsMetadata.read(node.metadata());
        PType daysPtype = Nodes.ptypeCode(node, meta.daysPtype(), "days_ptype");
        PType secondsPtype = Nodes.ptypeCode(node, meta.secondsPtype(), "seconds_ptype");
        PType subsecondsPtype = Nodes.ptypeCode(node, meta.subsecondsPtype(), "subseconds_ptype");
        requireInteger(node, daysPtype, "days_ptype");
        requireInteger(node, secondsPtype, "seconds_ptype");
        requireInteger(node, subsecondsPtype, "subseconds_ptype");
        PrimitiveArray days = Nodes.primitive(ctx, node, 0, daysPtype, storage.nullable(), len);
        PrimitiveArray seconds = Nodes.primitive(ctx, node, 1, secondsPtype, false, len);
        PrimitiveArray subseconds = Nodes.primitive(ctx, node, 2, subsecondsPtype, false, len);
        long dayUnits = SECONDS_PER_DAY * unitsPerSecond;
        MemorySegment out = ctx.allocate(len * 8L, 8);
        // In chunks: each part widened in bulk into a small Java array, combined in a plain loop,
        // and copied out in one bulk write (no whole-length scratch arrays).
        int chunk = Math.min(CHUNK, len);
        long[] d = new long[chunk];
        long[] s = new long[chunk];
        long[] sub = new long[chunk];
        for (int at = 0; at < len; at += chunk) {
            int m = Math.min(chunk, len - at);
            Segments.load(days.data(), daysPtype, at, d, 0, m);
            Segments.load(seconds.data(), secondsPtype, at, s, 0, m);
            Segments.load(subseconds.data(), subsecondsPtype, at, sub, 0, m);
            for (int k = 0; k < m; k++) {
                d[k] = d[k] * dayUnits + s[k] * unitsPerSecond + sub[k];
            }
            MemorySegment.copy(d, 0, out, PrimitiveArray.LE_LONG, at * 8L, m);
        }
        return new ExtensionArray(ext, new PrimitiveArray(storage, PType.I64, out, len, days.validity()));
    }

    /// Returns how many storage units make one second for the timestamp metadata (first byte = unit).
    static long unitsPerSecond(EncodedNode node, byte[] metadata) {
        if (metadata.length < 1) {
            throw VortexException.corrupt(node.location() + ": vortex.timestamp metadata is empty");
        }
        return switch (metadata[0]) {
            case 0 -> 1_000_000_000L;
            case 1 -> 1_000_000L;
            case 2 -> 1_000L;
            case 3 -> 1L;
            case 4 ->
                throw VortexException.corrupt(
                        node.location() + ": vortex.datetimeparts cannot hold a timestamp in days");
            default -> throw VortexException.corrupt(node.location() + ": unknown time unit tag " + metadata[0]);
        };
    }

    private static void requireInteger(EncodedNode node, PType ptype, String field) {
        if (!ptype.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": " + field + " must be an integer type, not " + ptype.shortName());
        }
    }
}
