package dev.jvortex.encodings.pco;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.pcodec.PcoEncoder;
import dev.jvortex.pcodec.PcoType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Encodes a primitive array as `vortex.pco`, the inverse of [PcoArrayDecoder], the way the
/// reference's compact preset does: only the valid values are compressed, in chunks of up to
/// 2^18 values ([PcoEncoder#DEFAULT_CHUNK_N]) with pages of up to 8192 values, at pco's default
/// level. Buffers: every chunk meta, then every page in chunk order (alignment 1); metadata: the
/// header `04 01` and each page's value count; child: the validity, if any.
public final class PcoArrayEncoder {
    private PcoArrayEncoder() {}

    /// Values per page of the reference's compact preset.
    public static final int COMPACT_PAGE_N = 8192;

    /// Returns the `vortex.pco` node of `a` with pages of up to [#COMPACT_PAGE_N] values, or null
    /// for types pco does not take (8-bit integers, booleans).
    public static WriteNode encode(PrimitiveArray a) {
        return encode(a, COMPACT_PAGE_N);
    }

    /// Returns the `vortex.pco` node of `a` with pages of up to `maxPageN` values, or null for
    /// types pco does not take.
    public static WriteNode encode(PrimitiveArray a, int maxPageN) {
        return encode(a, maxPageN, PcoEncoder.DELTA_AUTO);
    }

    /// Returns the `vortex.pco` node of `a` with pages of up to `maxPageN` values and the delta
    /// encoding `delta` ([PcoEncoder#DELTA_AUTO], 0, an order 1..7 or [PcoEncoder#LOOKBACK]), or
    /// null for types pco does not take.
    public static WriteNode encode(PrimitiveArray a, int maxPageN, int delta) {
        PcoType type = PcoTypes.of(a.ptype());
        if (!PcoEncoder.supports(type)) {
            return null;
        }
        if (maxPageN <= 0) {
            throw VortexException.misuse("pco page size must be positive, got " + maxPageN);
        }
        int len = a.length();
        long[] all = Primitives.longs(a);
        Validity validity = a.validity();
        long[] values = all;
        int n = len;
        if (!validity.isAllValid()) {
            values = new long[len];
            n = validity.isAllInvalid() ? 0 : keepValid(all, ValidBits.words(validity, len), len, values);
        }
        List<PcoEncoder.Chunk> chunks;
        try {
            chunks = PcoEncoder.encode(type, values, n, maxPageN, delta);
        } catch (IllegalArgumentException e) {
            throw VortexException.misuse(e.getMessage());
        }
        List<long[]> pageCounts = new ArrayList<>();
        List<WriteNode.Buffer> buffers = new ArrayList<>();
        addMetas(chunks, pageCounts, buffers);
        byte[] meta = new PcoMetadata(PcoEncoder.header(), pageCounts).write();
        addPages(chunks, buffers);
        return new WriteNode(EncodingId.PCO.id(), meta, buffers, CanonicalEncoder.validity(a.dtype(), validity, len));
    }

    // The loops of [#encode(PrimitiveArray, int, int)] are small methods of their own: a loop in
    // the per-array driver got it compiled on-stack and whole with the Pcodec encoder inlined.

    /// Copies the values of `all[0..len)` whose bit is set in `validWords` to the front of `out`
    /// (at least `len` long), in order; returns how many. Every value is written and the count
    /// advances by its bit, so nulls cost no branch.
    private static int keepValid(long[] all, long[] validWords, int len, long[] out) {
        int n = 0;
        for (int i = 0; i < len; i++) {
            out[n] = all[i];
            n += (int) (validWords[i >>> 6] >>> i) & 1;
        }
        return n;
    }

    /// Adds each chunk's page value counts to `pageCounts` and its meta to `buffers`.
    private static void addMetas(
            List<PcoEncoder.Chunk> chunks, List<long[]> pageCounts, List<WriteNode.Buffer> buffers) {
        for (PcoEncoder.Chunk c : chunks) {
            pageCounts.add(widen(c.pageCounts()));
            buffers.add(new WriteNode.Buffer(MemorySegment.ofArray(c.meta()), 1));
        }
    }

    private static long[] widen(int[] counts) {
        long[] out = new long[counts.length];
        for (int p = 0; p < counts.length; p++) {
            out[p] = counts[p];
        }
        return out;
    }

    /// Adds every page of every chunk, in order, to `buffers`.
    private static void addPages(List<PcoEncoder.Chunk> chunks, List<WriteNode.Buffer> buffers) {
        for (PcoEncoder.Chunk c : chunks) {
            for (byte[] page : c.pages()) {
                buffers.add(new WriteNode.Buffer(MemorySegment.ofArray(page), 1));
            }
        }
    }
}
