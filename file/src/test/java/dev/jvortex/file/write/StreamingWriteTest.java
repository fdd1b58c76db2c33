package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Batches of any size make the same file: the kind of chunks and their row count are judged on
/// the column's first block of rows, whatever batches carried them.
class StreamingWriteTest {
    private static final int ROWS = 40_000;

    @TempDir
    Path dir;

    /// Row `i` of each column: a low-cardinality string (dictionary layout), a string of varied
    /// length (flat chunks sized by its bytes per row) and an integer.
    private static List<Array> rows(DType.Struct schema, int from, int n, Arena arena) {
        Builders.StringBuilder city = Builders.strings(new DType.Utf8(false));
        Builders.StringBuilder text = Builders.strings(new DType.Utf8(false));
        Builders.LongBuilder id = Builders.longs(new DType.Primitive(PType.I64, false));
        for (int i = from; i < from + n; i++) {
            city.append("city-" + (i * 7 % 13));
            text.append("t".repeat(i < 300 ? 2 : 40 + i % 50) + i);
            id.append(i * 3L);
        }
        List<Array> all = List.of(city.build(arena), text.build(arena), id.build(arena));
        List<Array> out = new ArrayList<>();
        for (String name : schema.names()) {
            out.add(all.get(List.of("city", "text", "id").indexOf(name)));
        }
        return out;
    }

    private Path write(String name, DType.Struct schema, int batch) {
        Path target = dir.resolve(name + "-" + batch + ".vortex");
        WriteOptions options =
                WriteOptions.defaults().withTargetChunkBytes(64 << 10).withRowBlock(1024);
        try (VortexWriter w = VortexWriter.create(target, schema, options)) {
            for (int from = 0; from < ROWS; from += batch) {
                try (Arena arena = Arena.ofConfined()) {
                    w.write(rows(schema, from, Math.min(batch, ROWS - from), arena));
                }
            }
            w.finish();
        }
        return target;
    }

    @Test
    void oneColumnFilesAreByteIdenticalForAnyBatchSize() throws IOException {
        for (String column : List.of("city", "text", "id")) {
            DType type = column.equals("id") ? new DType.Primitive(PType.I64, false) : new DType.Utf8(false);
            DType.Struct schema = DType.struct(false, column, type);
            byte[] whole = Files.readAllBytes(write(column, schema, ROWS));
            for (int batch : new int[] {1, 7, 1000, 1024, 5000}) {
                assertArrayEquals(
                        whole, Files.readAllBytes(write(column, schema, batch)), column + " in batches of " + batch);
            }
        }
    }

    @Test
    void manyColumnFilesHaveTheSameSizeForAnyBatchSize() throws IOException {
        DType.Struct schema = DType.struct(
                false,
                "city",
                new DType.Utf8(false),
                "text",
                new DType.Utf8(false),
                "id",
                new DType.Primitive(PType.I64, false));
        // Segments of different columns may interleave differently; their bytes are the same.
        long whole = Files.size(write("all", schema, ROWS));
        for (int batch : new int[] {1, 1000}) {
            assertEquals(whole, Files.size(write("all", schema, batch)), "batches of " + batch);
        }
    }
}
