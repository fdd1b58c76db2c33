package dev.jvortex.file;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.file.io.LocalReadSource;
import dev.jvortex.file.io.ReadSource;
import dev.jvortex.file.io.ReadStatistics;
import dev.jvortex.file.layout.LayoutReader;
import dev.jvortex.file.layout.Layouts;
import dev.jvortex.file.layout.ReadContext;
import dev.jvortex.file.layout.Shared;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.DTypes;
import dev.jvortex.format.Footer;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.Postscript;
import dev.jvortex.format.SegmentSpec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/// An open Vortex file: memory-mapped, its footer parsed and checked.
///
/// ```java
/// try (VortexFile file = VortexFile.open(Path.of("data.vortex"));
///      Scan scan = file.scan(ScanOptions.columns("id", "name"))) {
///     for (Batch batch : scan) {
///         try (batch) {
///             PrimitiveArray ids = (PrimitiveArray) batch.column("id");
///             ...
///         }
///     }
/// }
/// ```
///
/// Closing the file unmaps it; arrays that still point into the mapping then fail on access
/// with the FFM "already closed" error. A remote file ([#open(ReadSource)]) holds fetched bytes
/// in memory the garbage collector frees, so its arrays stay readable after close; new reads fail.
public final class VortexFile implements AutoCloseable {
    /// The magic bytes at the start and end of every file.
    public static final int MAGIC = 0x46585456; // "VTXF" read little-endian
    /// The only file-format version this reader accepts.
    public static final int VERSION = 1;
    /// Size of the end-of-file marker: version, postscript length, magic.
    public static final int EOF_SIZE = 8;

    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final String name;
    private final ReadSource source;
    /// The whole file when it is mapped (local files, memory), else null.
    private final MemorySegment data;
    /// The file's last bytes, holding the postscript and the sections it points to.
    private final MemorySegment tail;
    private final long tailStart;
    private final long size;
    private final SegmentFetcher fetcher;
    private volatile boolean closed;
    private final Postscript postscript;
    private final Footer footer;
    private final DType dtype;
    private final LayoutNode layout;
    private final List<ArrayStats> statistics;

    private VortexFile(ReadSource source) {
        this.source = source;
        this.name = source.name();
        this.data = source.mapping();
        MemorySegment end;
        long size;
        if (data != null) {
            end = data;
            size = data.byteSize();
        } else {
            // One request for the tail and the size; typical footers fit (FetchOptions#tailBytes).
            ReadSource.Tail t = source.readTail(source.fetchOptions().tailBytes());
            end = t.bytes();
            size = t.size();
        }
        this.size = size;
        if (size < 4 + EOF_SIZE) {
            throw corrupt("file of " + size + " bytes is too short to be a Vortex file");
        }
        if (end.byteSize() < Math.min(size, 4 + EOF_SIZE)) {
            throw new VortexException(
                    VortexException.Kind.IO,
                    name + ": the tail read returned " + end.byteSize() + " bytes of a " + size + "-byte file");
        }
        long endStart = size - end.byteSize();
        // A remote read checks the leading magic only when the tail read reached it.
        if (endStart == 0 && end.get(LE_INT, 0) != MAGIC) {
            throw corrupt("does not start with the VTXF magic");
        }
        if (end.get(LE_INT, size - endStart - 4) != MAGIC) {
            throw corrupt("does not end with the VTXF magic (truncated or not a Vortex file)");
        }
        int version = Short.toUnsignedInt(end.get(LE_SHORT, size - endStart - 8));
        if (version != VERSION) {
            throw new VortexException(
                    VortexException.Kind.UNSUPPORTED,
                    name + ": file format version " + version + " is not supported (expected " + VERSION + ")");
        }
        int psLen = Short.toUnsignedInt(end.get(LE_SHORT, size - endStart - 6));
        if (psLen > size - EOF_SIZE - 4) {
            throw corrupt("postscript length " + psLen + " exceeds the file");
        }
        try {
            long psStart = size - EOF_SIZE - psLen;
            if (psStart < endStart) {
                end = extend(end, endStart, psStart);
                endStart = psStart;
            }
            this.postscript = Postscript.read(end.asSlice(psStart - endStart, psLen));
            long first = endStart;
            for (SegmentSpec s : new SegmentSpec[] {
                postscript.footer(), postscript.dtype(), postscript.layout(), postscript.statistics()
            }) {
                if (s != null && s.offset() >= 0 && s.offset() < first) {
                    first = s.offset();
                }
            }
            if (first < endStart) {
                // The metadata did not fit in the speculative tail: one more request for the rest.
                end = extend(end, endStart, first);
                endStart = first;
            }
            this.tail = end;
            this.tailStart = endStart;
            this.footer = Footer.read(section(postscript.footer(), "footer"));
            if (postscript.dtype() == null) {
                throw VortexException.unsupported("the file does not store its dtype");
            }
            this.dtype = DTypes.readFlatbuffer(section(postscript.dtype(), "dtype"));
            int n = footer.segments().size();
            long[] offsets = new long[n];
            long[] lengths = new long[n];
            for (int i = 0; i < n; i++) {
                SegmentSpec s = footer.segments().get(i);
                if (s.offset() + s.length() > size || s.offset() + s.length() < 0) {
                    throw VortexException.corrupt("segment " + i + " [" + s.offset() + ", +" + s.length()
                            + ") lies past the end of the " + size + "-byte file");
                }
                offsets[i] = s.offset();
                lengths[i] = s.length();
            }
            this.fetcher = data == null ? new SegmentFetcher(source, offsets, lengths) : null;
            this.layout = LayoutNode.read(section(postscript.layout(), "layout"), footer);
            this.statistics = postscript.statistics() == null
                    ? List.of()
                    : ArrayStats.readFileStatistics(section(postscript.statistics(), "statistics"));
        } catch (VortexException e) {
            throw e.kind() == VortexException.Kind.IO ? e : e.at(name);
        }
    }

