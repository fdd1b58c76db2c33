package dev.jvortex.arrow;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
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
import dev.jvortex.file.write.VortexWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/// Arrow vectors to Vortex arrays, and Arrow roots into a [VortexWriter].
///
/// ```java
/// DType.Struct schema = ArrowTypes.toVortex(root.getSchema());
/// try (VortexWriter writer = VortexWriter.create(target, schema, WriteOptions.defaults())) {
///     ArrowImport.write(writer, root); // once per batch loaded into root
///     writer.finish();
/// }
/// ```
///
/// The arrays are copies in the given arena (the Arrow vectors may be reused or closed right
/// after). Fixed-width values, bitmaps and string bytes are copied in bulk; Arrow's offsets become
/// the views and 64-bit list offsets Vortex arrays use; Arrow's view vectors (Utf8View,
/// BinaryView) share Vortex's view layout and are copied as they are. Dictionary-encoded vectors
/// are decoded (pass the reader's [DictionaryProvider]).
public final class ArrowImport {
    private ArrowImport() {}

    /// Returns the columns of `root` as Vortex arrays in `arena`.
    public static List<Array> toArrays(VectorSchemaRoot root, Arena arena) {
        return toArrays(root, null, arena);
    }

    /// Returns the columns of `root` as Vortex arrays in `arena`, decoding dictionary-encoded
    /// columns with the dictionaries of `provider` (may be null when there are none).
    public static List<Array> toArrays(VectorSchemaRoot root, DictionaryProvider provider, Arena arena) {
        List<Array> out = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
            out.add(toArray(v, provider, arena));
        }
        return out;
    }

    /// Returns one Arrow vector as a Vortex array in `arena`.
    public static Array toArray(FieldVector vector, DictionaryProvider provider, Arena arena) {
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding != null) {
            Dictionary dictionary = provider == null ? null : provider.lookup(encoding.getId());
            if (dictionary == null) {
                throw VortexException.corrupt(vector.getName() + ": dictionary " + encoding.getId()
                        + " of a dictionary-encoded column is missing");
            }
            try (ValueVector decoded = DictionaryEncoder.decode(vector, dictionary)) {
                FieldVector values = (FieldVector) decoded;
                return convert(values, ArrowTypes.toVortex(values.getField()), arena, vector.getName());
            }
        }
        return convert(vector, ArrowTypes.toVortex(vector.getField()), arena, vector.getName());
    }

    /// Appends the rows of `root` to `writer` (its schema must be [ArrowTypes#toVortex] of the root's).
    public static void write(VortexWriter writer, VectorSchemaRoot root) {
        write(writer, root, null);
    }

    /// Appends the rows of `root` to `writer`, decoding dictionary-encoded columns with `provider`.
    public static void write(VortexWriter writer, VectorSchemaRoot root, DictionaryProvider provider) {
        try (Arena arena = Arena.ofConfined()) {
            writer.write(toArrays(root, provider, arena));
        }
    }

    private static Array convert(ValueVector v, DType dtype, Arena arena, String where) {
        if (v instanceof ExtensionTypeVector<?> ext && !(dtype instanceof DType.Extension e && ArrowTypes.isUuid(e))) {
            return convert(ext.getUnderlyingVector(), dtype, arena, where);
        }
        int n = v.getValueCount();
        return switch (dtype) {
            case DType.Null _ -> new NullArray(n);
            case DType.Bool _ -> {
                BitVector b = cast(v, BitVector.class, dtype, where);
                yield new BoolArray(
                        dtype, copy(b.getDataBuffer(), Buffers.bitmapBytes(n), arena, where), n, validity(v, arena));
            }
            case DType.Primitive p -> {
                BaseFixedWidthVector f = cast(v, BaseFixedWidthVector.class, dtype, where);
                int w = p.ptype().byteWidth();
                checkWidth(f, w, dtype, where);
                yield new PrimitiveArray(
                        dtype, p.ptype(), copy(f.getDataBuffer(), (long) n * w, arena, where), n, validity(v, arena));
            }
            case DType.Decimal d -> {
                BaseFixedWidthVector f = cast(v, BaseFixedWidthVector.class, dtype, where);
                int w = f.getTypeWidth();
                if (w != 16 && w != 32) {
                    throw VortexException.unsupported(where + ": Arrow decimal of " + w + " bytes");
                }
                yield new DecimalArray(
                        d, w, copy(f.getDataBuffer(), (long) n * w, arena, where), n, validity(v, arena));
            }
            case DType.Utf8 _, DType.Binary _ -> strings(v, dtype, arena, where);
            case DType.Struct s -> {
                StructVector sv = cast(v, StructVector.class, dtype, where);
                List<FieldVector> children = sv.getChildrenFromFields();
                if (children.size() != s.size()) {
                    throw VortexException.corrupt(
                            where + ": struct vector has " + children.size() + " children, the type " + s.size());
                }
                List<Array> fields = new ArrayList<>(s.size());
                for (int i = 0; i < s.size(); i++) {
                    Array f = convert(
                            children.get(i),
                            s.fields().get(i),
                            arena,
                            where + "." + s.names().get(i));
                    if (f.length() < n) {
                        throw VortexException.corrupt(where + "." + s.names().get(i) + ": " + f.length()
                                + " values in a struct of " + n + " rows");
                    }
                    fields.add(f.length() == n ? f : ArrayOps.slice(f, 0, n, arena));
                }
                yield new StructArray(s, fields, n, validity(v, arena));
            }
            case DType.ListType l -> list(v, dtype, l.element(), arena, where);
            case DType.MapType m -> list(v, dtype, ArrayOps.mapEntry(m), arena, where);
            case DType.FixedSizeList f -> {
                FixedSizeListVector fv = cast(v, FixedSizeListVector.class, dtype, where);
                Array elements = convert(fv.getDataVector(), f.element(), arena, where + "[]");
                long want = (long) n * f.size();
                if (elements.length() < want) {
                    throw VortexException.corrupt(
                            where + ": fixed-size list child has " + elements.length() + " values, expected " + want);
                }
                if (elements.length() != want) {
                    elements = ArrayOps.slice(elements, 0, (int) want, arena);
                }
                yield new FixedSizeListArray(f, elements, n, validity(v, arena));
            }
            case DType.Extension e -> {
                if (ArrowTypes.isUuid(e)) {
                    ValueVector storage = v instanceof ExtensionTypeVector<?> x ? x.getUnderlyingVector() : v;
                    FixedSizeBinaryVector b = cast(storage, FixedSizeBinaryVector.class, dtype, where);
                    if (b.getByteWidth() != 16) {
                        throw VortexException.corrupt(where + ": a UUID of " + b.getByteWidth() + " bytes");
                    }
                    DType.FixedSizeList fsl = (DType.FixedSizeList) e.storage();
                    Array bytes = new PrimitiveArray(
                            fsl.element(),
                            dev.jvortex.core.PType.U8,
                            copy(b.getDataBuffer(), n * 16L, arena, where),
                            n * 16,
                            Validity.ALL_VALID);
                    yield new ExtensionArray(e, new FixedSizeListArray(fsl, bytes, n, validity(b, arena)));
                }
                yield new ExtensionArray(e, convert(v, e.storage(), arena, where));
            }
            case DType.Variant _, DType.Union _ ->
                throw VortexException.unsupported(where + ": " + dtype + " cannot come from Arrow");
        };
    }

    private static Array list(ValueVector v, DType dtype, DType element, Arena arena, String where) {
        int n = v.getValueCount();
        MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
        ValueVector child;
        if (v instanceof ListVector lv) { // MapVector too
            child = lv.getDataVector();
            if (n > 0) {
                MemorySegment src = Buffers.segment(lv.getOffsetBuffer(), (n + 1L) * 4, where);
                for (int i = 0; i <= n; i++) {
                    offsets.setAtIndex(PrimitiveArray.LE_LONG, i, src.getAtIndex(PrimitiveArray.LE_INT, i));
                }
            }
        } else if (v instanceof LargeListVector lv) {
            child = lv.getDataVector();
            if (n > 0) {
                MemorySegment.copy(
                        Buffers.segment(lv.getOffsetBuffer(), (n + 1L) * 8, where), 0, offsets, 0, (n + 1L) * 8);
            }
        } else {
            throw mismatch(v, dtype, where);
        }
        Array elements = convert(child, element, arena, where + "[]");
        long prev = n == 0 ? 0 : offsets.getAtIndex(PrimitiveArray.LE_LONG, 0);
        if (prev < 0) {
            throw VortexException.corrupt(where + ": negative list offset " + prev);
        }
        for (int i = 1; i <= n; i++) {
            long o = offsets.getAtIndex(PrimitiveArray.LE_LONG, i);
            if (o < prev || o > elements.length()) {
                throw VortexException.corrupt(where + ": list offset " + o + " at row " + (i - 1)
                        + " is out of order or past " + elements.length() + " elements");
            }
            prev = o;
        }
        return new ListArray(dtype, offsets, elements, n, validity(v, arena));
    }

    private static Array strings(ValueVector v, DType dtype, Arena arena, String where) {
        int n = v.getValueCount();
        Validity validity = validity(v, arena);
        if (v instanceof BaseVariableWidthViewVector view) {
            // Arrow's view layout is Vortex's: copy the views and the data buffers as they are.
            MemorySegment views = copy(view.getDataBuffer(), (long) n * VarBinViewArray.VIEW_SIZE, arena, where);
            List<ArrowBuf> data = view.getDataBuffers();
            MemorySegment[] buffers = new MemorySegment[Math.max(1, data.size())];
            buffers[0] = arena.allocate(1);
            for (int i = 0; i < data.size(); i++) {
                ArrowBuf b = data.get(i);
                buffers[i] = copy(b, b.capacity(), arena, where);
            }
            checkViews(views, buffers, n, where);
            return new VarBinViewArray(dtype, views, buffers, n, validity);
        }
        long[] starts = new long[n + 1];
        MemorySegment data;
        if (v instanceof BaseVariableWidthVector vw) {
            if (n > 0) {
                MemorySegment o = Buffers.segment(vw.getOffsetBuffer(), (n + 1L) * 4, where);
                for (int i = 0; i <= n; i++) {
                    starts[i] = o.getAtIndex(PrimitiveArray.LE_INT, i);
                }
            }
            data = Buffers.segment(vw.getDataBuffer());
        } else if (v instanceof BaseLargeVariableWidthVector vw) {
            if (n > 0) {
                MemorySegment o = Buffers.segment(vw.getOffsetBuffer(), (n + 1L) * 8, where);
                for (int i = 0; i <= n; i++) {
                    starts[i] = o.getAtIndex(PrimitiveArray.LE_LONG, i);
                }
            }
            data = Buffers.segment(vw.getDataBuffer());
        } else if (v instanceof FixedSizeBinaryVector fb) {
            int w = fb.getByteWidth();
            for (int i = 0; i <= n; i++) {
                starts[i] = (long) i * w;
            }
            data = Buffers.segment(fb.getDataBuffer());
        } else {
            throw mismatch(v, dtype, where);
        }
        long first = starts[0];
        long last = starts[n];
        if (first < 0 || last < first || last > data.byteSize()) {
            throw VortexException.corrupt(where + ": string offsets [" + first + ", " + last
                    + "] outside the data buffer of " + data.byteSize() + " bytes");
        }
        if (last - first > 0xFFFF_FFFFL) {
            throw VortexException.unsupported(where + ": more than 4 GiB of string data in one batch");
        }
        MemorySegment bytes = arena.allocate(Math.max(1, last - first));
        MemorySegment.copy(data, first, bytes, 0, last - first);
        MemorySegment views = arena.allocate(Math.max(16L, (long) n * VarBinViewArray.VIEW_SIZE), 16);
        for (int i = 0; i < n; i++) {
            long s = starts[i];
            long e = starts[i + 1];
            if (e < s || e > last) {
                throw VortexException.corrupt(where + ": string offsets out of order at row " + i);
            }
            int size = (int) (e - s);
            long at = (long) i * VarBinViewArray.VIEW_SIZE;
            views.set(PrimitiveArray.LE_INT, at, size);
            if (size <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(bytes, s - first, views, at + 4, size);
            } else {
                MemorySegment.copy(bytes, s - first, views, at + 4, 4);
                views.set(PrimitiveArray.LE_INT, at + 8, 0);
                views.set(PrimitiveArray.LE_INT, at + 12, (int) (s - first));
            }
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {bytes}, n, validity);
    }

    /// Checks that every out-of-line view points inside its data buffer.
    private static void checkViews(MemorySegment views, MemorySegment[] buffers, int n, String where) {
        for (int i = 0; i < n; i++) {
            long at = (long) i * VarBinViewArray.VIEW_SIZE;
            int size = views.get(PrimitiveArray.LE_INT, at);
            if (size < 0) {
                throw VortexException.corrupt(where + ": view of row " + i + " has negative size " + size);
            }
            if (size > VarBinViewArray.MAX_INLINED) {
                int buffer = views.get(PrimitiveArray.LE_INT, at + 8);
                long offset = Integer.toUnsignedLong(views.get(PrimitiveArray.LE_INT, at + 12));
                if (buffer < 0 || buffer >= buffers.length || offset + size > buffers[buffer].byteSize()) {
                    throw VortexException.corrupt(where + ": view of row " + i + " points past its data buffer");
                }
            }
        }
    }

    private static Validity validity(ValueVector v, Arena arena) {
        int n = v.getValueCount();
        int nulls = v.getNullCount();
        if (nulls == 0) {
            return Validity.ALL_VALID;
        }
        if (nulls == n) {
            return Validity.allInvalid();
        }
        long bytes = Buffers.bitmapBytes(n);
        MemorySegment bits = arena.allocate(Math.max(8, (bytes + 7) & ~7L), 8);
        MemorySegment.copy(Buffers.segment(v.getValidityBuffer(), bytes, v.getName()), 0, bits, 0, bytes);
        return Validity.ofBits(bits);
    }

    private static MemorySegment copy(ArrowBuf buf, long bytes, Arena arena, String where) {
        MemorySegment out = arena.allocate(Math.max(8, (bytes + 7) & ~7L), 8);
        if (bytes > 0) {
            MemorySegment.copy(Buffers.segment(buf, bytes, where), 0, out, 0, bytes);
        }
        return out;
    }

    private static void checkWidth(BaseFixedWidthVector f, int width, DType dtype, String where) {
        if (f.getTypeWidth() != width) {
            throw VortexException.corrupt(
                    where + ": Arrow vector of " + f.getTypeWidth() + "-byte values for " + dtype);
        }
    }

    private static <T> T cast(ValueVector v, Class<T> type, DType dtype, String where) {
        if (!type.isInstance(v)) {
            throw mismatch(v, dtype, where);
        }
        return type.cast(v);
    }

    private static VortexException mismatch(ValueVector v, DType dtype, String where) {
        return VortexException.unsupported(
                where + ": Arrow " + v.getClass().getSimpleName() + " cannot be read as " + dtype);
    }
}
