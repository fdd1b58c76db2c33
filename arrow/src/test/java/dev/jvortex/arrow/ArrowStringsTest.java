package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import dev.jvortex.testing.TestSeeds;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// [ArrowStrings]: FSST and OnPair chunks decoded straight into Arrow buffers give the rows the
/// expected values (built here, not decoded by the code under test), nulls and slices included,
/// and leak no Arrow memory.
class ArrowStringsTest {
    private static final int ROWS = 60_000;
    private static final String[] WORDS = {
        "furiously",
        "quickly",
        "carefully",
        "regular",
        "ironic",
        "final",
        "pending",
        "express",
        "deposits",
        "packages",
        "accounts",
        "requests",
        "theodolites",
        "foxes",
        "blithely",
        "slyly",
        "even",
        "bold",
        "special"
    };

    @TempDir
    Path dir;

    /// Comment-like text (words from a small vocabulary), about 10 % nulls, some empty.
    private static List<String> comments(Random random, int rows) {
        List<String> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            int r = random.nextInt(20);
            if (r < 2) {
                out.add(null);
            } else if (r == 2) {
                out.add("");
            } else {
                StringBuilder sb = new StringBuilder();
                int words = 2 + random.nextInt(9);
                for (int w = 0; w < words; w++) {
                    sb.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
                }
                if (random.nextInt(8) == 0) {
                    sb.append(" #").append(random.nextInt(1_000_000)); // a literal tail FSST escapes
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    /// Log-line-like text: a few templates with numbers, which OnPair tends to win.
    private static List<String> logLines(Random random, int rows) {
        String[] levels = {"INFO", "WARN", "DEBUG"};
        String[] paths = {"/api/v1/orders", "/api/v1/users", "/static/app.js", "/health"};
        List<String> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            out.add(
                    i % 17 == 0
                            ? null
                            : "2026-12-02T08:" + (10 + i % 50) + ":00Z " + levels[random.nextInt(3)] + " GET "
                                    + paths[random.nextInt(4)] + " status=" + (200 + random.nextInt(3) * 100)
                                    + " took=" + random.nextInt(500) + "ms");
        }
        return out;
    }

    private Path write(String name, List<List<String>> columns, List<String> names) {
        Path path = dir.resolve(name);
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            ArrowType type = c == names.size() - 1 ? ArrowType.Binary.INSTANCE : ArrowType.Utf8.INSTANCE;
            fields.add(new Field(names.get(c), FieldType.nullable(type), null));
        }
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
                Arena arena = Arena.ofConfined()) {
            root.allocateNew();
            for (int c = 0; c < names.size(); c++) {
                FieldVector v = root.getVector(c);
                List<String> values = columns.get(c);
                for (int i = 0; i < values.size(); i++) {
                    String s = values.get(i);
                    if (s == null) {
                        continue;
                    }
                    byte[] b = s.getBytes(StandardCharsets.UTF_8);
                    if (v instanceof VarCharVector vc) {
                        vc.setSafe(i, b);
                    } else {
                        ((VarBinaryVector) v).setSafe(i, b);
                    }
                }
                v.setValueCount(values.size());
            }
            root.setRowCount(columns.getFirst().size());
            // Small chunks, so ranges start, end and cross inside them.
            WriteOptions options = WriteOptions.defaults().withTargetChunkBytes(96 * 1024);
            try (VortexWriter w = VortexWriter.create(path, ArrowTypes.toVortex(root.getSchema()), options)) {
                w.write(ArrowImport.toArrays(root, arena));
                w.finish();
            }
        }
        return path;
    }

    /// The root encodings of the flat chunks of column `index`.
    private static Set<String> chunkEncodings(VortexFile file, int index) {
        Set<String> out = new TreeSet<>();
        collect(file, file.layout().children().get(index), out);
        return out;
    }

    private static void collect(VortexFile file, LayoutNode node, Set<String> out) {
        if (node.encoding().equals("vortex.flat")) {
            int seg = node.segments()[0];
            out.add(SerializedArray.parse(
                            file.segments().segment(seg), file.footer().arraySpecs(), "test")
                    .root()
                    .encoding());
        } else if (!node.encoding().equals("vortex.zoned") || node.children().size() < 2) {
            node.children().forEach(c -> collect(file, c, out));
        } else {
            collect(file, node.children().getFirst(), out);
        }
    }

