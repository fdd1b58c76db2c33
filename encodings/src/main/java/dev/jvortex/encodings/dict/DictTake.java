package dev.jvortex.encodings.dict;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Takes rows of `vortex.dict`: the codes of the selected rows are taken; a small dictionary is
/// then decoded whole and gathered from, a large one is taken at the distinct codes only.
public final class DictTake {
    private DictTake() {}

    /// Dictionaries of at most this many values, or of at most twice as many as rows taken, are
    /// decoded whole.
    static final int SMALL = 64;

    /// Takes rows `idx` of a `vortex.dict` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        Nodes.children(node, 2, 2);
        DictMetadata meta = DictMetadata.read(node.metadata());
        long valuesLen = meta.valuesLen();
        long codesPtype = meta.codesPtype();
        Boolean nullableCodes = meta.nullableCodes();
        PType cp = Nodes.ptypeCode(node, codesPtype, "codes_ptype");
        if (!cp.isInteger()) {
            throw VortexException.corrupt(node.location() + ": dictionary codes must be integers, not " + cp);
        }
        boolean codesNullable = nullableCodes != null ? nullableCodes : dtype.nullable();
        int nvalues = Nodes.length(node, valuesLen, "values_len");
        int n = idx.length;
        PrimitiveArray codes = ctx.takePrimitive(node, 0, cp, codesNullable, len, idx);
        if (nvalues <= Math.max(SMALL, 2L * n)) {
            Array values = ctx.decode(node.child(1), dtype, nvalues);
            return DictDecoder.gather(node, values, codes, n, ctx);
        }
        // The distinct codes, in order; each row's code becomes its position among them.
        long[] wide = IntegerArrays.toLongs(codes);
        Validity cv = codes.validity();
        int[] local = new int[n];
        for (int k = 0; k < n; k++) {
            long c = wide[k];
            if (c < 0 || c >= nvalues) {
                if (cv.isValid(k)) {
                    throw VortexException.corrupt(node.location() + ": code " + c + " at row " + idx[k]
                            + " is outside the " + nvalues + "-entry dictionary");
                }
                c = 0;
            }
            local[k] = (int) c;
        }
        int[] distinct = local.clone();
        Arrays.sort(distinct);
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (k == 0 || distinct[k] != distinct[k - 1]) {
                distinct[m++] = distinct[k];
            }
        }
        distinct = Arrays.copyOf(distinct, m);
        MemorySegment remapped = ctx.allocate(n * 4L, 4);
        for (int k = 0; k < n; k++) {
            remapped.setAtIndex(PrimitiveArray.LE_INT, k, Arrays.binarySearch(distinct, local[k]));
        }
        Array values = ctx.take(node.child(1), dtype, nvalues, distinct);
        PrimitiveArray localCodes =
                new PrimitiveArray(new DType.Primitive(PType.I32, codesNullable), PType.I32, remapped, n, cv);
        return DictDecoder.gather(node, values, localCodes, n, ctx);
    }
}
