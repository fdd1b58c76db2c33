package dev.jvortex.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `jvx convert --arrow-dictionary`: accepted for Arrow output, and the Arrow file it writes (with
/// dictionary columns; their type is checked in the arrow module's `ArrowDictionaryIpcTest`)
/// converts back to the same rows.
class ArrowDictionaryFlagTest {
    @TempDir
    Path tmp;

    @Test
    void arrowOutputWithDictionaryColumnsKeepsTheRows() throws IOException {
        Path v = tmp.resolve("orders.vortex");
        String csv = Oracle.root().resolve("samples/orders.csv").toString();
        assertEquals(0, MainTest.jvx("convert", csv, v.toString(), "--quiet").status());
        Path arrow = tmp.resolve("orders.arrow");
        MainTest.Run r = MainTest.jvx("convert", v.toString(), arrow.toString(), "--arrow-dictionary", "--quiet");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.size(arrow) > 0);
        Path back = tmp.resolve("back.vortex");
        r = MainTest.jvx("convert", arrow.toString(), back.toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        String expected =
                MainTest.jvx("export", v.toString(), "--format", "csv").out();
        assertEquals(
                expected,
                MainTest.jvx("export", back.toString(), "--format", "csv").out());
        assertTrue(expected.lines().count() > 5000, "the sample's rows and a header");
    }
}