    private static void assertRows(List<String> expected, long from, FieldVector actual, String what) {
        assertEquals(expected.size(), actual.getValueCount(), what + ": rows");
        int nulls = 0;
        for (int i = 0; i < expected.size(); i++) {
            String want = expected.get(i);
            byte[] got = actual instanceof VarCharVector vc ? vc.get(i) : ((VarBinaryVector) actual).get(i);
            if (want == null) {
                nulls++;
                assertTrue(actual.isNull(i), what + ": row " + (from + i) + " is null");
            } else {
                assertArrayEquals(
                        want.getBytes(StandardCharsets.UTF_8), got, what + ": row " + (from + i) + " = " + want);
            }
        }
        assertEquals(nulls, actual.getNullCount(), what + ": null count");
    }

    @Test
    void fsstAndOnPairChunksGoStraightIntoArrowWithNullsAndSlices() {
        long seed = TestSeeds.seeds("ArrowStringsTest", 1)[0];
        Random random = new Random(seed);
        List<String> comments = comments(random, ROWS);
        List<String> logs = logLines(random, ROWS);
        List<String> bytes = comments(random, ROWS);
        Path path = write("strings.vortex", List.of(comments, logs, bytes), List.of("comment", "log", "bin"));
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator()) {
            Set<String> seen = new TreeSet<>();
            for (int c = 0; c < 3; c++) {
                seen.addAll(chunkEncodings(file, c));
            }
            // Our compressor picks OnPair for this text (FSST is covered by the reference's file below).
            assertTrue(seen.contains("vortex.onpair"), "the test data has OnPair chunks: " + seen);
            assertColumns(
                    file,
                    List.of("comment", "log", "bin"),
                    List.of(comments, logs, bytes),
                    allocator,
                    TestSeeds.describe(seed));
        }
    }

    /// The reference's writer picks FSST for the same kind of text (`arrow_oracle.py write-strings`).
    @Test
    @SuppressWarnings("unchecked")
    void fsstChunksWrittenByTheReferenceGoStraightIntoArrow() throws java.io.IOException {
        Path out = Oracle.root().resolve("arrow/target/arrow-oracle-strings");
        Oracle.generated(
                out, "done", "arrow/src/test/python/arrow_oracle.py", List.of("write-strings", out.toString()), 300);
        Map<String, Object> json = Json.parseObject(Files.readString(out.resolve("strings.json")));
        List<String> names = List.of("comment", "log", "bin");
        List<List<String>> values = new ArrayList<>();
        for (String n : names) {
            values.add((List<String>) (List<?>) json.get(n));
        }
        try (VortexFile file = VortexFile.open(out.resolve("strings.vortex"));
                BufferAllocator allocator = new RootAllocator()) {
            Set<String> seen = new TreeSet<>();
            for (int c = 0; c < names.size(); c++) {
                seen.addAll(chunkEncodings(file, c));
            }
            assertTrue(seen.contains("vortex.fsst"), "the reference wrote FSST chunks: " + seen);
            assertColumns(file, names, values, allocator, "reference file");
        }
    }

    /// Every column over ranges that cover all rows, start, end and cross inside chunks, and none.
    private static void assertColumns(
            VortexFile file, List<String> names, List<List<String>> data, BufferAllocator allocator, String context) {
        int rows = (int) file.rowCount();
        List<long[]> ranges = List.of(
                new long[] {0, rows}, // everything
                new long[] {0, 1},
                new long[] {17, 9_000}, // starts inside the first chunk
                new long[] {12_345, 47_890}, // starts and ends inside chunks, crosses several
                new long[] {rows - 3, rows},
                new long[] {rows / 2, rows / 2}); // empty
        for (int c = 0; c < names.size(); c++) {
            for (long[] r : ranges) {
                String what = names.get(c) + " rows [" + r[0] + ", " + r[1] + "), " + context;
                try (FieldVector v = ArrowStrings.read(file, names.get(c), r[0], r[1], allocator)) {
                    assertEquals(
                            names.get(c).equals("bin") ? VarBinaryVector.class : VarCharVector.class,
                            v.getClass(),
                            what);
                    assertRows(data.get(c).subList((int) r[0], (int) r[1]), r[0], v, what);
                }
            }
        }
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory leaked");
    }

    @Test
    void otherColumnsAndBadRangesAreMisuse() {
        Path path = write("s.vortex", List.of(List.of("a", "b")), List.of("bin"));
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator()) {
            assertEquals(
                    VortexException.Kind.MISUSE,
                    assertThrows(VortexException.class, () -> ArrowStrings.read(file, "nope", 0, 1, allocator))
                            .kind());
            assertEquals(
                    VortexException.Kind.MISUSE,
                    assertThrows(VortexException.class, () -> ArrowStrings.read(file, "bin", 1, 3, allocator))
                            .kind());
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }
}
