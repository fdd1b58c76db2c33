package dev.jvortex.encodings.runend;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Decodes `vortex.runend`: run `j` repeats `values[j]` over logical rows `[end(j-1), end(j))`,
/// where `end(j) = min(ends[j] - offset, len)`.
///
/// Fixed-width values (primitives, decimals) and bools are expanded run by run with one fill per
/// run; any other type is expanded by gathering (`ArrayOps.take`), which for strings copies
/// views only, never string bytes.
public final class RunEndDecoder {
    private RunEndDecoder() {}

    /// Decodes a `vortex.runend` node as `dtype` with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 2, 2);
        RunEndMetadata meta = RunEndMetadata.read(node.metadata());
        PType endsPtype = Nodes.ptypeCode(node, meta.endsPtype(), "ends_ptype");
        long numRuns = meta.numRuns();
        long offset = meta.offset();
        if (!endsPtype.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": run ends must be integers, not " + endsPtype.shortName());
        }
        int runs = Nodes.length(node, numRuns, "num_runs");
        if (offset < 0) {
            throw VortexException.corrupt(
                    node.location() + ": run-end offset " + Long.toUnsignedString(offset) + " is out of range");
        }
        long[] ends = IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, endsPtype, false, runs));
        int[] bounds = runBounds(node, ends, offset, len);
        Array values = ctx.decode(node.child(1), dtype, runs);
        return expand(values, bounds, len, ctx);
    }

    /// Returns the trimmed run ends: `out[j] = min(ends[j] - offset, len)`, checking that the ends are
    /// non-decreasing, that none lies before the offset and that the runs cover all `len` rows.
    /// An empty array may keep any runs (slicing to zero rows leaves the run metadata as it was).
    static int[] runBounds(EncodedNode node, long[] ends, long offset, int len) {
        int runs = ends.length;
        int[] out = new int[runs];
        if (len == 0) {
            return out;
        }
        long previous = 0;
        for (int j = 0; j < runs; j++) {
            long e = ends[j];
            if (e < 0) {
                throw VortexException.corrupt(
                        node.location() + ": run end ends[" + j + "]=" + Long.toUnsignedString(e) + " is out of range");
            }
            if (e < previous) {
                throw VortexException.corrupt(node.location() + ": run ends must be non-decreasing but ends[" + j + "]="
                        + e + " after ends[" + (j - 1) + "]=" + previous);
            }
            if (e < offset) {
                throw VortexException.corrupt(
                        node.location() + ": run end ends[" + j + "]=" + e + " lies before the offset " + offset);
            }
            out[j] = (int) Math.min(e - offset, len);
            previous = e;
        }
        int covered = runs == 0 ? 0 : out[runs - 1];
        if (covered != len) {
            throw VortexException.corrupt(node.location() + ": runs cover " + covered + " rows (last end "
                    + (runs == 0 ? "none" : String.valueOf(ends[runs - 1])) + ", offset " + offset
                    + ") but the array has "
                    + len);
        }
        return out;
    }

    /// Expands one value per run into `len` rows, run `j` ending (exclusive) at `bounds[j]`.
    static Array expand(Array values, int[] bounds, int len, DecodeContext ctx) {
        Validity validity = expandValidity(values.validity(), bounds, len, ctx);
        return switch (values) {
            case PrimitiveArray p -> {
                int w = p.ptype().byteWidth();
                MemorySegment out = ctx.allocate((long) len * w, w);
                fillRuns(p.data(), w, bounds, out);
                yield new PrimitiveArray(p.dtype(), p.ptype(), out, len, validity);
            }
            case DecimalArray d -> {
                int w = d.byteWidth();
                MemorySegment out = ctx.allocate((long) len * w, Math.min(w, 16));
                fillRuns(d.data(), w, bounds, out);
                yield new DecimalArray(d.dtype(), w, out, len, validity);
            }
            case BoolArray b -> {
                MemorySegment out = ctx.allocate(Bits.byteLength(len), 8);
                int start = 0;
                for (int j = 0; j < bounds.length; j++) {
                    int end = bounds[j];
                    if (end > start && b.get(j)) {
                        Bits.setRange(out, start, end - start);
                    }
                    start = Math.max(start, end);
                }
                yield new BoolArray(b.dtype(), out, len, validity);
            }
            default -> {
                int[] indices = new int[len];
                int start = 0;
                for (int j = 0; j < bounds.length; j++) {
                    int end = bounds[j];
                    if (end > start) {
                        Arrays.fill(indices, start, end, j);
                        start = end;
                    }
                }
                yield ArrayOps.take(values, indices, ctx.arena());
            }
        };
    }

    private static Validity expandValidity(Validity values, int[] bounds, int len, DecodeContext ctx) {
        if (values.bits() == null) {
            return values;
        }
        MemorySegment out = ctx.allocate(Bits.byteLength(len), 8);
        int start = 0;
        for (int j = 0; j < bounds.length; j++) {
            int end = bounds[j];
            if (end > start && values.isValid(j)) {
                Bits.setRange(out, start, end - start);
            }
            start = Math.max(start, end);
        }
        return Validity.ofBits(out);
    }

    /// Writes value `j` of `src` (`width` bytes each) into rows `[bounds[j-1], bounds[j])` of `dst`.
    static void fillRuns(MemorySegment src, int width, int[] bounds, MemorySegment dst) {
        int start = 0;
        switch (width) {
            case 1 -> {
                for (int j = 0; j < bounds.length; j++) {
                    int end = bounds[j];
                    if (end > start) {
                        dst.asSlice(start, end - start).fill(src.get(JAVA_BYTE, j));
                        start = end;
                    }
                }
            }
            case 2 -> {
                for (int j = 0; j < bounds.length; j++) {
                    short v = src.getAtIndex(PrimitiveArray.LE_SHORT, j);
                    for (int i = start; i < bounds[j]; i++) {
                        dst.setAtIndex(PrimitiveArray.LE_SHORT, i, v);
                    }
                    start = Math.max(start, bounds[j]);
                }
            }
            case 4 -> {
                for (int j = 0; j < bounds.length; j++) {
                    int v = src.getAtIndex(PrimitiveArray.LE_INT, j);
                    for (int i = start; i < bounds[j]; i++) {
                        dst.setAtIndex(PrimitiveArray.LE_INT, i, v);
                    }
                    start = Math.max(start, bounds[j]);
                }
            }
            case 8 -> {
                for (int j = 0; j < bounds.length; j++) {
                    long v = src.getAtIndex(PrimitiveArray.LE_LONG, j);
                    for (int i = start; i < bounds[j]; i++) {
                        dst.setAtIndex(PrimitiveArray.LE_LONG, i, v);
                    }
                    start = Math.max(start, bounds[j]);
                }
            }
            default -> {
                for (int j = 0; j < bounds.length; j++) {
                    for (int i = start; i < bounds[j]; i++) {
                        MemorySegment.copy(src, (long) j * width, dst, (long) i * width, width);
                    }
                    start = Math.max(start, bounds[j]);
                }
            }
        }
    }
}
