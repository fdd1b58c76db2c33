package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.convert.Converter;
import dev.jvortex.convert.Format;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Columns stored dictionary-encoded come out of the Arrow IPC writer as Arrow dictionary columns
/// when asked (`jvx convert --arrow-dictionary`): one dictionary per column for the whole output,
/// checked by Arrow Java (the indices decode to the source's values) and by pyarrow (the column's
/// type is a dictionary and its values equal what the reference reads from the Vortex file).
class ArrowDictionaryIpcTest {
    private static final String SCRIPT = "arrow/src/test/python/arrow_oracle.py";
    private static final String[] CITIES = {"Berlin", "Lisbon", "Oslo", "Lima", "Osaka"};
    private static final int ROWS = 5_000;

    @TempDir
    Path dir;

    @Test
    void dictionaryColumnsBecomeArrowDictionaryColumns() throws IOException, InterruptedException {
        StringBuilder csv = new StringBuilder("id,city,note\n");
        List<String> cities = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            // Later batches bring a value the first batch lacks (Osaka), so one dictionary must span them.
            String city = CITIES[i < 1_000 ? i % 4 : (i * 7) % 5];
            cities.add(city);
            csv.append(i)
                    .append(',')
                    .append(city)
                    .append(",note number ")
                    .append(i * 31)
                    .append('\n');
        }
        Path source = dir.resolve("orders.csv");
        Files.writeString(source, csv, StandardCharsets.UTF_8);
        Path vortex = dir.resolve("orders.vortex");
        Converter.convert(source, Format.CSV, vortex, Format.VORTEX, Converter.Options.defaults());

        Path arrow = dir.resolve("orders.arrow");
        try (VortexFile file = VortexFile.open(vortex)) {
            Set<String> dictionary = ArrowIpc.dictionaryColumns(file);
            assertTrue(dictionary.contains("city"), "city is stored dictionary-encoded: " + dictionary);
            try (OutputStream out = Files.newOutputStream(arrow)) {
                // Small batches: the dictionary must hold values first met in later batches.
                long rows =
                        ArrowIpc.toArrow(file, ScanOptions.all().withMaxBatchRows(700), -1, out, true, Set.of("city"));
                assertEquals(ROWS, rows);
            }
        }
        Path stream = dir.resolve("orders.arrows");
        Converter.convert(
                vortex,
                Format.VORTEX,
                stream,
                Format.ARROW_STREAM,
                Converter.Options.defaults().withArrowDictionary(true));

        // Arrow Java: the field is dictionary-encoded and the indices decode to the source's cities.
        try (BufferAllocator allocator = new RootAllocator();
                ArrowFileReader reader = new ArrowFileReader(Files.newByteChannel(arrow), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            DictionaryEncoding encoding = root.getSchema().findField("city").getDictionary();
            assertNotNull(encoding, "city is an Arrow dictionary column");
            assertNull(root.getSchema().findField("note").getDictionary());
            int row = 0;
            int batches = 0;
            while (reader.loadNextBatch()) {
                batches++;
                Dictionary d = reader.getDictionaryVectors().get(encoding.getId());
                assertEquals(CITIES.length, d.getVector().getValueCount(), "one dictionary of every city");
                FieldVector indices = root.getVector("city");
                try (ValueVector values = DictionaryEncoder.decode(indices, d)) {
                    for (int i = 0; i < root.getRowCount(); i++) {
                        assertEquals(cities.get(row + i), values.getObject(i).toString(), "row " + (row + i));
                    }
                }
                row += root.getRowCount();
            }
            assertEquals(ROWS, row);
            assertTrue(batches > 1, "several record batches");
        }

        // pyarrow: a dictionary type, and the same rows as the reference reads from the Vortex file.
        for (Path p : List.of(arrow, stream)) {
            Oracle.Result types = Oracle.runScript(SCRIPT, List.of("types", p.toString()), dir, 300);
            if (!types.ok()) {
                fail("arrow_oracle.py types " + p + " failed: " + types.stderr());
            }
            Map<String, Object> t = Json.parseObject(types.stdout());
            assertEquals("dictionary<values=string, indices=int32, ordered=0>", t.get("city"), p.toString());
            assertEquals("string", t.get("note"), p.toString());
            Oracle.Result same =
                    Oracle.runScript(SCRIPT, List.of("compare", p.toString(), vortex.toString()), dir, 300);
            assertEquals(p + ": ok", same.stdout().strip(), same.stderr());
        }
    }
}
