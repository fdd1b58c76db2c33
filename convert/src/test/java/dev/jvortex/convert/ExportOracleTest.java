package dev.jvortex.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.convert.parquet.ParquetWriter;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/// Vortex files written by the reference (every dtype the corpus has, nested ones too) converted
/// by us to Parquet, CSV and JSON Lines, then read independently: Parquet by pyarrow, CSV by
/// Python's `csv` module, JSON Lines by its `json` module; the values must equal the source as
/// the reference reads it (`src/test/python/parquet_out.py`).
class ExportOracleTest {
    private static final String SCRIPT = "convert/src/test/python/parquet_out.py";

    @TempDir
    Path tmp;

    private static Path sources() {
        Path dir = Oracle.root().resolve("convert/target/export-sources");
        return Oracle.generated(dir, "done", SCRIPT, List.of("make", dir.toString()), 600);
    }

    private static void oracle(String... args) throws IOException, InterruptedException {
        Oracle.Result r = Oracle.runScript(SCRIPT, List.of(args), Oracle.root(), 600);
        assertEquals(0, r.status(), r.stdout() + r.stderr());
        assertTrue(r.stdout().contains(" rows"), r.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"types", "nested", "empty"})
    void parquetReadByPyarrowEqualsSource(String name) throws Exception {
        Path src = sources().resolve(name + ".vortex");
        Path out = tmp.resolve(name + ".parquet");
        Converter.convert(src, Format.VORTEX, out, Format.PARQUET, Converter.Options.defaults());
        oracle("check", src.toString(), out.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"types", "nested"})
    void smallRowGroupsUncompressedNoDictionary(String name) throws Exception {
        Path src = sources().resolve(name + ".vortex");
        Path out = tmp.resolve(name + ".parquet");
        ParquetWriter.Options p = ParquetWriter.Options.defaults()
                .withCodec(ParquetWriter.Codec.UNCOMPRESSED)
                .withRowGroup(64 << 10, 1000)
                .withDictionary(false);
        Converter.convert(
                src,
                Format.VORTEX,
                out,
                Format.PARQUET,
                Converter.Options.defaults().withParquet(p));
        oracle("check", src.toString(), out.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "jsonl"})
    void textReadByPythonEqualsSource(String format) throws Exception {
        Path src = sources().resolve("types.vortex");
        Path out = tmp.resolve("types." + format);
        Converter.convert(src, Format.VORTEX, out, Format.named(format), Converter.Options.defaults());
        oracle("text", src.toString(), out.toString(), format);
    }

    @ParameterizedTest
    @ValueSource(strings = {"types", "nested"})
    void parquetRoundTripThroughOurReader(String name) throws Exception {
        Path src = sources().resolve(name + ".vortex");
        Path pq = tmp.resolve(name + ".parquet");
        Path back = tmp.resolve(name + ".back.vortex");
        Converter.convert(src, Format.VORTEX, pq, Format.PARQUET, Converter.Options.defaults());
        Converter.convert(pq, Format.PARQUET, back, Format.VORTEX, Converter.Options.defaults());
        try (VortexFile a = VortexFile.open(src);
                VortexFile b = VortexFile.open(back)) {
            assertEquals(a.rowCount(), b.rowCount());
        }
        assertTrue(Files.size(back) > 0);
    }
}
