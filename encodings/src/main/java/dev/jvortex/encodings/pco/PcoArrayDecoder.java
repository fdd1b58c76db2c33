package dev.jvortex.encodings.pco;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.pcodec.PcoChunkDecoder;
import dev.jvortex.pcodec.PcoDecoder;
import dev.jvortex.pcodec.PcoException;
import dev.jvortex.pcodec.PcoType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/// Decodes `vortex.pco` into a [PrimitiveArray] (bytes in the package documentation), with the
/// `jvortex-pcodec` module's [PcoDecoder]; its [PcoException]s become [VortexException]s naming
/// the node, the chunk and the page.
///
/// The valid values are decoded page by page straight into the output, packed at its front;
/// with nulls they are then moved to their rows in one backward pass (a valid value only ever
/// moves to a later or equal row, so nothing is overwritten before it is read).
public final class PcoArrayDecoder {
    private PcoArrayDecoder() {}

    /// Decodes `vortex.pco`.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.children(node, 0, 1);
        PcoMetadata md = PcoMetadata.read(node.metadata());
        int chunkCount = md.chunks().size();
        long pageCount = 0;
        long valueCount = 0;
        for (long[] pages : md.chunks()) {
            pageCount += pages.length;
            for (long n : pages) {
                valueCount += n;
            }
        }
        if (node.bufferCount() != chunkCount + pageCount) {
            throw VortexException.corrupt(node.location() + ": vortex.pco metadata lists " + chunkCount + " chunks and "
                    + pageCount + " pages but the node has " + node.bufferCount() + " buffers");
        }
        Validity validity = Nodes.validity(ctx, node, 0, dtype, len);
        int valid = len - validity.nullCount(len);
        if (valueCount != valid) {
            throw VortexException.corrupt(node.location() + ": vortex.pco pages hold " + valueCount
                    + " values but the array has " + valid + " valid rows");
        }
        int width = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * width, width);
        PcoType type = PcoTypes.of(ptype);
        PcoDecoder pco;
        try {
            pco = PcoDecoder.open(md.header());
        } catch (PcoException e) {
            throw PcoTypes.error(node.location(), e);
        }
        long at = 0;
        int page = chunkCount;
        for (int c = 0; c < chunkCount; c++) {
            PcoChunkDecoder chunk = null;
            long[] pages = md.chunks().get(c);
            for (int p = 0; p < pages.length; p++, page++) {
                int n = (int) pages[p];
                if (n == 0) {
                    continue; // like the reference, an empty page is never decoded
                }
                try {
                    if (chunk == null) {
                        chunk = pco.chunk(type, node.buffer(c));
                    }
                    chunk.decodePage(node.buffer(page), n, out, at);
                } catch (PcoException e) {
                    throw PcoTypes.error(node.location() + ": vortex.pco chunk " + c + ", page " + p, e);
                }
                at += n;
            }
        }
        if (valid < len) {
            scatter(out, width, validity.bits(), len, valid);
        }
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    /// Moves the `valid` packed values at the front of `out` to the rows whose bit is set in
    /// `bits`, zeroing null rows. Works backwards run by run: a run of valid rows moves with one
    /// (overlap-safe) copy, and once the remaining values exactly fill the remaining rows they
    /// are already in place.
    static void scatter(MemorySegment out, int width, MemorySegment bits, int len, int valid) {
        if (valid == 0) {
            return; // freshly allocated memory is zero
        }
        int k = valid; // values not yet placed: [0, k)
        int i = len - 1; // rows not yet written: [0, i]
        while (k <= i) {
            int end = i;
            while (i >= 0 && !isSet(bits, i)) {
                i--;
            }
            if (end > i) {
                out.asSlice((long) (i + 1) * width, (long) (end - i) * width).fill((byte) 0);
            }
            end = i;
            while (i >= 0 && isSet(bits, i)) {
                i--;
            }
            int run = end - i;
            k -= run;
            if (run > 0) {
                MemorySegment.copy(out, (long) k * width, out, (long) (i + 1) * width, (long) run * width);
            }
        }
    }

    private static boolean isSet(MemorySegment bits, int i) {
        return (bits.get(ValueLayout.JAVA_BYTE, i >>> 3) & (1 << (i & 7))) != 0;
    }
}
