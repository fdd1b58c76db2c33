package dev.jvortex.file.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Builders;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// A well-formed file naming an array encoding or a layout that jvortex does not know fails with
/// an unsupported-feature error naming the id and where it was met, not a corrupt-data error.
/// The files are written by our writer and then have one id renamed in place (same length, so
/// every offset in the footer stays valid).
class UnknownIdsTest {
    private static final DType.Struct SCHEMA = DType.struct(false, "id", new DType.Primitive(PType.I64, false));

    @TempDir
    Path dir;

    @Test
    void layoutIdsRoundTripAndUnknownOnesAreKept() {
        for (LayoutId id : LayoutId.values()) {
            assertSame(id, LayoutId.parse(id.id()));
        }
        ParsedLayoutId unknown = LayoutId.parse("vortex.nope");
        assertInstanceOf(ParsedLayoutId.Unknown.class, unknown);
        assertEquals("vortex.nope", unknown.id());
    }

    @Test
    void unknownArrayEncodingInAFile() throws IOException {
        Path file = write(dir.resolve("enc.vortex"));
        // Uncompressed, the column is a vortex.primitive array; rename its encoding.
        rename(file, EncodingId.PRIMITIVE.id(), "vortex.primitivX");
        VortexException e = assertThrows(VortexException.class, () -> {
            try (VortexFile f = VortexFile.open(file);
                    Scan scan = f.scan()) {
                for (Batch b : scan) {
                    b.close();
                }
            }
        });
        assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("array encoding 'vortex.primitivX' is not supported"), e.getMessage());
        assertTrue(e.getMessage().contains("segment"), "names where: " + e.getMessage());
    }

    @Test
    void unknownLayoutInAFile() throws IOException {
        Path file = write(dir.resolve("layout.vortex"));
        rename(file, LayoutId.FLAT.id(), "vortex.flaX");
        VortexException e = assertThrows(VortexException.class, () -> {
            try (VortexFile f = VortexFile.open(file);
                    Scan scan = f.scan()) {
                for (Batch b : scan) {
                    b.close();
                }
            }
        });
        assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("layout 'vortex.flaX' is not supported"), e.getMessage());
        assertTrue(e.getMessage().contains("layout root"), "names where: " + e.getMessage());
    }

    private static Path write(Path target) {
        WriteOptions options =
                WriteOptions.defaults().compress(false).withZoneMaps(false).withDictionaries(false);
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(target, SCHEMA, options)) {
            Builders.LongBuilder ids = Builders.longs(SCHEMA.fields().get(0));
            for (int i = 0; i < 100; i++) {
                ids.append(i * 7L);
            }
            w.write(List.of(ids.build(arena)));
            w.finish();
        }
        return target;
    }

    /// Replaces every occurrence of `from` in the file by `to` (of the same length); fails when
    /// there is none.
    private static void rename(Path file, String from, String to) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        byte[] a = from.getBytes(StandardCharsets.UTF_8);
        byte[] b = to.getBytes(StandardCharsets.UTF_8);
        assertEquals(a.length, b.length);
        int found = 0;
        outer:
        for (int i = 0; i + a.length <= bytes.length; i++) {
            for (int k = 0; k < a.length; k++) {
                if (bytes[i + k] != a[k]) {
                    continue outer;
                }
            }
            System.arraycopy(b, 0, bytes, i, b.length);
            found++;
        }
        assertTrue(found >= 1, from + " not found in the file");
        Files.write(file, bytes);
    }
}
