package dev.jvortex.encodings.structural;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/// Decoders of the generic encodings that work for any type.
///
/// ## Bytes
/// - `vortex.chunked`: children `[chunk_offsets: u64 (nchunks + 1), chunk...]`.
/// - `vortex.constant`: buffer 0 = protobuf `ScalarValue` of the value; no children.
/// - `vortex.masked`: children `[child (non-nullable type), validity?]`.
/// - `vortex.dict`: metadata `{uint32 values_len = 1; PType codes_ptype = 2; optional bool is_nullable_codes = 3;
///   optional bool all_values_referenced = 4}`; children `[codes, values]`.
/// - `vortex.sparse`: metadata `{PatchesMetadata patches = 1}`; buffer 0 = fill `ScalarValue`;
///   children `[indices, values]`.
public final class StructuralDecoders {
    private StructuralDecoders() {}

    /// Decodes `vortex.chunked` by concatenating its chunks.
    public static Array chunked(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        int n = node.childCount();
        if (n < 1) {
            throw VortexException.corrupt(node.location() + ": chunked array without chunk offsets");
        }
        int chunks = n - 1;
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 0, PType.U64, false, chunks + 1);
        List<Array> parts = new ArrayList<>(chunks);
        long prev = offsets.getLong(0);
        if (prev != 0) {
            throw VortexException.corrupt(node.location() + ": chunk offsets start at " + prev + ", not 0");
        }
        for (int c = 0; c < chunks; c++) {
            long next = offsets.getLong(c + 1);
            if (next < prev || next > len) {
                throw VortexException.corrupt(node.location() + ": chunk offset " + (c + 1) + " = " + next + " is out of order or past " + len);
            }
            parts.add(ctx.decode(node.child(c + 1), dtype, (int) (next - prev)));
            prev = next;
        }
        if (prev != len) {
            throw VortexException.corrupt(node.location() + ": chunks cover " + prev + " rows, expected " + len);
        }
        if (parts.isEmpty()) {
            return Constants.allNull(dtype, 0, ctx.arena());
        }
        return ArrayOps.concat(dtype, parts, ctx.arena());
    }

    /// Decodes `vortex.constant`.
    public static Array constant(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 0);
        Scalar value = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        checkSize(len, ctx);
        return Constants.repeat(dtype, value, len, ctx.arena());
    }

    private static void checkSize(int len, DecodeContext ctx) {
        // Charges the decode budget with the bytes the expansion will take, so a bogus length fails cleanly.
        ctx.allocate(Math.multiplyExact((long) len, 16L), 1);
    }

    /// Decodes `vortex.masked`: the child's values with the given validity.
    public static Array masked(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.children(node, 1, 2);
        Array child = ctx.decode(node.child(0), dtype.withNullable(false), len);
        Validity validity;
        if (node.childCount() == 2) {
            validity = Nodes.validity(ctx, node, 1, dtype, len);
        } else {
            validity = Validity.ALL_VALID;
        }
        return ArrayOps.withDType(ArrayOps.withValidity(child, validity), dtype);
    }

    /// Decodes `vortex.dict`: `values[codes[i]]`, null where the code or the value is null.
    public static Array dict(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.children(node, 2, 2);
        long valuesLen = 0;
        long codesPtype = 0;
        Boolean nullableCodes = null;
        ProtoReader r = new ProtoReader(node.metadata(), "DictMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> valuesLen = r.readVarint();
                case 2 -> codesPtype = r.readVarint();
                case 3 -> nullableCodes = r.readBool();
                default -> r.skip();
            }
        }
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
        if (values instanceof PrimitiveArray p && p.validity().bits() == null && n > 0 && codes.ptype().isInteger()
                && (n <= (1 << 16) || n <= 4L * len)) {
            // Primitive values without nulls (the usual dictionary): one pass in chunks, codes and
            // values in Java arrays, straight into the decoder's output memory.
            MemorySegment out = ctx.allocate((long) len * p.ptype().byteWidth(), p.ptype().byteWidth());
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
                dev.jvortex.encodings.fastlanes.Segments.load(codes.data(), codes.ptype(), i, all, 0, Math.min(all.length, len - i));
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

    /// Decodes `vortex.sparse`: the fill value everywhere except at the patch positions.
    public static Array sparse(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 2, 2);
        long npatches = 0;
        long offset = 0;
        long indicesPtype = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "SparseMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                ProtoReader p = r.readMessage("PatchesMetadata");
                while (p.next()) {
                    switch (p.field()) {
                        case 1 -> npatches = p.readVarint();
                        case 2 -> offset = p.readVarint();
                        case 3 -> indicesPtype = p.readVarint();
                        default -> p.skip();
                    }
                }
            } else {
                r.skip();
            }
        }
        int n = Nodes.length(node, npatches, "patches.len");
        PType ip = Nodes.ptypeCode(node, indicesPtype, "indices_ptype");
        Scalar fill = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        PrimitiveArray indices = Nodes.primitive(ctx, node, 0, ip, false, n);
        Array values = ctx.decode(node.child(1), dtype, n);
        checkSize(len, ctx);
        // Build the output as a take over [fill, values...]: index 0 is the fill, k + 1 the k-th patch.
        Array fillArray = Constants.repeat(dtype, fill, 1, ctx.arena());
        Array pool = ArrayOps.concat(dtype, List.of(fillArray, values), ctx.arena());
        int[] idx = new int[len];
        for (int k = 0; k < n; k++) {
            long pos = indices.getLong(k) - offset;
            if (pos < 0 || pos >= len) {
                if (indices.getLong(k) < offset) {
                    continue;
                }
                throw VortexException.corrupt(node.location() + ": sparse patch index " + indices.getLong(k)
                        + " (offset " + offset + ") outside " + len + " rows");
            }
            idx[(int) pos] = k + 1;
        }
        return ArrayOps.take(pool, idx, ctx.arena());
    }

}
