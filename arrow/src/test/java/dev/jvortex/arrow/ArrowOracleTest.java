package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The Arrow bridge and the typed write API against pyarrow and the reference (`arrow_oracle.py`):
/// the values each side reads are compared in one canonical form (see the script's docs), the
/// expected side computed from plain Java values or written by pyarrow, never by the code under test.
class ArrowOracleTest {
    private static final String SCRIPT = "arrow/src/test/python/arrow_oracle.py";

    @TempDir
    Path dir;

    @Test
    void referenceReadsTypedWritesAndPyarrowReadsOurArrowIpc() throws Exception {
        List<Object[]> rows = EveryType.rows(200, 7);
        DType.Struct schema = EveryType.schema();
        Path vortex = dir.resolve("typed.vortex");
        try (Arena arena = Arena.ofConfined()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (VortexWriter w = VortexWriter.create(vortex, schema, WriteOptions.defaults())) {
                w.write(columns);
                w.finish();
            }
        }
        List<List<Object>> expected = EveryType.canonical(rows);
        assertSame(schema.names(), expected, dump(vortex), "the reference reading our typed write");

        Path file = dir.resolve("typed.arrow");
        ArrowIpc.toArrowFile(vortex, file, 64);
        assertSame(schema.names(), expected, dump(file), "pyarrow reading our Arrow IPC file");
        Path stream = dir.resolve("typed.arrows");
        ArrowIpc.toArrowStream(vortex, stream);
        assertSame(schema.names(), expected, dump(stream), "pyarrow reading our Arrow IPC stream");
    }

    @Test
    void pyarrowAndReferenceFilesComeThroughUsUnchanged() throws Exception {
        Path out = Oracle.root().resolve("arrow/target/arrow-oracle");
        Oracle.generated(out, "done", SCRIPT, List.of("write-all", out.toString()), 300);
        Map<String, Object> all = Json.parseObject(Files.readString(out.resolve("all.json"), StandardCharsets.UTF_8));
        List<String> names = strings(all.get("columns"));
        List<List<Object>> expected = rowsOf(all.get("rows"));

        for (String input : List.of("all.arrow", "all.arrows")) {
            Path ours = dir.resolve(input + ".vortex");
            assertEquals(expected.size(), ArrowIpc.fromArrow(out.resolve(input), ours, WriteOptions.defaults()));
            assertSame(names, expected, dump(ours), "the reference reading our Vortex file from pyarrow's " + input);
        }

        Path exported = dir.resolve("reference.arrow");
        assertEquals(expected.size(), ArrowIpc.toArrowFile(out.resolve("all.vortex"), exported));
        assertSame(names, expected, dump(exported), "pyarrow reading our Arrow export of the reference's file");
    }

    private static Map<String, Object> dump(Path file) throws Exception {
        Oracle.python();
        Oracle.Result r = Oracle.runScript(SCRIPT, List.of("dump", file.toString()), file.getParent(), 300);
        if (!r.ok()) {
            fail("arrow_oracle.py dump " + file + " failed (" + r.status() + "): " + r.stderr());
        }
        return Json.parseObject(r.stdout());
    }

    private static void assertSame(
            List<String> names, List<List<Object>> expected, Map<String, Object> got, String what) {
        assertEquals(names, strings(got.get("columns")), what + ": columns");
        List<List<Object>> rows = rowsOf(got.get("rows"));
        assertEquals(expected.size(), rows.size(), what + ": rows");
        for (int c = 0; c < names.size(); c++) {
            for (int r = 0; r < rows.size(); r++) {
                Object want = expected.get(r).get(c);
                Object have = rows.get(r).get(c);
                if (!java.util.Objects.equals(want, have)) {
                    fail(what + ": column " + names.get(c) + " row " + r + ": expected " + want + " but was " + have);
                }
            }
        }
        assertTrue(!rows.isEmpty(), what + ": no rows");
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        for (Object e : (List<?>) o) {
            out.add((String) e);
        }
        return out;
    }

    private static List<List<Object>> rowsOf(Object o) {
        List<List<Object>> out = new ArrayList<>();
        for (Object row : (List<?>) o) {
            out.add(new ArrayList<>((List<?>) row));
        }
        return out;
    }
}
