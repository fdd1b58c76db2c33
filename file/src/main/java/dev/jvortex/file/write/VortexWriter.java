package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.compress.Compressor;
import dev.jvortex.encodings.compress.Verify;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.FormatWriter;
import dev.jvortex.format.FormatWriter.LayoutSpec;
import dev.jvortex.format.SegmentSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.IntConsumer;

/// Writes a Vortex file that the reference implementation reads.
///
/// ```java
/// DType.Struct schema = DType.struct(false, "id", new DType.Primitive(PType.I64, false));
/// try (VortexWriter w = VortexWriter.create(Path.of("out.vortex"), schema, WriteOptions.defaults())) {
///     w.write(List.of(idColumn));
/// }
/// ```
///
/// Columns are cut into chunks of about `targetChunkBytes` (a multiple of `rowBlock` rows),
/// each stored as one flat segment under a chunked layout, wrapped in a zone map; memory stays
/// bounded by the chunk size. Chunks are compressed on up to [WriteOptions#parallelism()] threads
/// while the caller goes on appending; segments are written in the order they were cut, so the
/// file does not depend on the thread count. The file is written to a temporary file beside the
/// target and renamed on [#close()]; a failed write leaves nothing under the target name.
public final class VortexWriter implements AutoCloseable {
    private static final byte[] MAGIC = {'V', 'T', 'X', 'F'};

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final DType.Struct schema;
    private final WriteOptions options;
    private final List<Column> columns = new ArrayList<>();
    private final List<SegmentSpec> segments = new ArrayList<>();
    private final Map<String, Integer> arrayIds = new LinkedHashMap<>();
    private final Arena statsArena = Arena.ofShared();
    private final Compressor dataCompressor;
    private final Compressor fullCompressor;
    /// Where compression tasks run; null compresses on the writing thread.
    private final Executor executor;
    /// The writer's own threads (null when the caller gave an executor or there is one thread).
    private final ExecutorService ownPool;
    /// Compression tasks not yet written, in the order their segments go into the file.
    private final Deque<Pending> inflight = new ArrayDeque<>();
    private long position;
    private long rows;
    private boolean closed;
    private boolean failed;

    private VortexWriter(Path target, DType.Struct schema, WriteOptions options) throws IOException {
        this.target = target.toAbsolutePath();
        this.schema = schema;
        this.options = options;
        this.dataCompressor = Compressor.data(options.preset(), options.cascadeDepth());
        this.fullCompressor = Compressor.full(options.preset(), options.cascadeDepth());
        if (options.parallelism() > 1 && options.compress()) {
            this.ownPool = options.executor() == null ? Executors.newFixedThreadPool(options.parallelism(), r -> {
                Thread t = new Thread(r, "jvortex-compress");
                t.setDaemon(true);
                return t;
            }) : null;
            this.executor = options.executor() != null ? options.executor() : ownPool;
        } else {
            this.ownPool = null;
            this.executor = null;
        }
        Path dir = this.target.getParent();
        this.temp = newTempFile(dir, this.target.getFileName().toString());
        this.channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        for (int i = 0; i < schema.size(); i++) {
            columns.add(column(schema.names().get(i), schema.fields().get(i), true));
        }
        writeBytes(MemorySegment.ofArray(MAGIC));
    }

    /// A new, unique temporary file beside the target, created like any file the process creates
    /// (permissions from the umask, unlike `Files.createTempFile`'s owner-only ones), so the
    /// renamed file is as readable as a file written in place.
    private static Path newTempFile(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + name + "." + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(p);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /// Creates a writer for `target` with the given schema (a struct: one column per field).
    public static VortexWriter create(Path target, DType.Struct schema, WriteOptions options) {
        if (schema.nullable()) {
            throw VortexException.misuse("the file schema must be a non-nullable struct");
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : schema.names()) {
            if (!seen.add(n)) {
                throw VortexException.misuse("duplicate column name '" + n + "'");
            }
        }
        try {
            return new VortexWriter(target, schema, options);
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, target + ": cannot create: " + e.getMessage(), e);
        }
    }

