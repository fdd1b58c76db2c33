package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.format.LayoutNode;
import java.util.SortedSet;

/// Reads a `vortex.dict` layout: child 0 the dictionary values, child 1 the codes.
public final class DictReader implements LayoutReader {
    private final LayoutNode node;
    private final DType dtype;
    private final LayoutReader values;
    private final LayoutReader codes;
    private Shared block;
    private ReadContext valuesContext;
    private Array decodedValues;

    DictReader(LayoutNode node, DType dtype, LayoutReader values, LayoutReader codes) {
        this.node = node;
        this.dtype = dtype;
        this.values = values;
        this.codes = codes;
    }

    @Override
    public LayoutNode node() {
        return node;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    /// Returns the values reader.
    public LayoutReader values() {
        return values;
    }

    /// Returns the codes reader.
    public LayoutReader codes() {
        return codes;
    }

    @Override
    public void splitPoints(long base, SortedSet<Long> out) {
        codes.splitPoints(base, out);
    }

    private Array values(ReadContext ctx) {
        if (decodedValues == null) {
            Shared b = ctx.newBlock();
            ReadContext own = ctx.sibling(b.arena());
            try {
                decodedValues = values.read(0, values.rowCount(), own);
            } catch (RuntimeException e) {
                b.release();
                throw e;
            }
            valuesContext = own;
            block = b;
        }
        ctx.hold(block);
        // The values may point into blocks their own read kept alive (zero-copy slices).
        ctx.holdAll(valuesContext);
        return decodedValues;
    }

    @Override
    public Array read(long from, long to, ReadContext ctx) {
        Array out = lookUp(codes.read(from, to, ctx), from, ctx);
        if (to == node.rowCount()) {
            releaseValues();
        }
        return out;
    }

    @Override
    public Array take(long[] rows, int from, int to, long base, ReadContext ctx) {
        return lookUp(codes.take(rows, from, to, base, ctx), from == to ? 0 : rows[from] - base, ctx);
    }

    /// Reads rows `[from, to)` as codes into the dictionary values, without looking them up.
    public FilterEvaluator.Dictionary readCodes(long from, long to, ReadContext ctx) {
        return codesOf(codes.read(from, to, ctx), ctx);
    }

    /// Returns the dictionary values the codes `c` point at.
    private Array lookUp(Array c, long from, ReadContext ctx) {
        return lookUpAll(codesOf(c, ctx), from, ctx);
    }

    /// Returns the values of every row of `d` (whose first row is row `firstRow` of this layout).
    public Array lookUpAll(FilterEvaluator.Dictionary d, long firstRow, ReadContext ctx) {
        if (d.values().length() == 0) {
            return lookUp(d, indices(d, firstRow), ctx);
        }
        try {
            return ArrayOps.withDType(DictGather.gatherAll(d, ctx.arena()), dtype);
        } catch (VortexException e) {
            throw VortexException.corrupt(e.getMessage() + " (row " + firstRow + " of the layout is the first read)");
        }
    }

    /// Returns the values at `indices` (into the dictionary, checked: from [#indices] or
    /// [FilterEvaluator.Dictionary#index]); the codes' own nulls are the caller's to apply.
    public Array lookUp(FilterEvaluator.Dictionary d, int[] indices, ReadContext ctx) {
        int len = indices.length;
        if (d.values().length() == 0) {
            return Constants.allNull(dtype, len, ctx.arena());
        }
        return ArrayOps.withDType(DictGather.gather(d.values(), indices, ctx.arena()), dtype);
    }

    /// Returns every row's index into the dictionary, naming the first row read in a corrupt code's message.
    public static int[] indices(FilterEvaluator.Dictionary d, long firstRow) {
        try {
            return d.indices();
        } catch (VortexException e) {
            throw VortexException.corrupt(e.getMessage() + " (row " + firstRow + " of the layout is the first read)");
        }
    }

    private FilterEvaluator.Dictionary codesOf(Array c, ReadContext ctx) {
        Array dict = values(ctx);
        if (!(c instanceof PrimitiveArray pc) || !pc.ptype().isInteger()) {
            throw VortexException.corrupt("dictionary codes did not decode to integers");
        }
        return new FilterEvaluator.Dictionary(pc, ArrayOps.withDType(dict, dtype));
    }

    @Override
    public void releaseBefore(long row) {
        codes.releaseBefore(row);
        if (row >= node.rowCount()) {
            releaseValues();
        }
    }

    private void releaseValues() {
        if (block != null) {
            valuesContext.releaseHeld();
            block.release();
            block = null;
            valuesContext = null;
            decodedValues = null;
        }
    }

    @Override
    public void close() {
        releaseValues();
        values.close();
        codes.close();
    }
}
