package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Builders;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Reading a file after it was closed fails with a [VortexException.Kind#MISUSE] that says the
/// file is closed, never a corrupt-data error or a raw FFM exception.
class ClosedFileTest {
    private static final int ROWS = 200_000;
    private static final DType.Struct SCHEMA =
            DType.struct(false, "id", new DType.Primitive(PType.I64, false), "name", new DType.Utf8(true));

    @TempDir
    static Path dir;

    static Path file;

    @BeforeAll
    static void write() {
        file = dir.resolve("t.vortex");
        WriteOptions options = WriteOptions.defaults()
                .withRowBlock(4096)
                .withTargetChunkBytes(32 << 10)
                .withDictionaries(false);
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(file, SCHEMA, options)) {
            Builders.LongBuilder id = Builders.longs(SCHEMA.fields().get(0));
            Builders.StringBuilder name = Builders.strings(SCHEMA.fields().get(1));
            for (int i = 0; i < ROWS; i++) {
                id.append(i * 7L);
                name.append("row-" + i % 1000);
            }
            w.write(List.of(id.build(arena), name.build(arena)));
            w.finish();
        }
    }

    private static void assertClosed(VortexFile f, Runnable action) {
        VortexException e = assertThrows(VortexException.class, action::run);
        assertEquals(VortexException.Kind.MISUSE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains(f.name()) && e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void everyReadOfAClosedFileSaysItIsClosed() {
        VortexFile f = VortexFile.open(file);
        assertTrue(f.isOpen());
        f.close();
        assertFalse(f.isOpen());
        assertClosed(f, () -> f.scan().close());
        assertClosed(f, () -> f.plan(ScanOptions.columns("id")));
        assertClosed(f, () -> f.take(new long[] {1, 2}, null).close());
        assertClosed(f, () -> f.zoneMap("id"));
        assertClosed(f, () -> f.newReader().close());
        assertClosed(f, () -> f.segments().segment(0));
    }

    @Test
    void aScanStartedBeforeCloseFailsAsClosedAfterwards() {
        for (int threads : new int[] {1, 4}) {
            VortexFile f = VortexFile.open(file);
            ScanPlan plan = f.plan(ScanOptions.all().withParallelism(threads).withMaxBatchRows(1000));
            List<Split> splits = plan.splits(1);
            assertTrue(splits.size() > 3 * threads, "splits: " + splits.size());
            Scan scan = plan.scan(splits);
            assertTrue(scan.hasNext());
            scan.next().close();
            f.close();
            assertClosed(f, () -> drain(scan, Batch::close));
            scan.close();
        }
    }

    @Test
    @SuppressWarnings("MustBeClosedChecker") // the test closes the arena itself, before reading
    void aFileOverMemoryThatWasFreedSaysItIsClosed() throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, seg, 0, bytes.length);
        VortexFile f = VortexFile.open(seg, "in-memory file");
        Scan scan = f.scan(ScanOptions.all().withParallelism(1).withMaxBatchRows(1000));
        scan.next().close();
        arena.close();
        assertClosed(f, () -> drain(scan, Batch::close));
        scan.close();
    }

    /// How the file classifies what a read raised: with the file open as [dev.jvortex.encodings.Decoding#failure]
    /// does (bounds errors corrupt, other exceptions internal), once closed as the closed file.
    @Test
    void failuresOfReadsAreClassifiedWithTheFileName() {
        VortexFile f = VortexFile.open(file);
        VortexException bounds = f.failure(new IndexOutOfBoundsException("9"), "rows [0, 10)");
        assertEquals(VortexException.Kind.CORRUPT, bounds.kind());
        assertTrue(bounds.getMessage().startsWith(f.name() + ": rows [0, 10): "), bounds.getMessage());
        VortexException bug = f.failure(new IllegalStateException("bug"), "rows [0, 10)");
        assertEquals(VortexException.Kind.INTERNAL, bug.kind());
        assertTrue(bug.getMessage().contains("internal error"), bug.getMessage());
        VortexException corrupt = VortexException.corrupt("bad");
        assertEquals(corrupt, f.failure(corrupt, "rows [0, 10)"));
        f.close();
        for (RuntimeException e : List.of(
                new IllegalStateException("Already closed"),
                new IndexOutOfBoundsException("9"),
                VortexException.internal("node", new IllegalStateException("Already closed")))) {
            VortexException closed = f.failure(e, "rows [0, 10)");
            assertEquals(VortexException.Kind.MISUSE, closed.kind(), closed.getMessage());
            assertEquals(f.name() + ": the file is closed", closed.getMessage());
        }
    }

    private static void drain(Scan scan, Consumer<Batch> each) {
        while (scan.hasNext()) {
            each.accept(scan.next());
        }
    }
}
