package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Dictionary-layout columns built on the compression threads: batches whose memory the caller
/// frees as soon as `write` returns, dictionaries that fill up across batches and several
/// dictionary columns make the same bytes on one thread, on the writer's own threads and on a
/// caller's executor, and read back as written.
class DictionaryPipelineTest {
    private static final int ROWS = 120_000;
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "filling",
            new DType.Utf8(true),
            "city",
            new DType.Utf8(false),
            "id",
            new DType.Primitive(PType.I64, false));

    @TempDir
    Path dir;

    /// Row `r` of "filling": few distinct long values first, then (from row 20,000) mostly new
    /// ones, so its dictionary fills and a new one starts; every 9th row null.
    private static String filling(int r) {
        return r < 20_000 ? "a-long-repeated-value-" + (r % 10) : "distinct-long-value-" + (r / 2);
    }

    private static String city(int r) {
        return "city-with-a-long-name-" + (r * 7 % 13);
    }

    private Path write(String name, WriteOptions options, int batch) {
        Path target = dir.resolve(name + ".vortex");
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
            for (int from = 0; from < ROWS; from += batch) {
                // a confined arena: another thread cannot read it, and it is gone after the write
                try (Arena arena = Arena.ofConfined()) {
                    Builders.StringBuilder f = Builders.strings(new DType.Utf8(true));
                    Builders.StringBuilder c = Builders.strings(new DType.Utf8(false));
                    Builders.LongBuilder id = Builders.longs(new DType.Primitive(PType.I64, false));
                    for (int r = from; r < Math.min(ROWS, from + batch); r++) {
                        if (r % 9 == 0) {
                            f.appendNull();
                        } else {
                            f.append(filling(r));
                        }
                        c.append(city(r));
                        id.append(r * 5L);
                    }
                    List<Array> cols = List.of(f.build(arena), c.build(arena), id.build(arena));
                    w.write(cols);
                }
            }
            w.finish();
        }
        return target;
    }

    @Test
    void sameBytesOnAnyThreadsAndTheRowsReadBack() throws IOException {
        WriteOptions base =
                WriteOptions.defaults().withTargetChunkBytes(64 << 10).withRowBlock(1024);
        byte[] serial = Files.readAllBytes(write("serial", base.withParallelism(1), 3000));
        Path parallel = write("parallel", base.withParallelism(2), 3000);
        assertArrayEquals(serial, Files.readAllBytes(parallel), "two threads");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Path given = write("given", base.withParallelism(3).withExecutor(pool), 3000);
            assertArrayEquals(serial, Files.readAllBytes(given), "a caller's executor");
        } finally {
            pool.shutdownNow();
        }
        try (VortexFile f = VortexFile.open(parallel);
                Scan scan = f.scan()) {
            dev.jvortex.format.LayoutNode fillingData =
                    f.layout().children().getFirst().children().getFirst();
            assertEquals("vortex.chunked", fillingData.encoding(), "a full dictionary starts a new one");
            assertEquals("vortex.dict", fillingData.children().getFirst().encoding());
            long row = 0;
            for (Batch batch : scan) {
                try (batch) {
                    VarBinViewArray fs = (VarBinViewArray) batch.column(0);
                    VarBinViewArray cs = (VarBinViewArray) batch.column(1);
                    PrimitiveArray ids = (PrimitiveArray) batch.column(2);
                    for (int i = 0; i < batch.rowCount(); i++, row++) {
                        int r = (int) row;
                        if (r % 9 == 0) {
                            assertFalse(fs.isValid(i), "row " + r);
                        } else {
                            assertTrue(fs.isValid(i), "row " + r);
                            assertEquals(filling(r), fs.getString(i), "row " + r);
                        }
                        assertEquals(city(r), cs.getString(i), "row " + r);
                        assertEquals(r * 5L, ids.getLong(i), "row " + r);
                    }
                }
            }
            assertEquals(ROWS, row);
        }
    }
}
