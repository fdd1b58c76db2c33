package dev.jvortex.encodings;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;

/// Shared checks and child decoding for the decoders.
public final class Nodes {
    private Nodes() {}

    /// Fails unless the node has between `min` and `max` children.
    public static void children(EncodedNode node, int min, int max) {
        int n = node.childCount();
        if (n < min || n > max) {
            throw VortexException.corrupt(node.location() + ": " + node.encoding() + " expects "
                    + (min == max ? String.valueOf(min) : min + ".." + max) + " children but has " + n);
        }
    }

    /// Fails unless the node has between `min` and `max` buffers.
    public static void buffers(EncodedNode node, int min, int max) {
        int n = node.bufferCount();
        if (n < min || n > max) {
            throw VortexException.corrupt(node.location() + ": " + node.encoding() + " expects "
                    + (min == max ? String.valueOf(min) : min + ".." + max) + " buffers but has " + n);
        }
    }

    /// Returns the ptype of a primitive type, failing for other types.
    public static PType ptype(EncodedNode node, DType dtype) {
        if (dtype instanceof DType.Primitive p) {
            return p.ptype();
        }
        throw VortexException.corrupt(node.location() + ": " + node.encoding() + " cannot decode type " + dtype);
    }

    /// Returns the ptype of an integer type, failing for other types.
    public static PType integerPtype(EncodedNode node, DType dtype) {
        PType p = ptype(node, dtype);
        if (!p.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": " + node.encoding() + " needs an integer type but got " + dtype);
        }
        return p;
    }

    /// Decodes child `i` as a primitive array of `ptype`.
    public static PrimitiveArray primitive(
            DecodeContext ctx, EncodedNode node, int i, PType ptype, boolean nullable, int len) {
        Array a = ctx.decode(node.child(i), new DType.Primitive(ptype, nullable), len);
        if (a instanceof PrimitiveArray p && p.ptype() == ptype) {
            return p;
        }
        throw VortexException.corrupt(node.location() + ": child " + i + " did not decode to " + ptype.shortName());
    }

    /// Decodes child `i` as an integer array and returns its values widened to long (unsigned zero-extended).
    public static long[] longs(DecodeContext ctx, EncodedNode node, int i, PType ptype, int len) {
        if (!ptype.isInteger()) {
            throw VortexException.corrupt(node.location() + ": child " + i + " must be an integer type, not " + ptype);
        }
        PrimitiveArray p = primitive(ctx, node, i, ptype, false, len);
        long[] out = new long[len];
        for (int k = 0; k < len; k++) {
            out[k] = p.getLong(k);
        }
        return out;
    }

    /// Returns the values of an integer array as ints (zero- or sign-extended), failing if one does not fit.
    /// One tight loop per width: used to turn codes and offsets into plain arrays before hot loops.
    public static int[] ints(EncodedNode node, PrimitiveArray p, String what) {
        int n = p.length();
        int[] out = new int[n];
        var data = p.data();
        switch (p.ptype()) {
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) & 0xFF;
                }
            }
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i);
                }
            }
            case U16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFF;
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_SHORT, i);
                }
            }
            case I32 -> MemorySegmentInts.copy(data, out, n);
            case U32 -> {
                MemorySegmentInts.copy(data, out, n);
                for (int i = 0; i < n; i++) {
                    if (out[i] < 0) {
                        throw VortexException.corrupt(node.location() + ": " + what + " value "
                                + Integer.toUnsignedString(out[i]) + " at " + i + " is too large");
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    long v = p.getLong(i);
                    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                        throw VortexException.corrupt(
                                node.location() + ": " + what + " value " + v + " at " + i + " is too large");
                    }
                    out[i] = (int) v;
                }
            }
        }
        return out;
    }

    private static final class MemorySegmentInts {
        static void copy(java.lang.foreign.MemorySegment data, int[] out, int n) {
            java.lang.foreign.MemorySegment.copy(data, PrimitiveArray.LE_INT, 0, out, 0, n);
        }
    }

    /// Decodes the validity child at index `i` (a non-nullable bool array), or all-valid if absent.
    public static Validity validity(DecodeContext ctx, EncodedNode node, int i, DType dtype, int len) {
        if (i >= node.childCount()) {
            return Validity.ALL_VALID;
        }
        if (!dtype.nullable()) {
            throw VortexException.corrupt(node.location() + ": validity child on a non-nullable " + dtype);
        }
        Array a = ctx.decode(node.child(i), new DType.Bool(false), len);
        if (!(a instanceof BoolArray b)) {
            throw VortexException.corrupt(node.location() + ": validity child did not decode to bools");
        }
        return Validity.ofBits(b.bits());
    }

    /// Reads a ptype code from metadata.
    public static PType ptypeCode(EncodedNode node, long code, String field) {
        if (code < 0 || code > 10) {
            throw VortexException.corrupt(node.location() + ": " + field + " has unknown ptype code " + code);
        }
        return PType.fromCode((int) code);
    }

    /// Checks a length from metadata.
    public static int length(EncodedNode node, long len, String field) {
        if (len < 0 || len > Integer.MAX_VALUE - 16) {
            throw VortexException.corrupt(
                    node.location() + ": " + field + " " + Long.toUnsignedString(len) + " is out of range");
        }
        return (int) len;
    }
}
