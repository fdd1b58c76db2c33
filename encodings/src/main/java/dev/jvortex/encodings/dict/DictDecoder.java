package dev.jvortex.encodings.dict;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.dict` (bytes in the package docs): `values[codes[i]]`, null where the code or
/// the value is null.
public final class DictDecoder {
    private DictDecoder() {}

    /// Decodes a `vortex.dict` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
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
        PrimitiveArray codes = Nodes.primitive(ctx, node, 0, cp, codesNullable, len);
        Array values = ctx.decode(node.child(1), dtype, nvalues);
        return gather(node, values, codes, len, ctx);
    }

    /// Returns `values[codes[i]]` for every row, applying the codes' validity.
    public static Array gather(EncodedNode node, Array values, PrimitiveArray codes, int len, DecodeContext ctx) {
        Validity cv = codes.validity();
        int n = values.length();
        if (values instanceof PrimitiveArray p
                && p.validity().bits() == null
                && n > 0
                && codes.ptype().isInteger()
                && (n <= (1 << 16) || n <= 4L * len)) {
            // Primitive values without nulls (the usual dictionary): one pass in chunks, codes and
            // values in Java arrays, straight into the decoder's output memory.
            MemorySegment out =
                    ctx.allocate((long) len * p.ptype().byteWidth(), p.ptype().byteWidth());
            DictGather.gather(node, p, codes, len, out);
            Array result = new PrimitiveArray(p.dtype(), p.ptype(), out, len, p.validity());
            if (!cv.isAllValid()) {
                result = ArrayOps.withValidity(result, p.validity().and(cv, len, ctx.arena()));
            }
            return result;
        }
        int[] idx = new int[len];
        long[] all = new long[Math.min(len, 4096)];
        for (int i = 0; i < len; i++) {
            if (i % all.length == 0) {
                // The codes in blocks, with one bulk read each.
                dev.jvortex.core.internal.Segments.load(
                        codes.data(), codes.ptype(), i, all, 0, Math.min(all.length, len - i));
            }
            long c = all[i % all.length];
            if (c < 0 || c >= n) {
                if (!cv.isValid(i)) {
                    c = 0;
                } else {
                    throw VortexException.corrupt(node.location() + ": code " + c + " at row " + i + " is outside the "
                            + n + "-entry dictionary");
                }
            }
            idx[i] = (int) c;
        }
        if (n == 0) {
            if (len > 0 && !cv.isAllInvalid() && cv.nullCount(len) != len) {
                throw VortexException.corrupt(node.location() + ": non-null codes into an empty dictionary");
            }
            return Constants.allNull(values.dtype(), len, ctx.arena());
        }
        Array out = ArrayOps.take(values, idx, ctx.arena());
        if (!cv.isAllValid()) {
            out = ArrayOps.withValidity(out, out.validity().and(cv, len, ctx.arena()));
        }
        return out;
    }
}
