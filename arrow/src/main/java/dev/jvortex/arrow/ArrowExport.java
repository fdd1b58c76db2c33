package dev.jvortex.arrow;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

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
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;

/// Vortex arrays to Arrow vectors.
///
/// ```java
/// try (VortexFile file = VortexFile.open(path);
///         BufferAllocator allocator = new RootAllocator();
///         Scan scan = file.scan()) {
///     for (Batch batch : scan) {
///         try (batch; VectorSchemaRoot root = ArrowExport.toRoot(batch, allocator)) {
///             // use root
///         }
///     }
/// }
/// ```
///
/// The vectors own their memory (they outlive the batch). Values are copied once, in bulk where
/// the layouts agree: validity bitmaps, booleans, fixed-width numbers, dates, times, timestamps
/// and same-width decimals go buffer to buffer with `MemorySegment.copy` into the Arrow buffers'
/// memory; strings and byte strings are written straight into Arrow's offsets and data buffers
/// from the decoded views; list offsets are narrowed to Arrow's 32 bits. Types map as
/// [ArrowTypes] says.
public final class ArrowExport {
    private ArrowExport() {}

    /// Returns the columns of `batch` as a new root (the caller closes it).
    public static VectorSchemaRoot toRoot(Batch batch, BufferAllocator allocator) {
        List<Array> columns = new ArrayList<>(batch.columnCount());
        for (int i = 0; i < batch.columnCount(); i++) {
            columns.add(batch.column(i));
        }
        return toRoot(batch.columnNames(), columns, allocator);
    }

