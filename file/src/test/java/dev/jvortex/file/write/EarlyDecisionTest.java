package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The kind of chunks of each column, decided on the compression threads for a batch that holds
/// the first block ([ChunkedWriter#prepare]), is the one the writing thread decides alone: the
/// file is the same on one thread, on the writer's own threads and on a caller's executor.
class EarlyDecisionTest {
    private static final int ROWS = 20_000;
    private static final int ROW_BLOCK = 1024;

    @TempDir
    Path dir;

    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "city",
            new DType.Utf8(false),
            "tail",
            new DType.Utf8(true),
            "text",
            new DType.Utf8(false),
            "code",
            new DType.Primitive(PType.I64, false),
            "id",
            new DType.Primitive(PType.I64, false));

    /// Values of `tail` in the first block: distinct counts between a quarter and a half of the
    /// block, where the decision compresses the block to see whether a dictionary wins.
    private static String tail(int i) {
        return i % 97 == 0 ? null : "N" + (i * 37 % 400) + "XY";
    }

    private static List<Array> rows(Arena arena) {
        Builders.StringBuilder city = Builders.strings(new DType.Utf8(false));
        Builders.StringBuilder tail = Builders.strings(new DType.Utf8(true));
        Builders.StringBuilder text = Builders.strings(new DType.Utf8(false));
        Builders.LongBuilder code = Builders.longs(new DType.Primitive(PType.I64, false));
        Builders.LongBuilder id = Builders.longs(new DType.Primitive(PType.I64, false));
        for (int i = 0; i < ROWS; i++) {
            city.append("city-" + (i * 7 % 13));
            String t = tail(i);
            if (t == null) {
                tail.appendNull();
            } else {
                tail.append(t);
            }
            text.append("t".repeat(40 + i % 50) + i);
            code.append(1_000_000L * (i * 31 % 60));
            id.append(i * 3L);
        }
        return List.of(city.build(arena), tail.build(arena), text.build(arena), code.build(arena), id.build(arena));
    }

    private byte[] write(String name, WriteOptions options) throws IOException {
        Path target = dir.resolve(name + ".vortex");
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, options);
                Arena arena = Arena.ofConfined()) {
            w.write(rows(arena));
            w.finish();
        }
        return Files.readAllBytes(target);
    }

    @Test
    void tailColumnTakesTheTrialCompression() {
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < ROW_BLOCK; i++) {
            if (tail(i) != null) {
                distinct.add(tail(i));
            }
        }
        assertTrue(distinct.size() * 4 > ROW_BLOCK && distinct.size() * 2 <= ROW_BLOCK, "distinct " + distinct.size());
    }

    @Test
    void sameFileOnAnyThreads() throws IOException {
        for (CompressionPreset preset : List.of(CompressionPreset.DEFAULT, CompressionPreset.COMPACT)) {
            WriteOptions base = WriteOptions.defaults()
                    .withPreset(preset)
                    .withRowBlock(ROW_BLOCK)
                    .withTargetChunkBytes(32 << 10);
            byte[] serial = write(preset + "-serial", base.withParallelism(1));
            assertArrayEquals(serial, write(preset + "-own", base.withParallelism(2)), preset + ", own threads");
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                assertArrayEquals(
                        serial,
                        write(preset + "-pool", base.withParallelism(3).withExecutor(pool)),
                        preset + ", a caller's pool");
            } finally {
                pool.shutdownNow();
            }
            // a caller's executor that runs each task at once, on the thread that submits it
            assertArrayEquals(
                    serial,
                    write(preset + "-inline", base.withParallelism(2).withExecutor(Runnable::run)),
                    preset + ", a direct executor");
        }
    }

    @Test
    void aFailedWriteFreesTheDecisionsItStarted() throws IOException {
        Path target = dir.resolve("failed.vortex");
        AtomicInteger accepted = new AtomicInteger();
        // takes two tasks (two columns' decisions), then refuses every other: the third to fifth
        // columns' decisions never start and the first column's chunk cannot be compressed
        Executor stingy = r -> {
            if (accepted.incrementAndGet() > 2) {
                throw new RejectedExecutionException("full");
            }
            Thread.ofPlatform().start(r);
        };
        WriteOptions options = WriteOptions.defaults()
                .withRowBlock(ROW_BLOCK)
                .withTargetChunkBytes(32 << 10)
                .withParallelism(2)
                .withExecutor(stingy);
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, options);
            assertThrows(RejectedExecutionException.class, () -> w.write(rows(arena)));
            w.close(); // frees every column's copy of its first block (an open arena would leak)
        }
        assertTrue(accepted.get() > 2);
        assertFalse(Files.exists(target));
    }
}
