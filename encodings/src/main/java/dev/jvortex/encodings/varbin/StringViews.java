package dev.jvortex.encodings.varbin;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Turns one buffer of decompressed string bytes plus per-row lengths into a [VarBinViewArray].
///
/// String decompressors (FSST, OnPair) decode every row back to back into one buffer sized from
/// the rows' uncompressed lengths, then call [#build]: row `i` is the next `lengths[i]` bytes.
/// The buffer must carry at least [#SLACK] zeroed bytes after the data, so inlined views can be
/// filled with two wide loads instead of a byte copy.
public final class StringViews {
    /// Zeroed bytes a decoded-data buffer must have after its last data byte.
    public static final int SLACK = 16;
    /// Largest data buffer the views refer to; longer data is split over several buffers (the
    /// reference uses the same cap, so offsets stay below 2^31).
    static final long MAX_BUFFER_BYTES = Integer.MAX_VALUE;
    /// Views built per chunk.
    private static final int VIEW_CHUNK = 2048;

    private StringViews() {}

    /// Reads per-row byte lengths from an integer array, failing on negative values, and returns them
    /// with their total in the last slot (`out[len]`).
    public static long[] lengthsWithTotal(EncodedNode node, PrimitiveArray lengths, String field) {
        int n = lengths.length();
        if (lengths.ptype().isFloat()) {
            throw VortexException.corrupt(node.location() + ": " + field + " must be integers, not "
                    + lengths.ptype().shortName());
        }
        long[] out = new long[n + 1];
        // Widened in bulk straight into the result, then checked and summed in place.
        Segments.load(lengths.data(), lengths.ptype(), 0, out, 0, n);
        long total = 0;
        for (int i = 0; i < n; i++) {
            long v = out[i];
            if (v < 0) {
                throw VortexException.corrupt(node.location() + ": " + field + "[" + i + "] = "
                        + (lengths.ptype() == PType.U64 ? Long.toUnsignedString(v) : v) + " is negative or too large");
            }
            total += v;
            if (total < 0) {
                throw VortexException.corrupt(node.location() + ": " + field + " sum overflows");
            }
        }
        out[n] = total;
        return out;
    }

    /// Builds `len` views over `data`, row `i` being the `lengths[i]` bytes after row `i - 1`'s.
    /// `data` holds `total` data bytes followed by at least [#SLACK] zeroed bytes.
    public static VarBinViewArray build(
            DType dtype,
            MemorySegment data,
            long total,
            long[] lengths,
            int len,
            Validity validity,
            DecodeContext ctx) {
        if (data.byteSize() < total + SLACK) {
            throw new IllegalStateException("decoded string buffer lacks its slack bytes");
        }
        MemorySegment views = ctx.allocate(len * 16L, 16);
        List<MemorySegment> buffers = new ArrayList<>(1);
        long bufferStart = 0;
        int bufferIndex = 0;
        long pos = 0;
        // Views are built as two longs each in a Java array and written out in bulk, one chunk of
        // rows at a time (per-row segment stores cost more than the rest of the loop).
        long[] stage = new long[2 * Math.min(len, VIEW_CHUNK)];
        for (int chunkStart = 0; chunkStart < len; chunkStart += VIEW_CHUNK) {
            int chunkEnd = Math.min(len, chunkStart + VIEW_CHUNK);
            for (int i = chunkStart; i < chunkEnd; i++) {
                long size = lengths[i];
                int w = 2 * (i - chunkStart);
                if (size <= VarBinViewArray.MAX_INLINED) {
                    // Two loads and two masks instead of a short copy; the slack keeps the loads in bounds and
                    // the masks leave the view's unused bytes zero, as the view layout requires.
                    int s = (int) size;
                    long lo = data.get(PrimitiveArray.LE_LONG, pos);
                    long hi = data.get(PrimitiveArray.LE_INT, pos + 8) & 0xFFFF_FFFFL;
                    lo &= s >= 8 ? -1L : (1L << (s << 3)) - 1;
                    hi &= s >= 12 ? -1L : s <= 8 ? 0 : (1L << ((s - 8) << 3)) - 1;
                    // Little-endian view: length (4 bytes), then the 12 inlined bytes.
                    stage[w] = (s & 0xFFFF_FFFFL) | lo << 32;
                    stage[w + 1] = lo >>> 32 | hi << 32;
                } else {
                    if (pos + size - bufferStart > MAX_BUFFER_BYTES) {
                        if (size > MAX_BUFFER_BYTES) {
                            throw VortexException.unsupported("string value of " + size + " bytes at row " + i);
                        }
                        buffers.add(data.asSlice(bufferStart, pos - bufferStart));
                        bufferStart = pos;
                        bufferIndex++;
                    }
                    long prefix = data.get(PrimitiveArray.LE_INT, pos) & 0xFFFF_FFFFL;
                    stage[w] = (size & 0xFFFF_FFFFL) | prefix << 32;
                    stage[w + 1] = (bufferIndex & 0xFFFF_FFFFL) | (pos - bufferStart) << 32;
                }
                pos += size;
            }
            MemorySegment.copy(stage, 0, views, PrimitiveArray.LE_LONG, chunkStart * 16L, 2 * (chunkEnd - chunkStart));
        }
        if (pos != total) {
            throw new IllegalStateException("row lengths add up to " + pos + ", not " + total);
        }
        if (total > bufferStart || buffers.isEmpty()) {
            buffers.add(data.asSlice(bufferStart, total - bufferStart));
        }
        return new VarBinViewArray(dtype, views, buffers.toArray(MemorySegment[]::new), len, validity);
    }
}