    /// Returns the schema.
    public DType.Struct schema() {
        return schema;
    }

    /// Returns the rows written so far.
    public long rowCount() {
        return rows;
    }

    /// Appends one batch given as a struct array of the schema's type.
    public void write(StructArray batch) {
        write(batch.fields());
    }

    /// Appends one batch: one array per column, in schema order, all of the same length.
    public void write(List<Array> batch) {
        ensureOpen();
        if (batch.size() != columns.size()) {
            throw VortexException.misuse("batch has " + batch.size() + " columns but the schema has " + columns.size());
        }
        int n = batch.isEmpty() ? 0 : batch.getFirst().length();
        for (int i = 0; i < batch.size(); i++) {
            Array a = batch.get(i);
            DType want = schema.fields().get(i);
            if (a.length() != n) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' has " + a.length() + " rows, expected " + n);
            }
            if (!sameIgnoringNullability(a.dtype(), want)) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' has type " + a.dtype() + " but the schema says " + want);
            }
            if (!want.nullable() && a.validity().nullCount(n) > 0) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' is not nullable but has nulls");
            }
        }
        try {
            for (int i = 0; i < batch.size(); i++) {
                columns.get(i).append(ArrayOps.withDType(batch.get(i), schema.fields().get(i)));
            }
            rows += n;
        } catch (IOException e) {
            failed = true;
            throw new VortexException(VortexException.Kind.IO, temp + ": write failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    private static boolean sameIgnoringNullability(DType a, DType b) {
        return a.withNullable(false).equals(b.withNullable(false)) || a.withNullable(true).equals(b.withNullable(true));
    }

    private void ensureOpen() {
        if (closed) {
            throw VortexException.misuse("the writer for " + target + " is closed");
        }
        if (failed) {
            throw VortexException.misuse("an earlier write to " + target + " failed; the file will not be created");
        }
    }

    private void writeBytes(MemorySegment seg) throws IOException {
        if (seg.isNative() || seg.heapBase().orElse(null) instanceof byte[]) {
            writeBuffer(seg.asByteBuffer());
        } else {
            // Heap segments over other array types (long[], int[], ...) have no byte buffer view.
            for (long off = 0; off < seg.byteSize(); off += 1 << 20) {
                long n = Math.min(1 << 20, seg.byteSize() - off);
                writeBuffer(ByteBuffer.wrap(seg.asSlice(off, n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            }
        }
        position += seg.byteSize();
    }

    private void writeBuffer(ByteBuffer bb) throws IOException {
        while (bb.hasRemaining()) {
            channel.write(bb);
        }
    }

    private void pad(long alignment) throws IOException {
        long pad = (-position) & (alignment - 1);
        if (pad > 0) {
            writeBytes(MemorySegment.ofArray(new byte[(int) pad]));
        }
    }

    /// Serializes an array tree as a new segment; returns the segment id.
    private int writeSegment(WriteNode node) throws IOException {
        // Encoding ids are numbered in order of first use; the footer lists them in that order.
        Function<String, Integer> index = id -> arrayIds.computeIfAbsent(id, k -> arrayIds.size());
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, index::apply);
        pad(s.alignment());
        long start = position;
        for (MemorySegment part : s.parts()) {
            writeBytes(part);
        }
        segments.add(new SegmentSpec(start, s.length(), Integer.numberOfTrailingZeros(s.alignment())));
        return segments.size() - 1;
    }

    /// Writes one column (a leaf, or a struct split into one column per field).
    private interface Column {
        void append(Array a) throws IOException;

        /// Cuts the last chunk and queues every remaining segment (dictionary values, zone table).
        void complete() throws IOException;

        /// The column's layout, once every queued segment is written.
        LayoutSpec layout(Map<String, Integer> layoutIds);

        ArrayStats fileStats();
    }

    private Column column(String name, DType dtype, boolean zoned) {
        if (dtype instanceof DType.Struct s) {
            return new StructColumn(name, s);
        }
        return new ColumnWriter(name, dtype, zoned);
    }

    /// A struct column: its validity (if nullable) and each field are written as columns of
    /// their own under a `vortex.struct` layout, as the reference lays out nested structs.
    private final class StructColumn implements Column {
        private final ColumnWriter validity;
        private final List<Column> fields = new ArrayList<>();

        StructColumn(String name, DType.Struct dtype) {
            this.validity = dtype.nullable() ? new ColumnWriter(name + ".__validity", new DType.Bool(false), false) : null;
            for (int i = 0; i < dtype.size(); i++) {
                fields.add(column(name + "." + dtype.names().get(i), dtype.fields().get(i), true));
            }
        }

        @Override
        public void append(Array a) throws IOException {
            dev.jvortex.core.array.StructArray s = (dev.jvortex.core.array.StructArray) a;
            if (validity != null) {
                try (Arena arena = Arena.ofConfined()) {
                    var bits = s.validity().toBits(0, s.length(), arena);
                    validity.append(new dev.jvortex.core.array.BoolArray(new DType.Bool(false), bits, s.length(),
                            dev.jvortex.core.array.Validity.ALL_VALID));
                }
            }
            for (int i = 0; i < fields.size(); i++) {
                fields.get(i).append(s.field(i));
            }
        }

        @Override
        public void complete() throws IOException {
            if (validity != null) {
                validity.complete();
            }
            for (Column f : fields) {
                f.complete();
            }
        }

        @Override
        public LayoutSpec layout(Map<String, Integer> layoutIds) {
            List<LayoutSpec> kids = new ArrayList<>();
            if (validity != null) {
                kids.add(validity.layout(layoutIds));
            }
            for (Column f : fields) {
                kids.add(f.layout(layoutIds));
            }
            return new LayoutSpec(layoutId(layoutIds, "vortex.struct"), rows, new byte[0], kids, new int[0]);
        }

        @Override
        public ArrayStats fileStats() {
            return new ArrayStats(null, false, null, false, null, null, null, null, null, null, null);
        }
    }

    private final class ColumnWriter implements Column {
        private final String name;
        private final DType dtype;
        private final List<Array> pending = new ArrayList<>();
        private Arena pendingArena = Arena.ofShared();
        private long pendingRows;
        private final List<long[]> chunks = new ArrayList<>();
        private final ColumnStats stats;
        private long chunkRows;

        private final boolean zoned;
        private Boolean dictMode;
        private DictState dict;
        private final List<DictRun> dictRuns = new ArrayList<>();
        private List<ColumnStats.ZoneColumn> zoneCols;
        private final int[] zoneSegment = {-1};
        private long zoneRows;

        ColumnWriter(String name, DType dtype, boolean zoned) {
            this.name = name;
            this.dtype = dtype;
            this.zoned = zoned;
            this.stats = new ColumnStats(dtype, options.rowBlock());
        }

        @Override
        public void append(Array a) throws IOException {
            if (a.length() == 0) {
                return;
            }
            if (chunkRows == 0) {
                long bytesPerRow = Math.max(1, estimateBytes(a) / Math.max(1, a.length()));
                long rowsForTarget = Math.max(1, options.targetChunkBytes() / bytesPerRow);
                long blocks = Math.max(1, (rowsForTarget + options.rowBlock() - 1) / options.rowBlock());
                chunkRows = blocks * options.rowBlock();
            }
            stats.add(a);
            if (dictMode == null) {
                dictMode = options.dictionaries() && DictState.worthIt(dtype, a, options.rowBlock());
            }
            if (dictMode) {
                appendDict((dev.jvortex.core.array.VarBinViewArray) a);
                return;
            }
            // Cut the batch into chunks. Each piece is copied into the pending arena (the caller
            // may free its batch after write returns); a full chunk takes that arena with it.
            int from = 0;
            while (from < a.length()) {
                int take = (int) Math.min(chunkRows - pendingRows, a.length() - from);
                pending.add(ArrayOps.deepCopy(ArrayOps.slice(a, from, take, pendingArena), pendingArena));
                pendingRows += take;
                from += take;
                if (pendingRows == chunkRows) {
                    flush();
                }
            }
        }

        /// Submits the pending rows as one chunk, which owns the pending arena from now on.
        @SuppressWarnings("MustBeClosedChecker") // each chunk's arena goes to the compression pipeline
        private void flush() throws IOException {
            Arena owner = pendingArena;
            pendingArena = Arena.ofShared();
            Array chunk;
            try {
                chunk = ArrayOps.concat(dtype, pending, owner);
            } catch (RuntimeException e) {
                owner.close();
                throw e;
            }
            long[] entry = {pendingRows, -1};
            chunks.add(entry);
            pending.clear();
            pendingRows = 0;
            submit(chunk, fullCompressor, owner, seg -> entry[1] = seg);
        }

        private void appendDict(dev.jvortex.core.array.VarBinViewArray a) throws IOException {
            for (int i = 0; i < a.length(); i++) {
                if (dict == null) {
                    dict = new DictState(dtype);
                }
                dict.add(a, i);
                if (dict.pendingCodes() >= DictState.CODES_PER_CHUNK) {
                    flushCodes();
                }
                if (dict.full()) {
                    finishRun();
                }
            }
        }

        private void flushCodes() throws IOException {
            @SuppressWarnings("MustBeClosedChecker") // handed to the compression pipeline, closed on failure
            Arena arena = Arena.ofShared();
            dev.jvortex.core.array.PrimitiveArray codes;
            try {
                codes = dict.takeCodes(arena);
            } catch (RuntimeException e) {
                arena.close();
                throw e;
            }
            long[] entry = {codes.length(), -1};
            dict.codeChunks.add(entry);
            submit(codes, dataCompressor, arena, seg -> entry[1] = seg);
        }

        private void finishRun() throws IOException {
            if (dict == null) {
                return;
            }
            if (dict.pendingCodes() > 0) {
                flushCodes();
            }
            @SuppressWarnings("MustBeClosedChecker") // handed to the compression pipeline, closed on failure
            Arena arena = Arena.ofShared();
            Array values;
            try {
                values = dict.values(arena);
            } catch (RuntimeException e) {
                arena.close();
                throw e;
            }
            int[] valuesSegment = {-1};
            dictRuns.add(new DictRun(values.length(), valuesSegment, List.copyOf(dict.codeChunks), dict.rows));
            dict = null;
            submit(values, fullCompressor, arena, seg -> valuesSegment[0] = seg);
        }

        private LayoutSpec dictLayout(Map<String, Integer> layoutIds) {
            List<LayoutSpec> runs = new ArrayList<>();
            byte[] meta = new ProtoWriter().varint(1, dev.jvortex.core.PType.U16.code()).varint(2, 0).varint(3, 0).toByteArray();
            for (DictRun run : dictRuns) {
                LayoutSpec values = new LayoutSpec(layoutId(layoutIds, "vortex.flat"), run.values(), new byte[0], List.of(),
                        new int[] {run.valuesSegment()[0]});
                LayoutSpec codes;
                if (run.codeChunks().size() == 1) {
                    codes = flat(layoutIds, run.codeChunks().getFirst());
                } else {
                    List<LayoutSpec> kids = new ArrayList<>();
                    for (long[] c : run.codeChunks()) {
                        kids.add(flat(layoutIds, c));
                    }
                    codes = new LayoutSpec(layoutId(layoutIds, "vortex.chunked"), run.rows(), new byte[0], kids, new int[0]);
                }
                runs.add(new LayoutSpec(layoutId(layoutIds, "vortex.dict"), run.rows(), meta, List.of(values, codes), new int[0]));
            }
            if (runs.size() == 1) {
                return runs.getFirst();
            }
            return new LayoutSpec(layoutId(layoutIds, "vortex.chunked"), rows, new byte[0], runs, new int[0]);
        }

        @Override
        public void complete() throws IOException {
            if (pendingRows > 0) {
                flush();
            }
            pendingArena.close();
            if (Boolean.TRUE.equals(dictMode)) {
                finishRun();
            }
            if (!options.zoneMaps() || !zoned || rows == 0) {
                return;
            }
            zoneCols = stats.zoneColumns(statsArena);
            if (!zoneCols.isEmpty()) {
                StructArray table = stats.zoneTable(zoneCols);
                zoneRows = table.length();
                submit(table, fullCompressor, null, seg -> zoneSegment[0] = seg);
            }
        }

        @Override
        public LayoutSpec layout(Map<String, Integer> layoutIds) {
            LayoutSpec data;
            if (Boolean.TRUE.equals(dictMode)) {
                data = dictLayout(layoutIds);
            } else if (chunks.size() == 1) {
                data = flat(layoutIds, chunks.getFirst());
            } else {
                List<LayoutSpec> kids = new ArrayList<>();
                for (long[] c : chunks) {
                    kids.add(flat(layoutIds, c));
                }
                data = new LayoutSpec(layoutId(layoutIds, "vortex.chunked"), rows, new byte[0], kids, new int[0]);
            }
            if (zoneCols == null || zoneCols.isEmpty()) {
                return data;
            }
            LayoutSpec zones = new LayoutSpec(layoutId(layoutIds, "vortex.flat"), zoneRows, new byte[0], List.of(), new int[] {zoneSegment[0]});
            ProtoWriter meta = new ProtoWriter().varint(1, options.rowBlock());
            for (ColumnStats.ZoneColumn c : zoneCols) {
                ProtoWriter spec = new ProtoWriter().string(1, c.id());
                if (c.options().length > 0) {
                    spec.bytes(2, c.options());
                }
                meta.bytes(2, spec.toByteArray());
            }
            byte[] body = meta.toByteArray();
            byte[] m = new byte[body.length + 1];
            m[0] = 1;
            System.arraycopy(body, 0, m, 1, body.length);
            return new LayoutSpec(layoutId(layoutIds, "vortex.zoned"), rows, m, List.of(data, zones), new int[0]);
        }

        private LayoutSpec flat(Map<String, Integer> layoutIds, long[] c) {
            return new LayoutSpec(layoutId(layoutIds, "vortex.flat"), c[0], new byte[0], List.of(), new int[] {(int) c[1]});
        }

        @Override
        public ArrayStats fileStats() {
            return stats.fileStatistics();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /// One dictionary layout's worth of a column: its values segment and its code chunks.
    private record DictRun(long values, int[] valuesSegment, List<long[]> codeChunks, long rows) {}

    /// A compression task whose segment is not written yet.
    ///
    /// @param node the write tree, once compressed
    /// @param owner the arena holding the task's input (closed once the segment is written), or null
    /// @param onSegment told the segment id
    private record Pending(CompletableFuture<WriteNode> node, Arena owner, IntConsumer onSegment) {}

    /// Compresses `a` (now, or on the executor) and writes it as the next segment in submission
    /// order; `owner` (which holds `a`) is closed after the segment is written.
    private void submit(Array a, Compressor compressor, Arena owner, IntConsumer onSegment) throws IOException {
        if (executor == null) {
            try {
                onSegment.accept(writeSegment(encode(a, compressor)));
            } finally {
                if (owner != null) {
                    owner.close();
                }
            }
            return;
        }
        CompletableFuture<WriteNode> f;
        try {
            f = CompletableFuture.supplyAsync(() -> encode(a, compressor), executor);
        } catch (RuntimeException e) {
            if (owner != null) {
                owner.close();
            }
            throw e;
        }
        inflight.add(new Pending(f, owner, onSegment));
        drain(2 * options.parallelism());
    }

    /// Writes finished tasks from the head of the queue, waiting for the head while more than
    /// `keep` tasks are queued.
    private void drain(int keep) throws IOException {
        while (!inflight.isEmpty() && (inflight.size() > keep || inflight.peek().node().isDone())) {
            Pending p = inflight.peek();
            WriteNode node;
            try {
                node = p.node().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VortexException(VortexException.Kind.IO, target + ": interrupted while compressing", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new VortexException(VortexException.Kind.IO, target + ": compression failed: " + cause, cause);
            }
            inflight.poll();
            try {
                p.onSegment().accept(writeSegment(node));
            } finally {
                if (p.owner() != null) {
                    p.owner().close();
                }
            }
        }
    }

    /// After a failure: waits for queued tasks to stop using their inputs, then frees them.
    private void discardInflight() {
        for (Pending p : inflight) {
            try {
                p.node().join();
            } catch (RuntimeException ignored) {
                // the write has failed already; this task's result is not needed
            }
            if (p.owner() != null) {
                p.owner().close();
            }
        }
        inflight.clear();
    }

    /// Whether every compressed array is decoded again and compared with its input
    /// (system property `jvortex.compress.verify=true`; a debug check).
    private static final boolean VERIFY = Boolean.getBoolean("jvortex.compress.verify");

    /// Returns the write tree of `a`: compressed by `compressor` when the options say so (falling
    /// back to canonical should the compressor fail), else canonical.
    private WriteNode encode(Array a, Compressor compressor) {
        if (!options.compress()) {
            return CanonicalEncoder.encode(a);
        }
        WriteNode node;
        try {
            node = compressor.compress(a);
        } catch (RuntimeException e) {
            if (VERIFY) {
                throw e;
            }
            return CanonicalEncoder.encode(a);
        }
        if (VERIFY) {
            Verify.check(a, node);
        }
        return node;
    }

    private static long estimateBytes(Array a) {
        return CanonicalEncoder.encode(a).bufferBytes();
    }

    private static int layoutId(Map<String, Integer> ids, String id) {
        return ids.computeIfAbsent(id, k -> ids.size());
    }

    /// Finishes the file: writes the layout, statistics and footer, then renames it into place.
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (failed) {
                return;
            }
            Map<String, Integer> layoutIds = new LinkedHashMap<>();
            List<LayoutSpec> cols = new ArrayList<>();
            List<ArrayStats> fieldStats = new ArrayList<>();
            for (Column c : columns) {
                c.complete();
            }
            drain(0);
            for (Column c : columns) {
                cols.add(c.layout(layoutIds));
                fieldStats.add(c.fileStats());
            }
            LayoutSpec root = new LayoutSpec(layoutId(layoutIds, "vortex.struct"), rows, new byte[0], cols, new int[0]);
            List<String> layoutNames = new ArrayList<>(layoutIds.keySet());
            byte[] dtypeFb = FormatWriter.dtypeBuffer(schema);
            byte[] layoutFb = FormatWriter.layoutBuffer(root);
            byte[] statsFb = options.fileStatistics() && !columns.isEmpty() ? FormatWriter.fileStatistics(fieldStats) : null;
            byte[] footerFb = FormatWriter.footer(List.copyOf(arrayIds.keySet()), layoutNames, segments);
            SegmentSpec d = section(dtypeFb);
            SegmentSpec l = section(layoutFb);
            SegmentSpec s = statsFb == null ? null : section(statsFb);
            SegmentSpec f = section(footerFb);
            byte[] ps = FormatWriter.postscript(d, l, s, f);
            if (ps.length > 65527) {
                throw VortexException.unsupported("postscript of " + ps.length + " bytes is too large");
            }
            writeBytes(MemorySegment.ofArray(ps));
            byte[] eof = {1, 0, (byte) ps.length, (byte) (ps.length >>> 8), 'V', 'T', 'X', 'F'};
            writeBytes(MemorySegment.ofArray(eof));
            channel.force(true);
            channel.close();
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            failed = true;
            throw new VortexException(VortexException.Kind.IO, target + ": write failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            discardInflight();
            if (ownPool != null) {
                ownPool.shutdownNow();
            }
            statsArena.close();
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing after a failure: the temporary file is removed below
            }
            if (failed) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // best effort: a stray temporary file never carries the target's name
                }
            }
        }
    }

    /// Discards everything written; no file is created under the target name.
    public void abort() {
        failed = true;
        close();
    }

    private SegmentSpec section(byte[] fb) throws IOException {
        long start = position;
        writeBytes(MemorySegment.ofArray(fb));
        return new SegmentSpec(start, fb.length, 3);
    }
}
