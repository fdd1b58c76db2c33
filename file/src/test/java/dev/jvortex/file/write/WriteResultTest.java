package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The result of `finish()` against the file it describes, read back: statistics from the file's
/// own statistics, sizes from its footer, encodings and layouts from its layout tree and segments.
class WriteResultTest {
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "score",
            new DType.Primitive(PType.F64, true),
            "city",
            new DType.Utf8(true),
            "note",
            new DType.Utf8(false),
            "flag",
            new DType.Bool(true));
    private static final int ROWS = 50_000;

    @TempDir
    Path dir;

    private static String longNote(int i) {
        return "note " + "x".repeat(80) + "-" + (ROWS - i); // longer than the 64-byte bound
    }

    private WriteResult write(Path target, WriteOptions options) {
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
            for (int start = 0; start < ROWS; start += 7_000) {
                int end = Math.min(ROWS, start + 7_000);
                try (Arena arena = Arena.ofConfined()) {
                    Builders.LongBuilder id = Builders.longs(SCHEMA.fields().get(0));
                    Builders.DoubleBuilder score =
                            Builders.doubles(SCHEMA.fields().get(1));
                    Builders.StringBuilder city =
                            Builders.strings(SCHEMA.fields().get(2));
                    Builders.StringBuilder note =
                            Builders.strings(SCHEMA.fields().get(3));
                    Builders.BoolBuilder flag = Builders.bools(SCHEMA.fields().get(4));
                    for (int i = start; i < end; i++) {
                        id.append(1_000L + i);
                        if (i % 10 == 3) {
                            score.appendNull();
                        } else if (i % 97 == 5) {
                            score.append(Double.NaN);
                        } else {
                            score.append((i % 1000) * 0.25 - 20);
                        }
                        if (i % 5 == 0) {
                            city.appendNull();
                        } else {
                            city.append("city-" + (i % 12));
                        }
                        note.append(longNote(i));
                        if (i % 3 == 0) {
                            flag.appendNull();
                        } else {
                            flag.append(i % 2 == 0);
                        }
                    }
                    List<Array> cols = List.of(
                            id.build(arena),
                            score.build(arena),
                            city.build(arena),
                            note.build(arena),
                            flag.build(arena));
                    w.write(cols);
                }
            }
            return w.finish();
        }
    }

    @Test
    void resultMatchesTheFileReadBack() throws Exception {
        Path target = dir.resolve("r.vortex");
        WriteResult result = write(target, WriteOptions.defaults());
        assertEquals(ROWS, result.rowCount());
        assertEquals(Files.size(target), result.fileSize());
        assertEquals(SCHEMA.size(), result.columns().size());
        try (VortexFile f = VortexFile.open(target)) {
            LayoutNode root = f.layout();
            List<String> specs = f.footer().arraySpecs();
            for (int i = 0; i < SCHEMA.size(); i++) {
                WriteResult.Column c = result.columns().get(i);
                String what = "column " + c.name();
                assertEquals(i, c.position());
                assertEquals(SCHEMA.names().get(i), c.name());
                assertEquals(SCHEMA.fields().get(i), c.dtype());
                assertEquals(ROWS, c.valueCount());
                LayoutNode node = root.children().get(i);
                assertEquals(segmentBytes(f, node), c.storedBytes(), what);
                Set<String> layouts = new LinkedHashSet<>();
                Set<String> encodings = new LinkedHashSet<>();
                walk(f, specs, node, true, layouts, encodings);
                assertEquals(List.copyOf(layouts), c.layouts(), what);
                assertEquals(encodings, Set.copyOf(c.encodings()), what);
                VortexFile.ColumnStatistics s = f.statistics(i);
                assertNotNull(s, what);
                assertEquals(s.nullCount(), c.nullCount(), what);
                assertEquals(s.nanCount(), c.nanCount(), what);
                assertEquals(String.valueOf(s.min()), String.valueOf(c.min()), what);
                assertEquals(String.valueOf(s.max()), String.valueOf(c.max()), what);
                assertEquals(s.minExact(), c.minExact(), what);
                assertEquals(s.maxExact(), c.maxExact(), what);
            }
        }
        // And against the data itself, known without the writer.
        WriteResult.Column id = result.column("id");
        assertEquals(0L, id.nullCount());
        assertEquals(1_000L, id.min().asLong());
        assertEquals(1_000L + ROWS - 1, id.max().asLong());
        WriteResult.Column score = result.column("score");
        assertEquals(ROWS / 10, score.nullCount());
        long nans = 0;
        for (int i = 0; i < ROWS; i++) {
            nans += i % 10 != 3 && i % 97 == 5 ? 1 : 0;
        }
        assertEquals(nans, score.nanCount());
        assertEquals(-20.0, score.min().asDouble());
        assertEquals(999 * 0.25 - 20, score.max().asDouble());
        WriteResult.Column note = result.column("note");
        assertFalse(note.minExact(), "a 64-byte prefix of a longer value is not exact");
        assertTrue(note.min().value().toString().length() <= 64);
        assertTrue(note.max().value().toString().length() <= 64);
        assertTrue(longNote(ROWS - 1).startsWith(note.min().value().toString()));
        assertTrue(
                result.column("city").layouts().contains("vortex.dict"),
                result.column("city").layouts().toString());
        assertNull(result.column("nope"));
    }

    @Test
    void icebergViewIsKeyedByPosition() {
        WriteResult result = write(dir.resolve("i.vortex"), WriteOptions.defaults());
        WriteResult.IcebergMetrics m = result.iceberg();
        assertEquals(ROWS, m.recordCount());
        assertEquals(
                Map.of(0, (long) ROWS, 1, (long) ROWS, 2, (long) ROWS, 3, (long) ROWS, 4, (long) ROWS),
                m.valueCounts());
        for (WriteResult.Column c : result.columns()) {
            assertEquals(c.storedBytes(), m.columnSizes().get(c.position()));
            assertEquals(c.nullCount(), m.nullValueCounts().get(c.position()));
            assertTrue(Objects.equals(c.min(), m.lowerBounds().get(c.position())));
        }
        assertEquals(Set.of(1), m.nanValueCounts().keySet(), "NaN counts for the float column only");
        assertEquals(ROWS / 5, m.nullValueCounts().get(2));
    }

    @Test
    void withoutStatisticsTheCountsAreUnknown() {
        WriteOptions d = WriteOptions.defaults();
        WriteResult result = write(
                dir.resolve("n.vortex"),
                new WriteOptions(d.targetChunkBytes(), d.rowBlock(), false, false, d.dictionaries()));
        for (WriteResult.Column c : result.columns()) {
            assertNull(c.nullCount());
            assertNull(c.min());
            assertTrue(c.storedBytes() > 0);
        }
        assertEquals(Map.of(), result.iceberg().nullValueCounts());
    }

    private static long segmentBytes(VortexFile f, LayoutNode node) {
        long total = 0;
        for (int s : node.segments()) {
            total += f.footer().segments().get(s).length();
        }
        for (LayoutNode c : node.children()) {
            total += segmentBytes(f, c);
        }
        return total;
    }

    /// Collects the layouts and the array encodings under `node`, leaving out zone map tables
    /// (a zoned layout's second child).
    private static void walk(
            VortexFile f,
            List<String> specs,
            LayoutNode node,
            boolean data,
            Set<String> layouts,
            Set<String> encodings) {
        if (!data) {
            return;
        }
        layouts.add(node.encoding());
        for (int s : node.segments()) {
            SerializedArray a = SerializedArray.parse(f.segments().segment(s), specs, "segment " + s);
            collect(a.root(), encodings);
        }
        List<LayoutNode> kids = new ArrayList<>(node.children());
        for (int k = 0; k < kids.size(); k++) {
            walk(f, specs, kids.get(k), !(node.encoding().equals("vortex.zoned") && k == 1), layouts, encodings);
        }
    }

    private static void collect(EncodedNode n, Set<String> into) {
        into.add(n.encoding());
        for (int i = 0; i < n.childCount(); i++) {
            collect(n.child(i), into);
        }
    }
}
