package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Writer behaviour that does not need the reference: misuse errors and all-or-nothing files.
/// (That the reference reads what we write is checked in the conformance module.)
class VortexWriterTest {
    private static final DType.Struct SCHEMA =
            DType.struct(false, "id", new DType.Primitive(PType.I64, false), "name", new DType.Utf8(true));

    @TempDir
    Path dir;

    private static List<Array> batch(Arena arena, int from, int n) {
        Builders.LongBuilder ids = Builders.longs(SCHEMA.fields().get(0));
        Builders.StringBuilder names = Builders.strings(SCHEMA.fields().get(1));
        for (int i = from; i < from + n; i++) {
            ids.append(i);
            if (i % 3 == 0) {
                names.appendNull();
            } else {
                names.append("name-" + i);
            }
        }
        return List.of(ids.build(arena), names.build(arena));
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void writesAndReadsBackAcrossManyChunks() {
        Path target = dir.resolve("t.vortex");
        WriteOptions small = WriteOptions.defaults().withTargetChunkBytes(4096).withRowBlock(256);
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(target, SCHEMA, small)) {
            for (int start = 0; start < 10_000; start += 777) {
                w.write(batch(arena, start, Math.min(777, 10_000 - start)));
            }
            w.finish();
        }
        try (VortexFile f = VortexFile.open(target);
                Scan scan = f.scan()) {
            assertEquals(10_000, f.rowCount());
            long row = 0;
            for (Batch b : scan) {
                try (b) {
                    PrimitiveArray ids = (PrimitiveArray) b.column("id");
                    VarBinViewArray names = (VarBinViewArray) b.column("name");
                    for (int i = 0; i < b.rowCount(); i++, row++) {
                        assertEquals(row, ids.getLong(i));
                        assertEquals(row % 3 != 0, names.isValid(i));
                        if (row % 3 != 0) {
                            assertEquals("name-" + row, names.getString(i));
                        }
                    }
                }
            }
            assertEquals(10_000, row);
            assertTrue(f.layout().children().getFirst().encoding().equals("vortex.zoned"));
        }
    }

