package dev.jvortex.encodings.canonical;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.list.ListMetadata;
import dev.jvortex.encodings.list.ListViewMetadata;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Encodes canonical arrays as the canonical encodings (`vortex.primitive`, `vortex.bool`,
/// `vortex.varbinview`, ...): the inverse of [CanonicalDecoders], without compression.
public final class CanonicalEncoder {
    private CanonicalEncoder() {}

    /// Returns the write tree of `a`.
    public static WriteNode encode(Array a) {
        return switch (a) {
            case NullArray n -> WriteNode.of(EncodingId.NULL.id(), new byte[0]);
            case BoolArray b ->
                new WriteNode(
                        EncodingId.BOOL.id(),
                        new byte[0],
                        List.of(new WriteNode.Buffer(exactBits(b.bits(), b.length()), 1)),
                        validity(b.dtype(), b.validity(), b.length()));
            case PrimitiveArray p -> {
                int w = p.ptype().byteWidth();
                yield new WriteNode(
                        EncodingId.PRIMITIVE.id(),
                        new byte[0],
                        List.of(new WriteNode.Buffer(p.data().asSlice(0, (long) p.length() * w), w)),
                        validity(p.dtype(), p.validity(), p.length()));
            }
            case DecimalArray d -> {
                int type = Integer.numberOfTrailingZeros(d.byteWidth());
                byte[] meta = new DecimalMetadata(type).write();
                yield new WriteNode(
                        EncodingId.DECIMAL.id(),
                        meta,
                        List.of(new WriteNode.Buffer(
                                d.data().asSlice(0, (long) d.length() * d.byteWidth()), Math.min(16, d.byteWidth()))),
                        validity(d.dtype(), d.validity(), d.length()));
            }
            case VarBinViewArray s -> {
                List<WriteNode.Buffer> bufs = new ArrayList<>();
                for (MemorySegment data : s.buffers()) {
                    bufs.add(new WriteNode.Buffer(data, 1));
                }
                bufs.add(new WriteNode.Buffer(s.views().asSlice(0, s.length() * 16L), 16));
                yield new WriteNode(
                        EncodingId.VARBINVIEW.id(), new byte[0], bufs, validity(s.dtype(), s.validity(), s.length()));
            }
            case StructArray s -> {
                List<WriteNode> kids = new ArrayList<>(validity(s.dtype(), s.validity(), s.length()));
                for (Array f : s.fields()) {
                    kids.add(encode(f));
                }
                yield new WriteNode(EncodingId.STRUCT.id(), new byte[0], List.of(), kids);
            }
            case ListArray l -> {
                if (l.dtype() instanceof DType.MapType m) {
                    // The reference requires map entries as a list view.
                    DType.ListType lt = new DType.ListType(ArrayOps.mapEntry(m), m.nullable());
                    yield new WriteNode(
                            EncodingId.MAP.id(),
                            new byte[0],
                            List.of(),
                            List.of(listView(new ListArray(lt, l.offsets(), l.elements(), l.length(), l.validity()))));
                }
                byte[] meta = new ListMetadata(l.elements().length(), PType.I64.code()).write();
                List<WriteNode> kids = new ArrayList<>();
                kids.add(encode(l.elements()));
                kids.add(encode(new PrimitiveArray(
                        new DType.Primitive(PType.I64, false),
                        PType.I64,
                        l.offsets().asSlice(0, (l.length() + 1L) * 8),
                        l.length() + 1,
                        Validity.ALL_VALID)));
                kids.addAll(validity(l.dtype(), l.validity(), l.length()));
                yield new WriteNode(EncodingId.LIST.id(), meta, List.of(), kids);
            }
            case FixedSizeListArray f -> {
                List<WriteNode> kids = new ArrayList<>();
                kids.add(encode(f.elements()));
                kids.addAll(validity(f.dtype(), f.validity(), f.length()));
                yield new WriteNode(EncodingId.FIXED_SIZE_LIST.id(), new byte[0], List.of(), kids);
            }
            case ExtensionArray e -> WriteNode.of(EncodingId.EXT.id(), new byte[0], encode(e.storage()));
        };
    }

    /// Encodes a list as `vortex.listview`: i64 offsets and sizes.
    public static WriteNode listView(ListArray l) {
        int n = l.length();
        MemorySegment sizes = MemorySegment.ofArray(new byte[Math.max(8, n * 8)]);
        for (int i = 0; i < n; i++) {
            sizes.setAtIndex(PrimitiveArray.LE_LONG, i, l.end(i) - l.start(i));
        }
        DType i64 = new DType.Primitive(PType.I64, false);
        byte[] meta = new ListViewMetadata(l.elements().length(), PType.I64.code(), PType.I64.code()).write();
        List<WriteNode> kids = new ArrayList<>();
        kids.add(encode(l.elements()));
        kids.add(encode(new PrimitiveArray(i64, PType.I64, l.offsets().asSlice(0, n * 8L), n, Validity.ALL_VALID)));
        kids.add(encode(new PrimitiveArray(i64, PType.I64, sizes.asSlice(0, n * 8L), n, Validity.ALL_VALID)));
        kids.addAll(validity(l.dtype(), l.validity(), n));
        return new WriteNode(EncodingId.LISTVIEW.id(), meta, List.of(), kids);
    }

    /// Returns the validity child list (empty when the type is not nullable or every row is valid).
    public static List<WriteNode> validity(DType dtype, Validity v, int length) {
        if (v.isAllValid()) {
            return List.of();
        }
        if (!dtype.nullable()) {
            if (v.nullCount(length) > 0) {
                throw VortexException.misuse("nulls in a non-nullable " + dtype + " column");
            }
            return List.of();
        }
        if (v.isAllInvalid()) {
            return List.of(constant(new Scalar(new DType.Bool(false), Boolean.FALSE)));
        }
        return List.of(new WriteNode(
                EncodingId.BOOL.id(),
                new byte[0],
                List.of(new WriteNode.Buffer(exactBits(v.bits(), length), 1)),
                List.of()));
    }

    /// Returns a `vortex.constant` node holding `value`.
    public static WriteNode constant(Scalar value) {
        return new WriteNode(
                EncodingId.CONSTANT.id(),
                new byte[0],
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(value.encode()), 1)),
                List.of());
    }

    private static MemorySegment exactBits(MemorySegment bits, int length) {
        return bits.asSlice(0, Bits.byteLength(length));
    }
}
