package dev.jvortex.arrow;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.fsst.FsstDecoder;
import dev.jvortex.encodings.onpair.OnPairDecoder;
import dev.jvortex.encodings.varbin.ConcatenatedStrings;
import dev.jvortex.encodings.varbin.StringViews;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/// A string or byte-string column read from a file straight into an Arrow vector's offsets and
/// data buffers.
///
/// ```java
/// try (VortexFile file = VortexFile.open(path);
///         BufferAllocator allocator = new RootAllocator();
///         FieldVector comments = ArrowStrings.read(file, "l_comment", 0, file.rowCount(), allocator)) {
///     VarCharVector v = (VarCharVector) comments;
/// }
/// ```
///
/// A scan decodes `vortex.fsst` and `vortex.onpair` chunks into string views, which
/// [ArrowExport] then copies row by row into Arrow's layout. Here those two encodings decompress
/// their bytes, back to back, into the Arrow data buffer itself, and the offsets come from the
/// row lengths stored beside the codes: no views and no second copy. Chunks in other encodings
/// are decoded as a scan would and copied once; a column whose layout is not a tree of flat
/// chunks (a dictionary layout) or a file whose table is nullable is read through a scan.
///
/// The vector is a `VarCharVector` (`Utf8`) or `VarBinaryVector` (`Binary`) while the rows' bytes
/// fit Arrow's 32-bit offsets and a `LargeVarCharVector`/`LargeVarBinaryVector` beyond. Chunks
/// are decoded whole: a range that starts or ends inside a chunk decodes all of it (reading
/// chunk by chunk, or the whole column, wastes nothing).
public final class ArrowStrings {
    private ArrowStrings() {}

