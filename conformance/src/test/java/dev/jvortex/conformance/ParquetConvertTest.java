package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.Exporter;
import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/// Converts the Parquet fixtures (written by pyarrow, see
/// `convert/src/test/python/make_parquet_fixtures.py`) with [ParquetConverter], reads the
/// Vortex files back and compares the schema with the one the reference picks for the same
/// Arrow table and every value with the values pyarrow reads from the Parquet file.
class ParquetConvertTest {
    @TempDir
    static Path tmp;

    static Path fixtures() {
        return Oracle.root().resolve("convert/src/test/resources/parquet");
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> manifest() throws IOException {
        return (List<Map<String, Object>>)
                Json.parse(Files.readString(fixtures().resolve("manifest.json")));
    }

    @TestFactory
    Stream<DynamicTest> fixturesConvertExactly() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, Object> entry : manifest()) {
            tests.add(DynamicTest.dynamicTest((String) entry.get("name"), () -> check(entry)));
        }
        assertTrue(tests.size() >= 15);
        return tests.stream();
    }

    private static void check(Map<String, Object> entry) throws IOException {
        Path in = fixtures().resolve((String) entry.get("file"));
        Path out = tmp.resolve(entry.get("name") + ".vortex");
        WriteOptions options = WriteOptions.defaults().withRowBlock(1024).withTargetChunkBytes(64 << 10);
        if (entry.get("error") instanceof String err) {
            VortexException e =
                    assertThrows(VortexException.class, () -> ParquetConverter.convert(in, out, options, r -> {}));
            assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains(err), e.getMessage());
            assertFalse(Files.exists(out), "a failed conversion leaves no file");
            return;
        }
        List<Long> progress = new ArrayList<>();
        ParquetConverter.Result result = ParquetConverter.convert(in, out, options, progress::add);
        long rows = ((Json.Num) entry.get("rows")).decimal().longValueExact();
        assertEquals(rows, result.rows());
        assertEquals(rows, progress.getLast());
        DType.Struct refType;
        try (VortexFile ref = VortexFile.open(fixtures().resolve((String) entry.get("dtype")))) {
            refType = (DType.Struct) ref.dtype();
        }
        try (VortexFile f = VortexFile.open(out)) {
            assertEquals(rows, f.rowCount());
            for (int i = 0; i < refType.size(); i++) {
                assertEquals(
                        refType.names().get(i),
                        ((DType.Struct) f.dtype()).names().get(i));
                assertEquals(
                        refType.fields().get(i),
                        ((DType.Struct) f.dtype()).fields().get(i),
                        "type of column " + refType.names().get(i));
            }
            assertEquals(refType, f.dtype());
            StringWriter w = new StringWriter();
            assertEquals(rows, Exporter.jsonl(f, null, w));
            compare(f.dtype(), fixtures().resolve((String) entry.get("expected")), w.toString());
        }
    }

    @org.junit.jupiter.api.Test
    void jvxConvertCommand() throws IOException {
        Path out = tmp.resolve("cli.vortex");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream errStream = new java.io.PrintStream(err, true, StandardCharsets.UTF_8);
        int status = dev.jvortex.cli.Main.run(
                new String[] {
                    "convert", fixtures().resolve("nested_plain_v1.parquet").toString(), out.toString()
                },
                System.out,
                errStream);
        String msg = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, msg);
        assertTrue(msg.startsWith("jvx: wrote 250 rows ({id=i64, st={"), msg);
        try (VortexFile f = VortexFile.open(out)) {
            assertEquals(250, f.rowCount());
        }
        // An unsupported codec is a one-line error, and no output file.
        err.reset();
        Path bad = tmp.resolve("brotli.vortex");
        status = dev.jvortex.cli.Main.run(
                new String[] {
                    "convert", fixtures().resolve("types_brotli.parquet").toString(), bad.toString()
                },
                System.out,
                errStream);
        assertEquals(3, status); // jvx exit status 3: bad or unsupported data (docs/cli.md)
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("BROTLI is not supported"),
                err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(bad));
    }

    private static void compare(DType dtype, Path expectedGz, String actual) throws IOException {
        try (BufferedReader e = new BufferedReader(new InputStreamReader(
                        new GZIPInputStream(Files.newInputStream(expectedGz)), StandardCharsets.UTF_8));
                BufferedReader a = new BufferedReader(new StringReader(actual))) {
            long row = 0;
            while (true) {
                String el = e.readLine();
                String al = a.readLine();
                if (el == null && al == null) {
                    return;
                }
                if (el == null || al == null) {
                    fail("row " + row + ": " + (el == null ? "extra row " + al : "missing row, expected " + el));
                }
                String d = ValueComparator.diff(dtype, Json.parse(el), Json.parse(al), "row " + row);
                if (d != null) {
                    fail(d);
                }
                row++;
            }
        }
    }
}
