package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The string dictionary columns of a big batch are appended on the compression threads
/// ([CompressionPipeline#runColumnWork]) while the writing thread goes on with the other columns;
/// their segments (codes and values, also those of dictionaries that fill within the batch) must
/// still go into the file where a serial write puts them, and the zone tables, built on the
/// compression threads too, in their place after their column's data.
class ColumnWorkTest {
    private static final int ROWS = 150_000;
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "carrier",
            new DType.Utf8(false),
            "price",
            new DType.Primitive(PType.F64, true),
            "tail",
            new DType.Utf8(true),
            "grows",
            new DType.Utf8(false),
            "flight",
            new DType.Primitive(PType.I32, false),
            "origin",
            new DType.Utf8(true),
            "dest",
            new DType.Utf8(false));

    @TempDir
    Path dir;

    /// The value of string column `c` (1, 3, 4, 6, 7) at `row`, or null.
    private static String string(int c, int row) {
        return switch (c) {
            case 1 -> "carrier-" + (row * 7 % 13);
            case 3 -> row % 17 == 0 ? null : "N" + (row * 31 % 4001) + "XY-tail-number";
            // few values in the first block, then every row a new one: the dictionary fills
            // (65,535 entries) inside one batch
            case 4 -> row < 20_000 ? "g" + (row % 300) : "grown-value-" + row;
            case 6 -> row % 5 == 0 ? null : "origin-airport-" + (row % 97);
            case 7 -> "D" + (row * 13 % 211);
            default -> throw new IllegalArgumentException("column " + c);
        };
    }

    private static List<Array> batch(Arena arena, int from, int n) {
        List<Array> out = new ArrayList<>();
        for (int c = 0; c < SCHEMA.size(); c++) {
            DType t = SCHEMA.fields().get(c);
            switch (c) {
                case 0 -> {
                    Builders.LongBuilder b = Builders.longs(t);
                    for (int i = from; i < from + n; i++) {
                        b.append(i * 3L);
                    }
                    out.add(b.build(arena));
                }
                case 2 -> {
                    Builders.DoubleBuilder b = Builders.doubles(t);
                    for (int i = from; i < from + n; i++) {
                        if (i % 9 == 0) {
                            b.appendNull();
                        } else {
                            b.append((i * 37 % 10_000) / 100.0);
                        }
                    }
                    out.add(b.build(arena));
                }
                case 5 -> {
                    Builders.LongBuilder b = Builders.longs(t);
                    for (int i = from; i < from + n; i++) {
                        b.append(i * 7919L % 5000);
                    }
                    out.add(b.build(arena));
                }
                default -> {
                    Builders.StringBuilder b = Builders.strings(t);
                    for (int i = from; i < from + n; i++) {
                        String s = string(c, i);
                        if (s == null) {
                            b.appendNull();
                        } else {
                            b.append(s);
                        }
                    }
                    out.add(b.build(arena));
                }
            }
        }
        return out;
    }

    /// Writes the table in batches of the given sizes (the last repeated), in a shared arena
    /// (or a confined one, which keeps the column work on the writing thread); returns the bytes.
    private byte[] write(String name, WriteOptions options, boolean confined, int... sizes) throws IOException {
        Path target = dir.resolve(name + ".vortex");
        WriteResult result;
        try (Arena arena = confined ? Arena.ofConfined() : Arena.ofShared();
                VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
            int row = 0;
            for (int k = 0; row < ROWS; k++) {
                int n = Math.min(sizes[Math.min(k, sizes.length - 1)], ROWS - row);
                w.write(batch(arena, row, n));
                row += n;
            }
            result = w.finish();
        }
        // "grows" fills its first dictionary inside a batch: several dictionary layouts
        assertEquals(
                List.of("vortex.chunked", "vortex.dict", "vortex.flat", "vortex.zoned"),
                result.columns().get(4).layouts().stream().sorted().toList(),
                name);
        return Files.readAllBytes(target);
    }

    @Test
    void columnWorkOnTheCompressionThreadsWritesTheSerialBytes() throws IOException {
        WriteOptions base = WriteOptions.defaults().withTargetChunkBytes(64 * 1024);
        byte[] serial = write("serial", base.withParallelism(1), false, ROWS);
        // the file holds several dictionary layouts for "grows" and reads back
        try (VortexFile f = VortexFile.open(dir.resolve("serial.vortex"));
                Scan scan = f.scan()) {
            int row = 0;
            for (Batch b : scan) {
                try (b) {
                    for (int c : new int[] {1, 3, 4, 6, 7}) {
                        VarBinViewArray s =
                                (VarBinViewArray) b.column(SCHEMA.names().get(c));
                        for (int i = 0; i < b.rowCount(); i++) {
                            String want = string(c, row + i);
                            assertEquals(want != null, s.isValid(i), "column " + c + " row " + (row + i));
                            if (want != null) {
                                assertEquals(want, s.getString(i), "column " + c + " row " + (row + i));
                            }
                        }
                    }
                    row += b.rowCount();
                }
            }
            assertEquals(ROWS, row);
        }

        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            // one batch, on the writer's own threads and on a caller's executor
            assertArrayEquals(serial, write("one", base.withParallelism(2), false, ROWS), "one batch");
            assertArrayEquals(
                    serial,
                    write("pool", base.withParallelism(2).withExecutor(pool), false, ROWS),
                    "a caller's executor");
            assertArrayEquals(
                    serial,
                    write("direct", base.withParallelism(2).withExecutor(Runnable::run), false, ROWS),
                    "a direct executor");
            // big batches after single rows (which hold the first block back), against the same
            // batches written serially (the batches' sizes change where flat chunks end)
            int[] mixed = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3_000, 40_000};
            assertArrayEquals(
                    write("mixed-serial", base.withParallelism(1), false, mixed),
                    write("mixed", base.withParallelism(2), false, mixed),
                    "single rows, then big batches");
            // many batches each big enough for column work, against the same written serially
            assertArrayEquals(
                    write("batches-serial", base.withParallelism(1), false, 20_000),
                    write("batches", base.withParallelism(2), false, 20_000),
                    "batches of 20,000 rows");
            // a confined batch: the column work stays on the writing thread
            assertArrayEquals(serial, write("confined", base.withParallelism(2), true, ROWS), "a confined batch");
            assertFalse(pool.isShutdown());
        } finally {
            pool.shutdownNow();
        }
    }

    /// A batch whose long strings' views point past their data buffer, from row 10,000 on (the
    /// first block, which decides the layout, is fine): the dictionary work fails on a
    /// compression thread.
    private static List<Array> brokenBatch(Arena arena) {
        List<Array> out = new ArrayList<>(batch(arena, 0, 40_000));
        Builders.StringBuilder b = Builders.strings(SCHEMA.fields().get(1));
        for (int i = 0; i < 40_000; i++) {
            b.append(i < 10_000 ? "c" + (i % 13) : "long-carrier-name-" + (i % 13));
        }
        VarBinViewArray s = (VarBinViewArray) b.build(arena);
        MemorySegment[] cut = new MemorySegment[s.buffers().length];
        for (int k = 0; k < cut.length; k++) {
            cut[k] = s.buffers()[k].asSlice(0, 4);
        }
        out.set(1, new VarBinViewArray(s.dtype(), s.views(), cut, s.length(), s.validity()));
        return out;
    }

    @Test
    void failingColumnWorkFailsTheWriteAndLeavesNoFile() throws IOException {
        List<Class<?>> thrown = new ArrayList<>();
        for (WriteOptions options : List.of(
                WriteOptions.defaults().withParallelism(1),
                WriteOptions.defaults().withParallelism(2))) {
            Path target = dir.resolve("broken.vortex");
            try (Arena arena = Arena.ofShared();
                    VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
                List<Array> broken = brokenBatch(arena);
                RuntimeException e = assertThrows(RuntimeException.class, () -> w.write(broken));
                thrown.add(e.getClass());
                assertThrows(VortexException.class, () -> w.write(batch(arena, 0, 10)));
                assertThrows(VortexException.class, w::finish);
            }
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(), files.toList(), "nothing left in the directory");
            }
        }
        // the failure on a compression thread is rethrown as it is on the writing thread
        assertEquals(thrown.get(0), thrown.get(1));
    }
}