    /// Returns the rows `[from, to)` of the string or binary column `column` as a new vector (the
    /// caller closes it).
    public static FieldVector read(VortexFile file, String column, long from, long to, BufferAllocator allocator) {
        if (!(file.dtype() instanceof DType.Struct table)) {
            throw VortexException.misuse(file.name() + " is not a table: no column '" + column + "'");
        }
        int index = table.names().indexOf(column);
        if (index < 0) {
            throw VortexException.misuse(file.name() + " has no column '" + column + "'; columns are " + table.names());
        }
        DType dtype = table.fields().get(index);
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.misuse("column '" + column + "' is " + dtype + ", not a string or binary column");
        }
        if (from < 0 || to < from || to > file.rowCount()) {
            throw VortexException.misuse("rows [" + from + ", " + to + ") are outside the file's " + file.rowCount());
        }
        LayoutNode root = file.layout();
        List<Chunk> chunks = new ArrayList<>();
        boolean flat = !table.nullable()
                && root.encoding().equals("vortex.struct")
                && index < root.children().size()
                && chunks(root.children().get(index), 0, from, to, chunks);
        if (!flat) {
            return scanned(file, column, from, to, allocator);
        }
        try (Arena arena = Arena.ofConfined()) {
            return direct(file, column, dtype, chunks, (int) (to - from), arena, allocator);
        }
    }

    /// A flat chunk holding file rows `[start, start + rows)`, of which `[from, to)` (chunk rows) are wanted.
    private record Chunk(int segment, long start, int rows, int from, int to) {}

    /// Adds the flat chunks of `node` (starting at file row `start`) that overlap `[from, to)`;
    /// false when the layout holds anything but zoned, chunked and flat layouts.
    private static boolean chunks(LayoutNode node, long start, long from, long to, List<Chunk> out) {
        long end = start + node.rowCount();
        switch (node.encoding()) {
            case "vortex.flat" -> {
                if (node.segments().length != 1 || node.rowCount() > Integer.MAX_VALUE) {
                    return false;
                }
                if (end > from && start < to) {
                    out.add(new Chunk(
                            node.segments()[0],
                            start,
                            (int) node.rowCount(),
                            (int) (Math.max(from, start) - start),
                            (int) (Math.min(to, end) - start)));
                }
                return true;
            }
            case "vortex.zoned", "vortex.stats" -> {
                return !node.children().isEmpty() && chunks(node.children().getFirst(), start, from, to, out);
            }
            case "vortex.chunked" -> {
                long at = start;
                for (LayoutNode c : node.children()) {
                    if (at < to && at + c.rowCount() > from && !chunks(c, at, from, to, out)) {
                        return false;
                    }
                    at += c.rowCount();
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private static FieldVector direct(
            VortexFile file,
            String column,
            DType dtype,
            List<Chunk> chunks,
            int rows,
            Arena arena,
            BufferAllocator allocator) {
        Decoding ctx = new Decoding(arena);
        // Step 1: each chunk's row lengths and validity (codes stay encoded).
        List<ConcatenatedStrings> parts = new ArrayList<>(chunks.size());
        long wanted = 0;
        long decoded = 0;
        for (Chunk c : chunks) {
            String where = file.name() + ", column '" + column + "', segment " + c.segment();
            EncodedNode node;
            try {
                node = SerializedArray.parse(
                                file.segments().segment(c.segment()),
                                file.footer().arraySpecs(),
                                where)
                        .root();
            } catch (RuntimeException e) {
                throw Decoding.failure(e, where);
            }
            ConcatenatedStrings s = prepare(node, dtype, c.rows(), ctx, where);
            long[] lengths = s.lengths();
            if (lengths.length != c.rows() + 1) {
                throw VortexException.corrupt(
                        where + ": " + (lengths.length - 1) + " row lengths for " + c.rows() + " rows");
            }
            long before = 0;
            for (int i = 0; i < c.from(); i++) {
                before += lengths[i];
            }
            long after = 0;
            for (int i = c.to(); i < c.rows(); i++) {
                after += lengths[i];
            }
            wanted += lengths[c.rows()] - before - after;
            decoded += lengths[c.rows()];
            parts.add(s);
        }
        boolean large = wanted > Integer.MAX_VALUE;
        Field field = field(column, dtype, large);
        FieldVector vector = field.createVector(allocator);
        List<ArrowBuf> bufs = new ArrayList<>(3);
        try {
            // Step 2: the buffers. Only the first chunk may start inside (its leading bytes are
            // decoded, then moved out) and only the last may end inside (its trailing bytes land
            // past the data).
            ArrowBuf validity = Buffers.allocate(allocator, Buffers.bitmapBytes(rows));
            ArrowBuf offsets = Buffers.allocate(allocator, (rows + 1L) * (large ? 8 : 4));
            ArrowBuf data = allocator.buffer(Math.max(8, decoded + StringViews.SLACK));
            bufs.add(validity);
            bufs.add(offsets);
            bufs.add(data);
            MemorySegment bits = Buffers.segment(validity);
            MemorySegment offs = Buffers.segment(offsets);
            MemorySegment bytes = Buffers.segment(data);
            // Step 3: decode each chunk into its place; offsets and validity from its lengths.
            long at = 0;
            long lead = 0;
            int row = 0;
            int nulls = 0;
            for (int k = 0; k < parts.size(); k++) {
                ConcatenatedStrings s = parts.get(k);
                Chunk c = chunks.get(k);
                long[] lengths = s.lengths();
                s.decodeInto(bytes.asSlice(at, lengths[c.rows()] + StringViews.SLACK));
                long pos = at;
                for (int i = 0; i < c.from(); i++) {
                    pos += lengths[i];
                }
                if (k == 0) {
                    lead = pos;
                }
                Validity v = s.validity();
                boolean allValid = v.isAllValid();
                for (int i = c.from(); i < c.to(); i++) {
                    pos += lengths[i];
                    if (large) {
                        offs.setAtIndex(PrimitiveArray.LE_LONG, row + 1L, pos - lead);
                    } else {
                        offs.setAtIndex(PrimitiveArray.LE_INT, row + 1L, (int) (pos - lead));
                    }
                    if (allValid || v.isValid(i)) {
                        bits.set(JAVA_BYTE, row >>> 3, (byte) (bits.get(JAVA_BYTE, row >>> 3) | 1 << (row & 7)));
                    } else {
                        nulls++;
                    }
                    row++;
                }
                at += lengths[c.rows()];
            }
            if (lead > 0 && wanted > 0) {
                // The first chunk started inside: move the wanted bytes to the buffer's start.
                MemorySegment.copy(bytes, lead, bytes, 0, wanted);
            }
            vector.loadFieldBuffers(new ArrowFieldNode(rows, nulls), bufs);
        } catch (RuntimeException e) {
            vector.close();
            throw e;
        } finally {
            for (ArrowBuf b : bufs) {
                b.close();
            }
        }
        return vector;
    }

    /// The chunk's strings ready to be written into caller memory: FSST and OnPair directly,
    /// anything else decoded to views and copied from them.
    private static ConcatenatedStrings prepare(EncodedNode node, DType dtype, int rows, Decoding ctx, String where) {
        try {
            if (EncodingId.FSST.is(node.encoding())) {
                return FsstDecoder.prepare(node, dtype, rows, ctx);
            }
            if (EncodingId.ONPAIR.is(node.encoding())) {
                return OnPairDecoder.prepare(node, dtype, rows, ctx);
            }
            Array a = Decoding.decodeRoot(node, dtype, rows, ctx.arena());
            if (!(a instanceof VarBinViewArray v)) {
                throw VortexException.corrupt(
                        where + ": a string chunk decoded to " + a.getClass().getSimpleName());
            }
            return new ViewStrings(v);
        } catch (RuntimeException e) {
            throw Decoding.failure(e, where);
        }
    }

    private static Field field(String name, DType dtype, boolean large) {
        ArrowType type = dtype instanceof DType.Utf8
                ? (large ? ArrowType.LargeUtf8.INSTANCE : ArrowType.Utf8.INSTANCE)
                : (large ? ArrowType.LargeBinary.INSTANCE : ArrowType.Binary.INSTANCE);
        return new Field(name, new FieldType(dtype.nullable(), type, null), null);
    }

    /// The column's rows through a scan, for layouts the direct path does not read.
    private static FieldVector scanned(VortexFile file, String column, long from, long to, BufferAllocator allocator) {
        DType dtype = ((DType.Struct) file.dtype())
                .fields()
                .get(((DType.Struct) file.dtype()).names().indexOf(column));
        try (Arena arena = Arena.ofConfined();
                Scan scan = file.scan(ScanOptions.columns(column).rows(from, to).withParallelism(1))) {
            List<Array> parts = new ArrayList<>();
            List<Batch> batches = new ArrayList<>();
            try {
                for (Batch b : scan) {
                    batches.add(b);
                    parts.add(b.column(0));
                }
                Array all = parts.size() == 1 ? parts.getFirst() : ArrayOps.concat(dtype, parts, arena);
                return ArrowExport.toVector(column, all, allocator);
            } finally {
                batches.forEach(Batch::close);
            }
        }
    }
}
