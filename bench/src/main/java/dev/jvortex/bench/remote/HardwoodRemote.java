package dev.jvortex.bench.remote;

import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.FilterPredicate;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.schema.ColumnProjection;
import dev.jvortex.file.io.ReadSource;
import dev.jvortex.remote.RemoteOptions;
import dev.jvortex.remote.RemoteSources;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Map;

/// The Java Parquet contender of the remote benchmark: Hardwood (a standalone Java Parquet
/// reader) over an [InputFile] that reads S3 ranges with jvortex's own HTTP source (SigV4,
/// retries; no block cache, so every run is cold). Like jvortex and pyarrow it reads the last
/// 64 KiB at open in one request, so the footer costs one round trip; every other range
/// Hardwood asks for is one request.
final class HardwoodRemote {
    private HardwoodRemote() {}

    /// An [InputFile] over a [ReadSource]: the tail read at open is kept and serves the
    /// footer reads that fall inside it.
    static final class RangeInput implements InputFile {
        private static final int TAIL = 64 << 10;
        /// At most this many ranges in flight, as jvortex's fetcher allows per file: Hardwood
        /// asks for every column chunk of a row group at once.
        private final java.util.concurrent.Semaphore inFlight = new java.util.concurrent.Semaphore(8);
        private final ReadSource source;
        private volatile MemorySegment tail = MemorySegment.NULL;
        private volatile long length = -1;

        RangeInput(ReadSource source) {
            this.source = source;
        }

        @Override
        public synchronized void open() {
            if (length < 0) {
                ReadSource.Tail t = source.readTail(TAIL);
                length = t.size();
                tail = t.bytes();
            }
        }

        @Override
        public ByteBuffer readRange(long offset, int n) throws IOException {
            open();
            long tailStart = length - tail.byteSize();
            if (offset >= tailStart) {
                return ByteBuffer.allocate(n)
                        .put(tail.asSlice(offset - tailStart, n).asByteBuffer())
                        .flip();
            }
            inFlight.acquireUninterruptibly();
            try {
                return ByteBuffer.allocate(n)
                        .put(source.read(offset, n).asByteBuffer())
                        .flip();
            } finally {
                inFlight.release();
            }
        }

        @Override
        public long length() {
            open();
            return length;
        }

        @Override
        public String name() {
            return source.name();
        }

        @Override
        public void close() {
            source.close();
        }
    }

    /// Runs one query in this process and prints `ms <time> rows <n> <counters>` as its last
    /// line. Arguments: ENDPOINT S3_LOCATION QUERY KEY KEY_VALUE COLUMN (test credentials).
    public static void main(String[] args) throws IOException {
        Map<String, String> env = Map.of(
                "AWS_ENDPOINT_URL", args[0],
                "AWS_ACCESS_KEY_ID", "testing",
                "AWS_SECRET_ACCESS_KEY", "testing",
                "AWS_REGION", "us-east-1");
        Map<String, String> meta = Map.of("key", args[3], "key_value", args[4], "column", args[5]);
        long start = System.nanoTime();
        try (ReadSource source = RemoteSources.open(args[1], RemoteOptions.DEFAULT, env::get, null)) {
            long rows = run(source, args[2], meta);
            double ms = (System.nanoTime() - start) / 1e6;
            System.out.println(String.format(
                    Locale.ROOT,
                    "ms %.1f rows %d %s",
                    ms,
                    rows,
                    source.counters().snapshot()));
        }
    }

    /// Runs query `q` on the Parquet object `source` reads; returns the rows read.
    static long run(ReadSource source, String q, Map<String, String> meta) throws IOException {
        try (HardwoodContext context = HardwoodContext.create();
                ParquetFileReader reader = ParquetFileReader.open(new RangeInput(source), context)) {
            if (q.equals("open")) {
                return reader.getFileSchema() == null
                        ? -1
                        : reader.getFileMetaData().numRows();
            }
            ColumnProjection projection =
                    q.equals("column") ? ColumnProjection.columns(meta.get("column")) : ColumnProjection.all();
            ParquetFileReader.ColumnReadersBuilder builder = reader.buildColumnReaders(projection);
            if (q.equals("select")) {
                String v = meta.get("key_value");
                builder.filter(
                        v.matches("-?\\d+")
                                ? FilterPredicate.eq(meta.get("key"), Long.parseLong(v))
                                : FilterPredicate.eq(meta.get("key"), v));
            }
            long rows = 0;
            try (ColumnReaders readers = builder.build()) {
                while (readers.nextBatch()) {
                    rows += readers.getRecordCount();
                }
            }
            return rows;
        }
    }
}
