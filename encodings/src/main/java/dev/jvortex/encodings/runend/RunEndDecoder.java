package dev.jvortex.encodings.runend;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.runend`: metadata `{PType ends_ptype = 1; uint64 num_runs = 2; uint64 offset = 3}`;
/// children `[ends (unsigned, strictly increasing, exclusive), values]`. Run `j` covers logical
/// rows `[min(ends[j-1] - offset, len), min(ends[j] - offset, len))`.
public final class RunEndDecoder {
    private RunEndDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.children(node, 2, 2);
        long endsCode = 0;
        long runs = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "RunEndMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> endsCode = r.readVarint();
                case 2 -> runs = r.readVarint();
                case 3 -> offset = r.readVarint();
                default -> r.skip();
            }
        }
        PType ep = Nodes.ptypeCode(node, endsCode, "ends_ptype");
        if (!ep.isInteger()) {
            throw VortexException.corrupt(node.location() + ": run ends must be integers, not " + ep);
        }
        int n = Nodes.length(node, runs, "num_runs");
        if (offset < 0) {
            throw VortexException.corrupt(node.location() + ": negative run-end offset");
        }
        PrimitiveArray ends = Nodes.primitive(ctx, node, 0, ep, false, n);
        Array values = ctx.decode(node.child(1), dtype, n);
        // Run boundaries in logical rows, checked once; the expansion loops below trust them.
        int[] stops = new int[n];
        long prev = 0;
        for (int j = 0; j < n; j++) {
            long e = ends.getLong(j);
            if (e < 0 || (j > 0 && e <= ends.getLong(j - 1))) {
                throw VortexException.corrupt(node.location() + ": run ends are not strictly increasing at run " + j);
            }
            long stop = Math.min(Math.max(e - offset, 0), len);
            stops[j] = (int) stop;
            prev = stop;
        }
        if (prev < len) {
            throw VortexException.corrupt(node.location() + ": runs end at row " + prev + " but the array has " + len);
        }
        if (values instanceof PrimitiveArray p && p.validity().isAllValid()) {
            return expandPrimitive(p, stops, dtype, len, ctx);
        }
        int[] idx = new int[len];
        int start = 0;
        for (int j = 0; j < n; j++) {
            java.util.Arrays.fill(idx, start, stops[j], j);
            start = Math.max(start, stops[j]);
        }
        return ArrayOps.take(values, idx, ctx.arena());
    }

    private static Array expandPrimitive(PrimitiveArray values, int[] stops, DType dtype, int len, DecodeContext ctx) {
        PType pt = values.ptype();
        int w = pt.byteWidth();
        MemorySegment out = ctx.allocate((long) len * w, w);
        int start = 0;
        for (int j = 0; j < stops.length; j++) {
            int stop = stops[j];
            if (stop <= start) {
                continue;
            }
            switch (w) {
                case 8 -> {
                    long v = values.data().getAtIndex(PrimitiveArray.LE_LONG, j);
                    for (int i = start; i < stop; i++) {
                        out.setAtIndex(PrimitiveArray.LE_LONG, i, v);
                    }
                }
                case 4 -> {
                    int v = values.data().getAtIndex(PrimitiveArray.LE_INT, j);
                    for (int i = start; i < stop; i++) {
                        out.setAtIndex(PrimitiveArray.LE_INT, i, v);
                    }
                }
                default -> {
                    long v = values.getLong(j);
                    for (int i = start; i < stop; i++) {
                        PrimitiveArray.setLong(out, pt, i, v);
                    }
                }
            }
            start = stop;
        }
        return new PrimitiveArray(dtype, pt, out, len, Validity.ALL_VALID);
    }
}
