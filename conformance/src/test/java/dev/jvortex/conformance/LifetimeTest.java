package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.cli.ValueFormat;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Json;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// Batches stay valid until they are closed, however many later batches were read (decoded
/// chunks and dictionaries are shared between batches), and fail loudly afterwards.
class LifetimeTest {
    @Test
    void batchesHeldOpenKeepTheirValuesAndFailAfterClose() throws Exception {
        Path corpus = Corpus.of("default");
        for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
            String name = (String) entry.get("name");
            if (!List.of("big", "low_cardinality", "strings_fsst", "lists", "orders")
                    .contains(name)) {
                continue;
            }
            try (VortexFile f = VortexFile.open(corpus.resolve((String) entry.get("file")))) {
                DType.Struct schema = (DType.Struct) f.dtype();
                List<Batch> batches = new ArrayList<>();
                try (Scan scan = f.scan(ScanOptions.all().withMaxBatchRows(3000))) {
                    for (Batch b : scan) {
                        batches.add(b);
                    }
                }
                assertTrue(batches.size() > 1, name + ": expected several batches");
                try (BufferedReader expected = Files.newBufferedReader(
                        corpus.resolve((String) entry.get("expected")), StandardCharsets.UTF_8)) {
                    for (Batch b : batches) {
                        for (int i = 0; i < b.rowCount(); i++) {
                            StringBuilder sb = new StringBuilder("{");
                            for (int c = 0; c < b.columnCount(); c++) {
                                if (c > 0) {
                                    sb.append(',');
                                }
                                ValueFormat.quote(sb, schema.names().get(c));
                                sb.append(':');
                                ValueFormat.json(sb, b.column(c), i);
                            }
                            sb.append('}');
                            String d = ValueComparator.diff(
                                    schema,
                                    Json.parse(expected.readLine()),
                                    Json.parse(sb.toString()),
                                    name + " row " + (b.firstRow() + i));
                            assertEquals(null, d);
                        }
                    }
                }
                Batch first = batches.getFirst();
                Array column = first.column(0);
                batches.forEach(Batch::close);
                assertThrows(VortexException.class, () -> first.column(0), "column access after close");
                if (!(column instanceof dev.jvortex.core.array.NullArray)) {
                    StringBuilder sb = new StringBuilder();
                    try {
                        // Zero-copy slices of the still-open file may stay readable; decoded memory must not.
                        ValueFormat.json(sb, column, 0);
                    } catch (IllegalStateException expectedAfterClose) {
                        assertTrue(expectedAfterClose.getMessage().contains("closed"), expectedAfterClose.getMessage());
                    }
                }
            }
        }
    }
}