    /// Returns named arrays of equal length as a new root (the caller closes it).
    public static VectorSchemaRoot toRoot(List<String> names, List<Array> columns, BufferAllocator allocator) {
        if (names.size() != columns.size()) {
            throw VortexException.misuse(names.size() + " names for " + columns.size() + " columns");
        }
        int rows = columns.isEmpty() ? 0 : columns.getFirst().length();
        List<FieldVector> vectors = new ArrayList<>(columns.size());
        List<Field> fields = new ArrayList<>(columns.size());
        try {
            for (int i = 0; i < columns.size(); i++) {
                Array a = columns.get(i);
                if (a.length() != rows) {
                    throw VortexException.misuse(
                            "column '" + names.get(i) + "' has " + a.length() + " rows, expected " + rows);
                }
                // The schema keeps our child names (`item`), which Arrow's list vectors rename.
                fields.add(ArrowTypes.toArrow(names.get(i), a.dtype()));
                vectors.add(toVector(names.get(i), a, allocator));
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(fields, vectors, rows);
    }

    /// Returns `array` as a new Arrow vector named `name` (the caller closes it).
    public static FieldVector toVector(String name, Array array, BufferAllocator allocator) {
        Field field = ArrowTypes.toArrow(name, array.dtype());
        FieldVector vector = field.createVector(allocator);
        try (Arena scratch = Arena.ofConfined()) {
            load(vector, array, allocator, scratch);
        } catch (RuntimeException e) {
            vector.close();
            throw e;
        }
        return vector;
    }

    private static void load(FieldVector vector, Array array, BufferAllocator allocator, Arena scratch) {
        int n = array.length();
        List<ArrowBuf> bufs = new ArrayList<>(3);
        try {
            switch (array) {
                case NullArray _ -> {}
                case BoolArray b -> {
                    bufs.add(Buffers.validity(b.validity(), n, allocator));
                    bufs.add(Buffers.copyOf(
                            b.bits(), Math.min(Buffers.bitmapBytes(n), b.bits().byteSize()), allocator));
                }
                case PrimitiveArray p -> {
                    bufs.add(Buffers.validity(p.validity(), n, allocator));
                    bufs.add(Buffers.copyOf(p.data(), (long) n * p.ptype().byteWidth(), allocator));
                }
                case DecimalArray d -> {
                    bufs.add(Buffers.validity(d.validity(), n, allocator));
                    bufs.add(decimals(d, d.dtype().precision() <= 38 ? 16 : 32, allocator));
                }
                case VarBinViewArray v -> {
                    bufs.add(Buffers.validity(v.validity(), n, allocator));
                    strings(v, allocator, bufs);
                }
                case StructArray s -> {
                    bufs.add(Buffers.validity(s.validity(), n, allocator));
                    List<FieldVector> children = vector.getChildrenFromFields();
                    for (int i = 0; i < s.fields().size(); i++) {
                        load(children.get(i), s.field(i), allocator, scratch);
                    }
                }
                case ListArray l -> {
                    bufs.add(Buffers.validity(l.validity(), n, allocator));
                    long first = n == 0 ? 0 : l.start(0);
                    long last = n == 0 ? 0 : l.end(n - 1);
                    if (last - first > Integer.MAX_VALUE) {
                        throw VortexException.unsupported(vector.getName() + ": a batch of lists with " + (last - first)
                                + " elements does not fit Arrow's 32-bit list offsets");
                    }
                    ArrowBuf offsets = Buffers.allocate(allocator, (n + 1L) * 4);
                    bufs.add(offsets);
                    MemorySegment o = Buffers.segment(offsets);
                    for (int i = 0; i <= n; i++) {
                        long off = (i == 0 ? first : l.end(i - 1)) - first;
                        o.setAtIndex(PrimitiveArray.LE_INT, i, (int) off);
                    }
                    Array elements = l.elements();
                    if (first != 0 || last != elements.length()) {
                        elements = ArrayOps.slice(elements, (int) first, (int) (last - first), scratch);
                    }
                    load(vector.getChildrenFromFields().getFirst(), elements, allocator, scratch);
                }
                case FixedSizeListArray f -> {
                    bufs.add(Buffers.validity(f.validity(), n, allocator));
                    Array elements = f.elements();
                    long want = (long) n * f.size();
                    if (elements.length() != want) {
                        elements = ArrayOps.slice(elements, 0, (int) want, scratch);
                    }
                    load(vector.getChildrenFromFields().getFirst(), elements, allocator, scratch);
                }
                case ExtensionArray e -> {
                    if (ArrowTypes.isUuid(e.dtype())) {
                        FixedSizeListArray f = (FixedSizeListArray) e.storage();
                        PrimitiveArray bytes = (PrimitiveArray) f.elements();
                        bufs.add(Buffers.validity(f.validity(), n, allocator));
                        bufs.add(Buffers.copyOf(bytes.data(), n * 16L, allocator));
                    } else {
                        load(vector, e.storage(), allocator, scratch);
                        return;
                    }
                }
            }
            vector.loadFieldBuffers(new ArrowFieldNode(n, array.validity().nullCount(n)), bufs);
        } finally {
            for (ArrowBuf b : bufs) {
                b.close();
            }
        }
    }

    /// Widens or narrows two's-complement decimals to Arrow's `width` bytes (a bulk copy when equal).
    private static ArrowBuf decimals(DecimalArray d, int width, BufferAllocator allocator) {
        int n = d.length();
        int w = d.byteWidth();
        if (w == width) {
            return Buffers.copyOf(d.data(), (long) n * w, allocator);
        }
        ArrowBuf buf = Buffers.allocate(allocator, (long) n * width);
        MemorySegment dst = Buffers.segment(buf);
        MemorySegment src = d.data();
        int keep = Math.min(w, width);
        for (int i = 0; i < n; i++) {
            long s = (long) i * w;
            long t = (long) i * width;
            MemorySegment.copy(src, s, dst, t, keep);
            if (width > w && src.get(JAVA_BYTE, s + w - 1) < 0) {
                dst.asSlice(t + w, width - w).fill((byte) 0xFF);
            }
        }
        return buf;
    }

    /// Writes offsets and data buffers (Arrow's Utf8/Binary layout) from views.
    private static void strings(VarBinViewArray v, BufferAllocator allocator, List<ArrowBuf> bufs) {
        int n = v.length();
        ViewStrings rows = new ViewStrings(v);
        long[] lengths = rows.lengths();
        long total = lengths[n];
        if (total > Integer.MAX_VALUE) {
            throw VortexException.unsupported("a batch of strings with " + total
                    + " bytes does not fit Arrow's 32-bit offsets; scan with fewer rows per batch");
        }
        ArrowBuf offsets = Buffers.allocate(allocator, (n + 1L) * 4);
        bufs.add(offsets);
        ArrowBuf data = Buffers.allocate(allocator, total);
        bufs.add(data);
        MemorySegment o = Buffers.segment(offsets);
        int pos = 0;
        for (int i = 0; i < n; i++) {
            pos += (int) lengths[i];
            o.setAtIndex(PrimitiveArray.LE_INT, i + 1L, pos);
        }
        // Views copy exactly their bytes: no slack needed after the data.
        rows.decodeInto(Buffers.segment(data));
    }
}
