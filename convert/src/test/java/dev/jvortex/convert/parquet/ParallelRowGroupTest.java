package dev.jvortex.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.convert.Trace;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.ArrayRows;
import dev.jvortex.testing.CanonicalArrays;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// A row group large enough to be decoded by several threads (one task per top-level field,
/// a struct field spanning two columns), read into a shared arena (fields assembled on the
/// helper threads) and a confined one (assembled by the calling thread), against the arrays
/// that were written; and the trace marks of a conversion.
class ParallelRowGroupTest {
    private static final int ROWS = 20_000;

    @TempDir
    Path tmp;

    private List<Array> source;
    private DType.Struct schema;

    private Path write(Arena arena) throws IOException {
        Random r = new Random(7);
        long[] ids = new long[ROWS];
        long[] a = new long[ROWS];
        long[] b = new long[ROWS];
        boolean[] valid = new boolean[ROWS];
        String[] names = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            ids[i] = i * 3L;
            a[i] = r.nextInt(1000);
            b[i] = r.nextLong();
            valid[i] = r.nextInt(10) != 0;
            names[i] = r.nextInt(5) == 0 ? null : "name-" + r.nextInt(300);
        }
        Array inner1 = CanonicalArrays.ints(PType.I32, a, null);
        Array inner2 = CanonicalArrays.ints(PType.I64, b, valid);
        DType.Struct innerType = DType.struct(List.of("x", "y"), List.of(inner1.dtype(), inner2.dtype()));
        Array inner = new StructArray(innerType, List.of(inner1, inner2), ROWS, Validity.ALL_VALID);
        source =
                List.of(CanonicalArrays.ints(PType.I64, ids, null), CanonicalArrays.strings(names, true, arena), inner);
        schema = DType.struct(
                List.of("id", "name", "pair"),
                List.of(source.get(0).dtype(), source.get(1).dtype(), innerType));
        Path file = tmp.resolve("wide.parquet");
        try (OutputStream out = Files.newOutputStream(file);
                ParquetWriter w = ParquetWriter.create(out, schema, ParquetWriter.Options.defaults())) {
            w.write(source);
            w.finish();
        }
        return file;
    }

    private void check(List<Array> got) {
        assertEquals(source.size(), got.size());
        for (int f = 0; f < source.size(); f++) {
            ArrayRows.assertSameRows(source.get(f), got.get(f), schema.names().get(f));
        }
    }

    /// Writes the file with `arena`'s arrays and reads its one row group back into `arena`.
    private void roundTrip(Arena arena) throws IOException {
        Path file = write(arena);
        try (ParquetFile pq = ParquetFile.open(file)) {
            assertEquals(1, pq.rowGroupCount());
            check(pq.readRowGroup(0, arena));
        }
    }

    @Test
    void sharedArenaAssemblesOnHelpers() throws IOException {
        try (Arena arena = Arena.ofShared()) {
            roundTrip(arena);
        }
    }

    @Test
    void confinedArenaAssemblesOnTheCaller() throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            roundTrip(arena);
        }
    }

    @Test
    void budgetFailureIsAVortexException() throws IOException {
        try (Arena arena = Arena.ofShared()) {
            Path file = write(arena);
            try (ParquetFile pq = ParquetFile.open(file)) {
                assertThrows(VortexException.class, () -> pq.readRowGroup(0, arena, 1000));
            }
        }
    }

    @Test
    void conversionMarksItsPhases() throws IOException {
        Path file;
        try (Arena arena = Arena.ofShared()) {
            file = write(arena);
        }
        List<String> marks = Collections.synchronizedList(new ArrayList<>());
        Trace.to((phase, nanos) -> marks.add(phase));
        try {
            ParquetConverter.convert(file, tmp.resolve("out.vortex"), WriteOptions.defaults(), rows -> {});
        } finally {
            Trace.to(null);
        }
        assertEquals(5, marks.size(), marks.toString());
        assertEquals("parquet: footer read (1 row groups, 20000 rows)", marks.get(0));
        assertTrue(marks.get(1).startsWith("row group 0: 20,000 rows decoded in "), marks.get(1));
        assertTrue(marks.get(2).startsWith("all rows handed to the writer"), marks.get(2));
        assertEquals(List.of("writer finished", "file closed"), marks.subList(3, 5));
    }
}
