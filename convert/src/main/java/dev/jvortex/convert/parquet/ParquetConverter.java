package dev.jvortex.convert.parquet;

import dev.jvortex.convert.Trace;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/// Converts a Parquet file to a Vortex file, one row group at a time.
///
/// Types map as the reference maps the Arrow types that Arrow's Parquet reader produces:
/// integers by their INT annotation, STRING/JSON to utf8, other byte arrays (ENUM too) to binary,
/// DECIMAL to decimal, DATE/TIME/TIMESTAMP (and INT96) to the `vortex.date`/`vortex.time`/
/// `vortex.timestamp` extensions, UUID to `vortex.uuid`, groups to structs, LIST to lists and
/// MAP to maps; OPTIONAL fields are nullable. The `ARROW:schema` metadata is not used.
public final class ParquetConverter {
    /// What a conversion did.
    ///
    /// @param rows rows written
    /// @param schema the schema written
    public record Result(long rows, DType.Struct schema) {}

    private ParquetConverter() {}

    /// Rows per slice of a large row group (see [ParquetFile#slices]).
    static final int SLICE_ROWS = 1 << 16;

    /// A decoded row group or slice of one, what it is, the arena that holds it, and how long
    /// decoding it took.
    private record Group(List<Array> columns, long rows, String what, Arena arena, long decodeNanos) {}

    /// Where the reading is: the next row group, and the slices of the current one. Used by one
    /// thread at a time (the reader thread's tasks run one after the other, and the writing
    /// thread only looks between them).
    private static final class Cursor {
        private final ParquetFile pq;
        private final int sliceRows;
        private int g;
        private ParquetFile.Slices slices;

        Cursor(ParquetFile pq, int sliceRows) {
            this.pq = pq;
            this.sliceRows = sliceRows;
            this.g = nextGroup(pq, 0);
        }

        boolean hasNext() {
            return g >= 0;
        }

        /// Decodes the next row group, or the next slice of a large one, into `arena`.
        Group next(Arena arena) {
            long t0 = System.nanoTime();
            if (slices == null && pq.sliceable(g, sliceRows)) {
                slices = pq.slices(g, sliceRows);
            }
            List<Array> cols;
            String what;
            long rows;
            if (slices != null) {
                long from = slices.done();
                cols = slices.next(arena);
                rows = slices.done() - from;
                what = String.format(Locale.ROOT, "row group %d, rows %,d-%,d", g, from, slices.done());
                if (!slices.hasNext()) {
                    slices = null;
                    g = nextGroup(pq, g + 1);
                }
            } else {
                cols = pq.readRowGroup(g, arena);
                rows = cols.isEmpty() ? pq.rowGroupRows(g) : cols.getFirst().length();
                what = "row group " + g;
                g = nextGroup(pq, g + 1);
            }
            return new Group(cols, rows, what, arena, System.nanoTime() - t0);
        }
    }

    /// Converts `in` to the Vortex file `out`; `progress` is told the rows written so far.
    ///
    /// The next row group is decoded on a reader thread (its column chunks in parallel) while
    /// the writer takes the current one, so at most two decoded row groups are in memory. A row
    /// group of more than twice [#SLICE_ROWS] rows without repeated columns is decoded and handed
    /// over in slices of that many rows, so the writer starts on its first rows early and memory
    /// is bounded by two slices (plus the row group's compressed column chunks).
    public static Result convert(Path in, Path out, WriteOptions options, LongConsumer progress) throws IOException {
        return convert(in, out, options, progress, SLICE_ROWS);
    }

    static Result convert(Path in, Path out, WriteOptions options, LongConsumer progress, int sliceRows)
            throws IOException {
        try (ParquetFile pq = ParquetFile.open(in)) {
            DType.Struct schema = pq.dtype();
            if (Trace.on()) {
                Trace.mark("parquet: footer read (" + pq.rowGroupCount() + " row groups, " + pq.rowCount() + " rows)");
            }
            long rows = 0;
            long waited = 0;
            long decoding = 0;
            ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "jvortex-parquet-reader");
                t.setDaemon(true);
                return t;
            });
            Future<Group> next = null;
            try (VortexWriter writer = VortexWriter.create(out, schema, options)) {
                try {
                    Cursor cursor = new Cursor(pq, sliceRows);
                    next = cursor.hasNext() ? submit(reader, cursor) : null;
                    while (next != null) {
                        long t0 = System.nanoTime();
                        Group current = await(next, in);
                        long t1 = System.nanoTime();
                        waited += t1 - t0;
                        decoding += current.decodeNanos();
                        next = null;
                        try (Arena arena = current.arena()) {
                            next = cursor.hasNext() ? submit(reader, cursor) : null;
                            writer.write(current.columns());
                            rows += current.rows();
                        }
                        if (Trace.on()) {
                            Trace.mark(String.format(
                                    Locale.ROOT,
                                    "%s: %,d rows decoded in %d ms; the writer waited %d ms for it, then"
                                            + " took %d ms",
                                    current.what(),
                                    current.rows(),
                                    current.decodeNanos() / 1_000_000,
                                    (t1 - t0) / 1_000_000,
                                    (System.nanoTime() - t1) / 1_000_000));
                        }
                        progress.accept(rows);
                    }
                } catch (RuntimeException e) {
                    writer.abort();
                    throw e instanceof VortexException ? e : VortexException.corrupt(in + ": " + e, e);
                }
                if (Trace.on()) {
                    Trace.mark(String.format(
                            Locale.ROOT,
                            "all rows handed to the writer (decoding %d ms in all, the writer waited %d ms)",
                            decoding / 1_000_000,
                            waited / 1_000_000));
                }
                writer.finish();
                Trace.mark("writer finished");
            } finally {
                discard(next);
                reader.shutdownNow();
            }
            Trace.mark("file closed");
            return new Result(rows, schema);
        }
    }

    /// Returns the first row group from `g` on that has rows, or -1.
    private static int nextGroup(ParquetFile pq, int g) {
        while (g < pq.rowGroupCount() && pq.rowGroupRows(g) == 0) {
            g++;
        }
        return g < pq.rowGroupCount() ? g : -1;
    }

    private static Future<Group> submit(ExecutorService reader, Cursor cursor) {
        return reader.submit(() -> {
            @SuppressWarnings("MustBeClosedChecker") // handed to the writing thread with the group
            Arena arena = Arena.ofShared();
            try {
                return cursor.next(arena);
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        });
    }

    private static Group await(Future<Group> f, Path in) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, in + ": interrupted while reading", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                case Throwable t -> throw new VortexException(VortexException.Kind.IO, in + ": " + t, t);
            }
        }
    }

    /// Frees a row group read ahead but not written (after a failure).
    private static void discard(Future<Group> f) {
        if (f == null) {
            return;
        }
        try {
            f.get().arena().close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RuntimeException e) {
            // the read failed or was cancelled: nothing to free
        }
    }
}
