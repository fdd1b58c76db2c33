package dev.jvortex.encodings;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.ArrayDecoder;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// The state of one [Taking#take]: memory and limits (those of a [Decoding], which also decodes
/// whatever a kernel decodes whole), and the recursion into children with derived row sets.
///
/// As a [DecodeContext] it decodes nodes whole, except the [TakenView.Lazy] children of a
/// [TakenView], which it takes.
public final class TakeContext implements DecodeContext {
    private final Decoding decoding;
    private int nodes;
    private int wholeDecodes;
    private DType.Extension stripped;

    TakeContext(Arena arena) {
        this.decoding = new Decoding(arena);
    }

    @Override
    public Arena arena() {
        return decoding.arena();
    }

    @Override
    public MemorySegment allocate(long bytes, long alignment) {
        return decoding.allocate(bytes, alignment);
    }

    /// Decodes `node` whole (or, for a lazy child of a view, takes its rows).
    @Override
    public Array decode(EncodedNode node, DType dtype, int length) {
        if (node instanceof TakenView.Lazy lazy) {
            if (length != lazy.indices().length) {
                throw VortexException.corrupt(node.location() + ": child read as " + length
                        + " rows, expected one per row (" + lazy.indices().length + ")");
            }
            return take(lazy.original(), dtype, lazy.originalLength(), lazy.indices());
        }
        if (stripped != null
                && !(dtype instanceof DType.Extension)
                && stripped.storage().withNullable(false).equals(dtype.withNullable(false))) {
            // Below a generic encoding over an extension type (see Decoding): decode with the extension
            // type so that an extension-aware encoding anywhere below still gets it, and unwrap.
            Array a = decoding.decode(node, stripped.withNullable(dtype.nullable()), length);
            return a instanceof ExtensionArray e ? e.storage() : a;
        }
        return decoding.decode(node, dtype, length);
    }

    /// Returns rows `indices` of `node` (an array of `dtype` with `length` rows) as a canonical
    /// array; an index outside `[0, length)` means the tree is corrupt.
    public Array take(EncodedNode node, DType dtype, int length, int[] indices) {
        if (node instanceof TakenView.Lazy lazy) {
            if (length != lazy.indices().length) {
                throw VortexException.corrupt(
                        node.location() + ": child read as " + length + " rows, expected " + lazy.indices().length);
            }
            int[] composed = new int[indices.length];
            int[] inner = lazy.indices();
            for (int k = 0; k < indices.length; k++) {
                int i = indices[k];
                if (i < 0 || i >= inner.length) {
                    throw VortexException.corrupt(
                            node.location() + ": row " + i + " outside the " + inner.length + " rows");
                }
                composed[k] = inner[i];
            }
            return take(lazy.original(), dtype, lazy.originalLength(), composed);
        }
        if (++nodes > Decoding.MAX_NODES) {
            throw VortexException.corrupt(
                    node.location() + ": array tree has more than " + Decoding.MAX_NODES + " nodes");
        }
        if (length < 0) {
            throw VortexException.corrupt(node.location() + ": negative length " + length);
        }
        for (int i : indices) {
            if (i < 0 || i >= length) {
                throw VortexException.corrupt(
                        node.location() + ": row " + i + " is outside the " + length + " rows of " + node.encoding());
            }
        }
        String id = node.encoding();
        ParsedEncodingId parsed = EncodingId.parse(id);
        if (dtype instanceof DType.Extension ext && !Decoding.extensionAware(parsed)) {
            DType.Extension outer = stripped;
            stripped = ext;
            try {
                return new ExtensionArray(ext, take(node, ext.storage(), length, indices));
            } finally {
                stripped = outer;
            }
        }
        if (!(dtype instanceof DType.Extension)
                && parsed == EncodingId.DATETIMEPARTS
                && stripped != null
                && stripped.storage().withNullable(false).equals(dtype.withNullable(false))) {
            Array a = take(node, stripped.withNullable(dtype.nullable()), length, indices);
            return a instanceof ExtensionArray e ? e.storage() : a;
        }
        TakeKernel kernel = switch (parsed) {
            case EncodingId known -> Taking.kernel(known);
            case ParsedEncodingId.Unknown _ -> null; // the whole decode reports it
        };
        Array out;
        try {
            out = kernel == null ? null : kernel.take(node, dtype, length, indices, this);
            if (out == null) {
                wholeDecodes++;
                out = ArrayOps.take(decode(node, dtype, length), indices, arena());
            }
        } catch (RuntimeException e) {
            throw Decoding.failure(
                    e,
                    node.location() + " (" + id + " as " + dtype + ", taking " + indices.length + " of " + length
                            + " rows)");
        }
        if (out.length() != indices.length) {
            throw VortexException.corrupt(
                    node.location() + ": " + id + " took " + out.length() + " rows, expected " + indices.length);
        }
        return out;
    }