    @Test
    void compressionIsOnByDefaultAndCanBeTurnedOff() throws IOException {
        long[] sizes = new long[2];
        for (int k = 0; k < 2; k++) {
            Path target = dir.resolve("c" + k + ".vortex");
            WriteOptions options = WriteOptions.defaults().compress(k == 0);
            assertEquals(k == 0, options.compress());
            try (Arena arena = Arena.ofConfined();
                    VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
                w.write(batch(arena, 0, 50_000));
                w.finish();
            }
            sizes[k] = Files.size(target);
            try (VortexFile f = VortexFile.open(target);
                    Scan scan = f.scan()) {
                long row = 0;
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray ids = (PrimitiveArray) b.column("id");
                        VarBinViewArray names = (VarBinViewArray) b.column("name");
                        for (int i = 0; i < b.rowCount(); i++, row++) {
                            assertEquals(row, ids.getLong(i));
                            assertEquals(row % 3 != 0, names.isValid(i));
                            if (row % 3 != 0) {
                                assertEquals("name-" + row, names.getString(i));
                            }
                        }
                    }
                }
                assertEquals(50_000, row);
            }
        }
        assertTrue(WriteOptions.defaults().compress());
        assertTrue(sizes[0] * 2 < sizes[1], "compressed " + sizes[0] + " vs canonical " + sizes[1]);
    }

    @Test
    void parallelCompressionWritesTheSameBytesAsSerial() throws IOException {
        DType.Struct schema = DType.struct(
                false,
                "id",
                new DType.Primitive(PType.I64, false),
                "name",
                new DType.Utf8(true),
                "city",
                new DType.Utf8(false),
                "price",
                new DType.Primitive(PType.F64, true));
        WriteOptions base = WriteOptions.defaults().withTargetChunkBytes(16_384).withRowBlock(512);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            List<WriteOptions> variants = List.of(
                    base.withParallelism(1),
                    base.withParallelism(4),
                    base.withParallelism(2).withExecutor(pool));
            byte[] first = null;
            for (int k = 0; k < variants.size(); k++) {
                Path target = dir.resolve("p" + k + ".vortex");
                try (Arena arena = Arena.ofConfined();
                        VortexWriter w = VortexWriter.create(target, schema, variants.get(k))) {
                    for (int start = 0; start < 60_000; start += 7_001) {
                        int n = Math.min(7_001, 60_000 - start);
                        List<Array> b = batch(arena, start, n);
                        Builders.StringBuilder cities =
                                Builders.strings(schema.fields().get(2));
                        Builders.DoubleBuilder prices =
                                Builders.doubles(schema.fields().get(3));
                        for (int i = start; i < start + n; i++) {
                            cities.append("city-" + (i * 7919 % 37));
                            if (i % 11 == 0) {
                                prices.appendNull();
                            } else {
                                prices.append((i * 31 % 10_000) / 100.0);
                            }
                        }
                        w.write(List.of(b.get(0), b.get(1), cities.build(arena), prices.build(arena)));
                    }
                    w.finish();
                }
                byte[] bytes = Files.readAllBytes(target);
                if (first == null) {
                    first = bytes;
                    try (VortexFile f = VortexFile.open(target);
                            Scan scan = f.scan()) {
                        long row = 0;
                        for (Batch b : scan) {
                            try (b) {
                                VarBinViewArray cities = (VarBinViewArray) b.column("city");
                                PrimitiveArray prices = (PrimitiveArray) b.column("price");
                                for (int i = 0; i < b.rowCount(); i++, row++) {
                                    assertEquals("city-" + (row * 7919 % 37), cities.getString(i));
                                    assertEquals(row % 11 != 0, prices.isValid(i));
                                    if (row % 11 != 0) {
                                        assertEquals((row * 31 % 10_000) / 100.0, prices.getDouble(i));
                                    }
                                }
                            }
                        }
                        assertEquals(60_000, row);
                    }
                } else {
                    assertTrue(java.util.Arrays.equals(first, bytes), "variant " + k + " wrote different bytes");
                }
            }
            assertFalse(pool.isShutdown(), "the writer must not shut down a caller's executor");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void writtenFileHasTheUsualPermissions() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions only");
        Path plain = Files.createFile(dir.resolve("plain"));
        Path out = dir.resolve("out.vortex");
        try (VortexWriter w = VortexWriter.create(out, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            w.write(batch(arena, 0, 10));
            w.finish();
        }
        // The same permissions as any file this process creates (not owner-only, as a JDK temp file).
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(out));
    }

    @Test
    void compressorOptionsAreChecked() {
        WriteOptions d = WriteOptions.defaults();
        assertEquals(dev.jvortex.compress.CompressionPreset.DEFAULT, d.preset());
        assertEquals(3, d.cascadeDepth());
        assertTrue(d.parallelism() >= 1);
        assertThrows(VortexException.class, () -> d.withCascadeDepth(0));
        assertThrows(VortexException.class, () -> d.withCascadeDepth(99));
        assertThrows(VortexException.class, () -> d.withParallelism(0));
        assertThrows(VortexException.class, () -> d.withPreset(null));
    }

    @Test
    void dictionaryLayoutSplitsWhenTheDictionaryFills() {
        Path target = dir.resolve("d.vortex");
        DType.Struct schema = DType.struct(false, "s", new DType.Utf8(true));
        int rows = 200_000;
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(target, schema, WriteOptions.defaults())) {
            Builders.StringBuilder b = Builders.strings(schema.fields().getFirst());
            for (int i = 0; i < rows; i++) {
                // Few distinct values at first (so the column gets a dictionary), then ~100k distinct ones.
                if (i % 7 == 0) {
                    b.appendNull();
                } else {
                    b.append(i < 10_000 ? "v" + (i % 10) : "value-" + (i / 2));
                }
            }
            w.write(List.of(b.build(arena)));
            w.finish();
        }
        try (VortexFile f = VortexFile.open(target);
                Scan scan = f.scan()) {
            dev.jvortex.format.LayoutNode data =
                    f.layout().children().getFirst().children().getFirst();
            assertEquals("vortex.chunked", data.encoding(), "a full dictionary starts a new one");
            assertTrue(data.children().size() >= 2);
            assertEquals("vortex.dict", data.children().getFirst().encoding());
            long row = 0;
            for (Batch batch : scan) {
                try (batch) {
                    VarBinViewArray s = (VarBinViewArray) batch.column(0);
                    for (int i = 0; i < batch.rowCount(); i++, row++) {
                        if (row % 7 == 0) {
                            assertFalse(s.isValid(i));
                        } else {
                            assertEquals(row < 10_000 ? "v" + (row % 10) : "value-" + (row / 2), s.getString(i));
                        }
                    }
                }
            }
            assertEquals(rows, row);
        }
    }

    @Test
    void misuseGivesClearErrors() {
        Path target = dir.resolve("m.vortex");
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            List<Array> good = batch(arena, 0, 10);
            VortexException wrongCount = assertThrows(VortexException.class, () -> w.write(List.of(good.getFirst())));
            assertEquals(VortexException.Kind.MISUSE, wrongCount.kind());
            VortexException wrongType =
                    assertThrows(VortexException.class, () -> w.write(List.of(good.get(1), good.getFirst())));
            assertTrue(wrongType.getMessage().contains("type"), wrongType.getMessage());
            Builders.LongBuilder nullable = Builders.longs(new DType.Primitive(PType.I64, true));
            nullable.appendNull();
            Builders.StringBuilder one = Builders.strings(new DType.Utf8(true));
            one.append("x");
            VortexException nulls = assertThrows(
                    VortexException.class, () -> w.write(List.of(nullable.build(arena), one.build(arena))));
            assertTrue(nulls.getMessage().contains("not nullable"), nulls.getMessage());
            w.write(good);
            WriteResult result = w.finish();
            assertEquals(10, result.rowCount());
            assertEquals(result, w.result());
            w.close();
            w.close();
            VortexException afterClose = assertThrows(VortexException.class, () -> w.write(good));
            assertEquals(VortexException.Kind.MISUSE, afterClose.kind());
            VortexException finishTwice = assertThrows(VortexException.class, w::finish);
            assertEquals(VortexException.Kind.MISUSE, finishTwice.kind());
            assertTrue(finishTwice.getMessage().contains("already finished"), finishTwice.getMessage());
        }
        try (VortexFile f = VortexFile.open(target)) {
            assertEquals(10, f.rowCount());
        }
    }

    @Test
    void failedOrAbortedWritesLeaveNoFile() throws IOException {
        Path target = dir.resolve("a.vortex");
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            w.write(batch(arena, 0, 100));
            w.abort();
        }
        assertFalse(Files.exists(target));
        assertEquals(List.of(), files(), "temporary files are removed");
        RuntimeException boom = new RuntimeException("boom");
        try (Arena arena = Arena.ofConfined()) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> {
                try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults())) {
                    w.write(batch(arena, 0, 100));
                    throw boom;
                }
            });
            assertEquals(boom, e);
        }
        // A writer closed by try-with-resources after an exception was never finished: discarded.
        assertFalse(Files.exists(target));
        assertEquals(List.of(), files(), "temporary files are removed");
    }

    @Test
    void existingTargetIsReplacedOnlyWhenTheNewFileIsComplete() throws IOException {
        Path target = dir.resolve("r.vortex");
        Files.writeString(target, "old contents");
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            w.write(batch(arena, 0, 5));
            assertEquals("old contents", Files.readString(target));
            w.close(); // not finished: the old file stays
            assertEquals("old contents", Files.readString(target));
        }
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            w.write(batch(arena, 0, 5));
            assertEquals("old contents", Files.readString(target));
            w.finish();
        }
        try (VortexFile f = VortexFile.open(target)) {
            assertEquals(5, f.rowCount());
        }
    }
}
