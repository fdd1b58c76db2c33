package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// [CompressionPipeline#submitGroup]: a group's segments take its place in the file order, on
/// one thread or several; a group that fails reports its failure and frees the inputs of the
/// segments it had started.
class PipelineGroupTest {
    @TempDir
    Path dir;

    @SuppressWarnings("MustBeClosedChecker") // the pipeline closes each array's arena
    private static Array ints(long first, Arena[] arenaOut) {
        Arena arena = Arena.ofShared();
        arenaOut[0] = arena;
        Builders.LongBuilder b = Builders.longs(new DType.Primitive(PType.I64, false));
        for (int i = 0; i < 1000; i++) {
            b.append(first + i);
        }
        return b.build(arena);
    }

    /// Submits: a plain segment, a group of two, a plain segment; returns the order their ids came in.
    private List<String> order(int parallelism) throws IOException {
        Path target = dir.resolve("p" + parallelism + ".vortex");
        SegmentSink sink = SegmentSink.open(target);
        CompressionPipeline p =
                new CompressionPipeline(WriteOptions.defaults().withParallelism(parallelism), sink, target);
        List<String> seen = new ArrayList<>();
        try {
            Arena[] a = new Arena[1];
            p.submit(ints(0, a), Compression.FULL, a[0], id -> seen.add("first@" + id));
            CompressionPipeline.Lane lane = new CompressionPipeline.Lane();
            p.submitGroup(lane, null, q -> {
                Arena[] g = new Arena[1];
                q.submit(ints(10, g), Compression.FULL, g[0], id -> seen.add("group-a@" + id));
                q.submit(ints(20, g), Compression.DATA, g[0], id -> seen.add("group-b@" + id));
            });
            p.submit(ints(30, a), Compression.FULL, a[0], id -> seen.add("last@" + id));
            p.flush();
        } finally {
            p.close();
            sink.release();
        }
        return seen;
    }

    @Test
    void groupSegmentsKeepTheirPlaceOnAnyThreads() throws IOException {
        List<String> expected = List.of("first@0", "group-a@1", "group-b@2", "last@3");
        assertEquals(expected, order(1));
        assertEquals(expected, order(2));
    }

    @Test
    void aFailingGroupReportsItsFailureAndFreesWhatItStarted() throws IOException {
        Path target = dir.resolve("fail.vortex");
        SegmentSink sink = SegmentSink.open(target);
        CompressionPipeline p = new CompressionPipeline(WriteOptions.defaults().withParallelism(2), sink, target);
        Arena[] started = new Arena[1];
        try {
            p.submitGroup(new CompressionPipeline.Lane(), null, q -> {
                q.submit(ints(0, started), Compression.FULL, started[0], id -> {});
                throw new IllegalStateException("boom");
            });
            IllegalStateException e = assertThrows(IllegalStateException.class, p::flush);
            assertEquals("boom", e.getMessage());
        } finally {
            p.close();
            sink.release();
        }
        // the started segment's compression finishes on the pool, then its input is freed
        for (int i = 0; i < 500 && started[0].scope().isAlive(); i++) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertFalse(started[0].scope().isAlive(), "the started segment's input is freed");
    }
}