    /// Returns how many nodes were decoded whole and gathered because no kernel took their rows.
    int wholeDecodes() {
        return wholeDecodes;
    }

    /// Takes rows of child `i` of `node` as a primitive array of `ptype`.
    public PrimitiveArray takePrimitive(
            EncodedNode node, int i, PType ptype, boolean nullable, int length, int[] indices) {
        Array a = take(node.child(i), new DType.Primitive(ptype, nullable), length, indices);
        if (a instanceof PrimitiveArray p && p.ptype() == ptype) {
            return p;
        }
        throw VortexException.corrupt(node.location() + ": child " + i + " did not decode to " + ptype.shortName());
    }

    /// Takes rows of child `i` of `node` as integers widened to long (unsigned zero-extended).
    public long[] takeLongs(EncodedNode node, int i, PType ptype, int length, int[] indices) {
        if (!ptype.isInteger()) {
            throw VortexException.corrupt(node.location() + ": child " + i + " must be an integer type, not " + ptype);
        }
        return IntegerArrays.toLongs(takePrimitive(node, i, ptype, false, length, indices));
    }

    /// Takes rows of the validity child `i` of `node` (all valid when there is no such child).
    public Validity takeValidity(EncodedNode node, int i, DType dtype, int length, int[] indices) {
        if (i >= node.childCount()) {
            return Validity.ALL_VALID;
        }
        if (!dtype.nullable()) {
            throw VortexException.corrupt(node.location() + ": validity child on a non-nullable " + dtype);
        }
        Array a = take(node.child(i), new DType.Bool(false), length, indices);
        if (!(a instanceof BoolArray b)) {
            throw VortexException.corrupt(node.location() + ": validity child did not decode to bools");
        }
        return Validity.ofBits(b.bits());
    }

    /// Returns a new index array of `count` entries, charged to the allocation limit first (so an
    /// implausible count from corrupt input fails cleanly instead of exhausting the heap).
    public int[] indexArray(long count, String what) {
        int n = DecodeContext.checkedLength(count, what);
        allocate(4L * n, 4);
        return new int[n];
    }

    /// Returns the elements `indices` of `src`, a buffer of `width`-byte elements, as a new buffer.
    public MemorySegment gather(MemorySegment src, int width, int[] indices) {
        int n = indices.length;
        // Exactly n elements: the decoders check buffer sizes (allocate hands out at least one byte).
        MemorySegment out = allocate((long) n * width, Math.min(width, 16)).asSlice(0, (long) n * width);
        switch (width) {
            case 1 -> {
                for (int k = 0; k < n; k++) {
                    out.set(JAVA_BYTE, k, src.get(JAVA_BYTE, indices[k]));
                }
            }
            case 2 -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, k, src.getAtIndex(PrimitiveArray.LE_SHORT, indices[k]));
                }
            }
            case 4 -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, k, src.getAtIndex(PrimitiveArray.LE_INT, indices[k]));
                }
            }
            case 8 -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, k, src.getAtIndex(PrimitiveArray.LE_LONG, indices[k]));
                }
            }
            case 16 -> {
                for (int k = 0; k < n; k++) {
                    long from = (long) indices[k] << 1;
                    out.setAtIndex(PrimitiveArray.LE_LONG, (long) k << 1, src.getAtIndex(PrimitiveArray.LE_LONG, from));
                    out.setAtIndex(
                            PrimitiveArray.LE_LONG,
                            ((long) k << 1) + 1,
                            src.getAtIndex(PrimitiveArray.LE_LONG, from + 1));
                }
            }
            default -> {
                for (int k = 0; k < n; k++) {
                    MemorySegment.copy(src, (long) indices[k] * width, out, (long) k * width, width);
                }
            }
        }
        return out;
    }

    /// Runs `node`'s own decoder over the selected rows only: for an encoding whose children all
    /// have one row per row of the node and whose row `i` depends only on row `i` of them.
    public Array elementwise(EncodedNode node, DType dtype, int length, int[] indices) {
        return view(node, dtype, length, indices, null, null);
    }

    /// As [#elementwise], with the node's metadata and buffers replaced (null keeps the original).
    public Array view(
            EncodedNode node, DType dtype, int length, int[] indices, byte[] metadata, MemorySegment[] buffers) {
        ArrayDecoder decoder = EncodingRegistry.decoder(node.encoding());
        if (decoder == null) {
            return null;
        }
        return decoder.decode(new TakenView(node, length, indices, metadata, buffers), dtype, indices.length, this);
    }
}