    /// Returns `end` (the bytes from `endStart`) preceded by the bytes from `from`: one request.
    private MemorySegment extend(MemorySegment end, long endStart, long from) {
        MemorySegment before = source.read(from, endStart - from);
        MemorySegment all = Arena.ofAuto().allocate(end.byteSize() + before.byteSize());
        MemorySegment.copy(before, 0, all, 0, before.byteSize());
        MemorySegment.copy(end, 0, all, before.byteSize(), end.byteSize());
        return all;
    }

    private MemorySegment section(SegmentSpec s, String what) {
        if (s.offset() < 0 || s.length() > size || s.offset() > size - s.length()) {
            throw VortexException.corrupt(what + " flatbuffer [" + s.offset() + ", +" + s.length()
                    + ") lies outside the " + size + "-byte file");
        }
        return tail.asSlice(s.offset() - tailStart, s.length());
    }

    private VortexException corrupt(String what) {
        return VortexException.corrupt(name + ": " + what);
    }

    /// Opens and maps a file. Fails with a [VortexException] naming the problem if the file is not valid.
    /// An interrupt pending on the calling thread neither fails the open nor is cleared by it.
    public static VortexFile open(Path path) {
        // Opening maps the file through a FileChannel, which an interrupt flag set on the calling
        // thread (perhaps long ago, by code it ran before) would close at once with
        // ClosedByInterruptException. Mapping does not block, so the flag is kept for the caller's
        // next blocking call instead.
        boolean interrupted = Thread.interrupted();
        try {
            return open(LocalReadSource.open(path));
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /// Opens a file over `source` (a local file, or a remote one from `jvortex-remote`), which
    /// the file then owns and closes. A remote file is opened with one request for its tail (two
    /// when its metadata is larger than [dev.jvortex.file.io.FetchOptions#tailBytes()]); its
    /// segments are fetched as scans need them.
    public static VortexFile open(ReadSource source) {
        try {
            return new VortexFile(source);
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /// Opens a file held in memory (the segment must stay valid while the file is open).
    public static VortexFile open(MemorySegment bytes, String name) {
        return new VortexFile(LocalReadSource.of(bytes, name));
    }

    /// Returns the file name used in messages.
    public String name() {
        return name;
    }

    /// Returns the file's logical type (a struct for tables).
    public DType dtype() {
        return dtype;
    }

    /// Returns the number of rows.
    public long rowCount() {
        return layout.rowCount();
    }

    /// Returns the root of the layout tree.
    public LayoutNode layout() {
        return layout;
    }

    /// Returns the footer (id tables and segment map).
    public Footer footer() {
        return footer;
    }

    /// Returns the postscript.
    public Postscript postscript() {
        return postscript;
    }

    /// Returns the file size in bytes.
    public long size() {
        return size;
    }

    /// Returns where the bytes come from.
    public ReadSource source() {
        return source;
    }

    /// Returns what reading this file cost so far: requests, bytes requested and used, cache
    /// hits and retries (all zero for a mapped local file).
    public ReadStatistics readStatistics() {
        return source.counters().snapshot();
    }

    /// Returns the segment fetcher of a remote file, or null for a mapped one.
    SegmentFetcher fetcher() {
        return fetcher;
    }

    /// Returns the raw per-field statistics (one per top-level field of a struct, else one).
    public List<ArrayStats> rawStatistics() {
        return statistics;
    }

    /// Returns the statistics of top-level field `i`, decoded with its type, or null if there are none.
    public ColumnStatistics statistics(int field) {
        if (field < 0 || field >= statistics.size()) {
            return null;
        }
        DType t = dtype instanceof DType.Struct s ? s.fields().get(field) : dtype;
        return ColumnStatistics.of(statistics.get(field), t);
    }

    /// Reads the zone map of top-level column `column`, or returns null when the column has no
    /// zone map whose statistics this reader understands. Close the result to free its memory.
    public ZoneMap zoneMap(String column) {
        int idx = columnNames().indexOf(column);
        if (idx < 0) {
            throw VortexException.misuse(name + ": no column '" + column + "'; columns are " + columnNames());
        }
        LayoutReader root = newReader();
        @SuppressWarnings("MustBeClosedChecker") // handed to the ZoneMap, closed on failure
        Arena zoneArena = Arena.ofShared();
        ReadContext ctx = new ReadContext(zoneArena);
        try {
            LayoutReader col = root instanceof dev.jvortex.file.layout.StructReader s && dtype instanceof DType.Struct
                    ? s.field(idx)
                    : root;
            if (!(col instanceof dev.jvortex.file.layout.ZonedReader z) || !z.hasZoneTable() || z.zoneLength() == 0) {
                ctx.releaseHeld();
                zoneArena.close();
                return null;
            }
            return new ZoneMap(z.zoneLength(), z.rowCount(), z.readZones(ctx), () -> {
                ctx.releaseHeld();
                zoneArena.close();
            });
        } catch (RuntimeException e) {
            ctx.releaseHeld();
            zoneArena.close();
            throw failure(e, "zone map of column '" + column + "'");
        } finally {
            root.close();
        }
    }

    /// Returns a new layout reader over the whole file (the caller closes it).
    LayoutReader newReader() {
        ensureOpen();
        return Layouts.reader(layout, dtype, segments());
    }

    /// Returns true until the file is closed (for a file over caller-owned memory: while that
    /// memory is alive).
    public boolean isOpen() {
        return data != null ? data.scope().isAlive() : !closed;
    }

    private void ensureOpen() {
        if (!isOpen()) {
            throw closed(null);
        }
    }

    private VortexException closed(Throwable cause) {
        return VortexException.misuse(name + ": the file is closed", cause);
    }

    /// Returns what to throw for `e`, raised while reading `where` (see [Decoding#failure]): an
    /// error naming the closed file if this file was closed under the read (the FFM "already
    /// closed" error, or anything else its unmapped bytes set off), else the classification of
    /// [Decoding#failure] with this file's name in front.
    VortexException failure(RuntimeException e, String where) {
        if (!isOpen()
                && !(e instanceof VortexException v
                        && (v.kind() == VortexException.Kind.CORRUPT
                                || v.kind() == VortexException.Kind.UNSUPPORTED))) {
            if (closedUnderThisThread(e)) {
                // Closing the mapping's shared arena under this thread's read delivered the FFM
                // error to it asynchronously, and the JVM sets a thread's interrupt flag when it
                // does that (to wake it from a wait): nobody interrupted this thread, and left
                // set, the flag would make its next FileChannel operation (a later open) fail.
                Thread.interrupted();
            }
            return closed(e);
        }
        return Decoding.failure(e, name + ": " + where);
    }

    /// Whether `e` is (or wraps) the FFM error of memory closed under a read on this thread, not
    /// yet reported as a closed file (a split read on a pool thread reports it there).
    private static boolean closedUnderThisThread(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof VortexException v && v.kind() == VortexException.Kind.MISUSE) {
                return false;
            }
            if (t instanceof IllegalStateException && "Already closed".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /// Returns the segment source of this file.
    public SegmentSource segments() {
        return new SegmentSource() {
            @Override
            public MemorySegment segment(int id) {
                // No keeper: a remote segment is copied to memory the garbage collector frees
                // (the layout readers use the variant below).
                return segment(id, null);
            }

            @Override
            public MemorySegment segment(int id, Consumer<Shared> keeper) {
                ensureOpen();
                if (id < 0 || id >= footer.segments().size()) {
                    throw VortexException.corrupt(name + ": segment " + id + " does not exist");
                }
                SegmentSpec s = footer.segments().get(id);
                if (data != null) {
                    return data.asSlice(s.offset(), s.length());
                }
                MemorySegment bytes;
                if (keeper == null) {
                    Shared[] held = new Shared[1];
                    MemorySegment view = fetcher.segment(id, r -> held[0] = r);
                    try {
                        bytes = Arena.ofAuto()
                                .allocate(Math.max(1, view.byteSize()), 16)
                                .asSlice(0, view.byteSize());
                        MemorySegment.copy(view, 0, bytes, 0, view.byteSize());
                    } finally {
                        held[0].release();
                    }
                } else {
                    bytes = fetcher.segment(id, keeper);
                }
                source.counters().used(bytes.byteSize());
                return bytes;
            }

            @Override
            public List<String> arraySpecs() {
                return footer.arraySpecs();
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /// Plans a scan: projection, filter, pruning and splits, without decoding anything.
    public ScanPlan plan(ScanOptions options) {
        ensureOpen();
        return new ScanPlan(this, options);
    }

    /// Starts a scan (see [ScanPlan#scan()]): by default on every available processor, batches
    /// in file order.
    public Scan scan(ScanOptions options) {
        return plan(options).scan();
    }

    /// Starts a scan of every column and row.
    public Scan scan() {
        return scan(ScanOptions.all());
    }

    /// Reads the rows at `indices` of the named top-level columns (null: all) as one batch whose
    /// row `i` is file row `indices[i]`: any order, repeats allowed. Only what those rows need is
    /// decoded. An index outside the file is a [VortexException] naming it; the batch may be
    /// used and closed on any thread.
    public Batch take(long[] indices, List<String> columns) {
        long rows = rowCount();
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= rows) {
                throw VortexException.misuse(name + ": row index " + indices[i] + " (position " + i
                        + ") is out of range for " + rows + " rows");
            }
        }
        long[] unique = indices.clone();
        Arrays.sort(unique);
        int k = 0;
        for (int i = 0; i < unique.length; i++) {
            if (k == 0 || unique[i] != unique[k - 1]) {
                unique[k++] = unique[i];
            }
        }
        unique = Arrays.copyOf(unique, k);
        ScanOptions options = ScanOptions.all()
                .withColumns(columns)
                .withRowIndices(unique)
                .withParallelism(1)
                .withThreadShared(true);
        List<Batch> parts = new ArrayList<>();
        @SuppressWarnings("MustBeClosedChecker") // handed to the Batch, closed on failure
        Arena out = Arena.ofShared();
        try {
            List<String> names;
            try (Scan scan = scan(options)) {
                names = scan.columnNames();
                scan.forEach(parts::add);
            }
            int[] positions = new int[indices.length];
            for (int i = 0; i < indices.length; i++) {
                positions[i] = Arrays.binarySearch(unique, indices[i]);
            }
            List<Array> arrays = new ArrayList<>();
            for (int c = 0; c < names.size(); c++) {
                List<Array> pieces = new ArrayList<>();
                for (Batch b : parts) {
                    pieces.add(b.column(c));
                }
                DType type = dtype instanceof DType.Struct s ? s.fields().get(s.indexOf(names.get(c))) : dtype;
                Array all = pieces.isEmpty()
                        ? ArrayOps.empty(type, out)
                        : pieces.size() == 1 ? pieces.getFirst() : ArrayOps.concat(type, pieces, out);
                arrays.add(ArrayOps.take(all, positions, out));
            }
            return new Batch(indices.clone(), names, arrays, out, () -> parts.forEach(Batch::close));
        } catch (RuntimeException e) {
            out.close();
            parts.forEach(Batch::close);
            throw e;
        }
    }

    /// Returns the top-level column names (a single unnamed column for a non-struct file).
    public List<String> columnNames() {
        if (dtype instanceof DType.Struct s) {
            return s.names();
        }
        return List.of("");
    }

    /// Unmaps the file. Scans and takes running on other threads then fail with a
    /// [VortexException] of kind `MISUSE` saying the file is closed; closing again does nothing.
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            source.close();
        }
    }

    /// Decoded file-level statistics of one column.
    ///
    /// @param min the minimum (or a lower bound when `minExact` is false), or null
    /// @param minExact whether the minimum is exact
    /// @param max the maximum (or an upper bound), or null
    /// @param maxExact whether the maximum is exact
    /// @param sum the sum, or null
    /// @param nullCount the number of nulls, or null
    /// @param nanCount the number of NaNs, or null
    public record ColumnStatistics(
            Scalar min, boolean minExact, Scalar max, boolean maxExact, Scalar sum, Long nullCount, Long nanCount) {
        static ColumnStatistics of(ArrayStats s, DType t) {
            DType sumType =
                    dev.jvortex.file.layout.ZoneSchema.sumType(t instanceof DType.Extension e ? e.storage() : t);
            return new ColumnStatistics(
                    s.min() == null ? null : Scalar.decode(s.min(), t.withNullable(true)),
                    s.minExact(),
                    s.max() == null ? null : Scalar.decode(s.max(), t.withNullable(true)),
                    s.maxExact(),
                    s.sum() == null || sumType == null ? null : Scalar.decode(s.sum(), sumType),
                    s.nullCount(),
                    s.nanCount());
        }
    }
}
