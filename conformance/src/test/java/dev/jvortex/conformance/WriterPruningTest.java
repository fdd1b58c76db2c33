package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// The reference prunes with the zone maps we write: a filtered scan of our file reads a small
/// part of it, far less than the same scan of the same file written without zone maps.
class WriterPruningTest {
    private static final int ROWS = 2_000_000;
    private static final int BATCH = 100_000;

    @Test
    void referenceScanPrunesWithOurZoneMaps() throws Exception {
        Path dir = Oracle.root().resolve("conformance/target/pruning");
        Files.createDirectories(dir);
        Path zoned = dir.resolve("zoned.vortex");
        Path plain = dir.resolve("plain.vortex");
        // Canonical leaves: compressed, this id/value data is two sequences of a few bytes and there is nothing to
        // prune.
        write(zoned, WriteOptions.defaults().compress(false));
        write(plain, WriteOptions.defaults().withZoneMaps(false).compress(false));
        // The reference reads ahead by timing: under load it may fetch more than the filter needs,
        // so the pruned scan gets up to three tries and the fewest bytes count.
        Map<String, Object> withZones = probe(zoned);
        for (int attempt = 1;
                attempt < 3 && number(withZones, "bytes_read") * 4 > number(withZones, "file_size");
                attempt++) {
            Map<String, Object> again = probe(zoned);
            if (number(again, "bytes_read") < number(withZones, "bytes_read")) {
                withZones = again;
            }
        }
        Map<String, Object> without = probe(plain);
        long zonedBytes = number(withZones, "bytes_read");
        long plainBytes = number(without, "bytes_read");
        System.out.println("pruning: filtered reference scan read " + zonedBytes + " of "
                + number(withZones, "file_size") + " bytes with our zone maps, " + plainBytes + " of "
                + number(without, "file_size") + " without");
        assertEquals(1, number(withZones, "rows"));
        assertEquals(1, number(without, "rows"));
        assertEquals(List.of("{\"id\":654321,\"value\":1308642}"), withZones.get("lines"));
        assertTrue(
                zonedBytes * 2 < plainBytes,
                "zone maps did not cut the bytes read: " + zonedBytes + " vs " + plainBytes);
    }

    private static long number(Map<String, Object> m, String key) {
        return ((Json.Num) m.get(key)).decimal().longValueExact();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> probe(Path file) throws Exception {
        Oracle.Result r = Oracle.run(
                List.of(
                        Oracle.python().toString(),
                        Oracle.root()
                                .resolve("conformance/src/test/python/prune_probe.py")
                                .toString(),
                        file.toString(),
                        "id",
                        "654321"),
                Oracle.root().resolve("conformance/src/test/python"),
                600);
        assertEquals(0, r.status(), r.stderr());
        return (Map<String, Object>) Json.parse(r.stdout().strip());
    }

    private static void write(Path path, WriteOptions options) {
        DType.Struct schema = DType.struct(
                false, "id", new DType.Primitive(PType.I64, false), "value", new DType.Primitive(PType.I64, true));
        try (VortexWriter w = VortexWriter.create(path, schema, options)) {
            for (int start = 0; start < ROWS; start += BATCH) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment ids = arena.allocate(BATCH * 8L, 8);
                    MemorySegment values = arena.allocate(BATCH * 8L, 8);
                    for (int i = 0; i < BATCH; i++) {
                        ids.setAtIndex(PrimitiveArray.LE_LONG, i, start + i);
                        values.setAtIndex(PrimitiveArray.LE_LONG, i, 2L * (start + i));
                    }
                    List<Array> cols = List.of(
                            new PrimitiveArray(schema.fields().get(0), PType.I64, ids, BATCH, Validity.ALL_VALID),
                            new PrimitiveArray(schema.fields().get(1), PType.I64, values, BATCH, Validity.ALL_VALID));
                    w.write(cols);
                }
            }
            w.finish();
        }
    }
}
