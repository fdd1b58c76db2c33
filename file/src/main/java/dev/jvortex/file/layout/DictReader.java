package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.ReadContext;
import dev.jvortex.file.Shared;
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
        Array dict = values(ctx);
        Array c = codes.read(from, to, ctx);
        if (!(c instanceof PrimitiveArray pc) || !pc.ptype().isInteger()) {
            throw VortexException.corrupt("dictionary codes did not decode to integers");
        }
        int len = (int) (to - from);
        int n = dict.length();
        int[] idx = new int[len];
        Validity cv = pc.validity();
        for (int i = 0; i < len; i++) {
            long code = pc.getLong(i);
            if (code < 0 || code >= n) {
                if (cv.isValid(i)) {
                    throw VortexException.corrupt("dictionary code " + code + " at row " + (from + i) + " is outside the "
                            + n + "-entry dictionary");
                }
                code = 0;
            }
            idx[i] = (int) code;
        }
        if (n == 0) {
            return Constants.allNull(dtype, len, ctx.arena());
        }
        Array out = ArrayOps.take(dict, idx, ctx.arena());
        if (!cv.isAllValid()) {
            out = ArrayOps.withValidity(out, out.validity().and(cv, len, ctx.arena()));
        }
        if (to == node.rowCount()) {
            releaseValues();
        }
        return ArrayOps.withDType(out, dtype);
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
