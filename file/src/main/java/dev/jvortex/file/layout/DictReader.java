package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.expr.FilterEvaluator;
import dev.jvortex.file.ReadContext;
import dev.jvortex.file.Shared;
import dev.jvortex.format.LayoutNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
        return codesOf(codes.read(from, to, ctx), from, ctx);
    }

    /// Returns the dictionary values the codes `c` (starting at row `from`) point at.
    private Array lookUp(Array c, long from, ReadContext ctx) {
        FilterEvaluator.Dictionary d = codesOf(c, from, ctx);
        return lookUp(d, d.codes(), ctx);
    }

    /// Returns the values of the codes `codes` (some or all of `d`'s, with `d`'s validity when all).
    public Array lookUp(FilterEvaluator.Dictionary d, int[] codes, ReadContext ctx) {
        int len = codes.length;
        if (d.values().length() == 0) {
            return Constants.allNull(dtype, len, ctx.arena());
        }
        Array out = DictGather.gather(d.values(), codes, ctx.arena());
        Validity cv = d.codeValidity();
        if (codes == d.codes() && !cv.isAllValid()) {
            out = ArrayOps.withValidity(out, out.validity().and(cv, len, ctx.arena()));
        }
        return ArrayOps.withDType(out, dtype);
    }

    private FilterEvaluator.Dictionary codesOf(Array c, long from, ReadContext ctx) {
        Array dict = values(ctx);
        if (!(c instanceof PrimitiveArray pc) || !pc.ptype().isInteger()) {
            throw VortexException.corrupt("dictionary codes did not decode to integers");
        }
        int len = c.length();
        int n = dict.length();
        Validity cv = pc.validity();
        int[] idx = codesInRange(pc, len, n);
        if (idx == null) {
            // Some code is out of range: fine under a null row (set to 0), corrupt otherwise.
            idx = new int[len];
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
        }
        return new FilterEvaluator.Dictionary(idx, cv, ArrayOps.withDType(dict, dtype));
    }

    /// Returns the codes as ints, read in bulk, or null when any is outside `[0, n)`.
    private static int[] codesInRange(PrimitiveArray codes, int len, int n) {
        int[] idx = new int[len];
        MemorySegment data = codes.data();
        boolean signed = codes.ptype().isSigned();
        int acc = 0;
        switch (codes.ptype().byteWidth()) {
            case 1 -> {
                byte[] b = new byte[len];
                MemorySegment.copy(data, ValueLayout.JAVA_BYTE, 0, b, 0, len);
                int mask = signed ? -1 : 0xFF;
                for (int i = 0; i < len; i++) {
                    int v = b[i] & mask;
                    idx[i] = v;
                    acc |= v | (n - 1 - v);
                }
            }
            case 2 -> {
                short[] b = new short[len];
                MemorySegment.copy(data, PrimitiveArray.LE_SHORT, 0, b, 0, len);
                int mask = signed ? -1 : 0xFFFF;
                for (int i = 0; i < len; i++) {
                    int v = b[i] & mask;
                    idx[i] = v;
                    acc |= v | (n - 1 - v);
                }
            }
            case 4 -> {
                // A u32 code of 2^31 or more reads as negative here and so counts as out of range.
                MemorySegment.copy(data, PrimitiveArray.LE_INT, 0, idx, 0, len);
                for (int i = 0; i < len; i++) {
                    acc |= idx[i] | (n - 1 - idx[i]);
                }
            }
            default -> {
                long[] b = new long[len];
                MemorySegment.copy(data, PrimitiveArray.LE_LONG, 0, b, 0, len);
                long wide = 0;
                for (int i = 0; i < len; i++) {
                    wide |= b[i] | (n - 1L - b[i]);
                    idx[i] = (int) b[i];
                }
                acc = wide < 0 ? -1 : 0;
            }
        }
        return acc < 0 ? null : idx;
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
