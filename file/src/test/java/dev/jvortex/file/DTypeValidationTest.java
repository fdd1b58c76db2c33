package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Issue 18, item 2: the dtype's extension metadata is checked when the file opens. A flipped
/// unit byte is corrupt at open (naming the column), never an `IllegalArgumentException` later;
/// a unit changed to another valid unit opens and scans (the values are then read in that unit).
class DTypeValidationTest {
    private static final DType.Extension TS = new DType.Extension(
            "vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {0, 3, 0, 'U', 'T', 'C'});
    private static final DType.Extension DATE =
            new DType.Extension("vortex.date", new DType.Primitive(PType.I32, false), new byte[] {4});
    private static final DType.Struct SCHEMA = DType.struct(false, "ts", TS, "day", DATE);

    @TempDir
    static Path dir;

    static byte[] bytes;

    @BeforeAll
    static void write() throws Exception {
        Path file = dir.resolve("t.vortex");
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(file, SCHEMA, WriteOptions.defaults())) {
            Builders.LongBuilder ts = Builders.longs(TS.storage());
            Builders.LongBuilder day = Builders.longs(DATE.storage());
            for (int i = 0; i < 1000; i++) {
                ts.append(1_700_000_000_000_000_000L + i * 1_000_000_007L);
                day.append(19_000 + i);
            }
            w.write(List.of(new ExtensionArray(TS, ts.build(arena)), new ExtensionArray(DATE, day.build(arena))));
            w.finish();
        }
        bytes = Files.readAllBytes(file);
    }

    /// Returns the offset of the timestamp's metadata (unit byte, then `3, 0, "UTC"`) in the file.
    private static int metadataAt(int from) {
        byte[] pattern = {0, 3, 0, 'U', 'T', 'C'};
        for (int i = from; i + pattern.length <= bytes.length; i++) {
            boolean match = true;
            for (int k = 0; k < pattern.length && match; k++) {
                match = bytes[i + k] == pattern[k];
            }
            if (match) {
                return i;
            }
        }
        return -1;
    }

    private static Path patched(String name, int offset, byte value) throws Exception {
        byte[] copy = bytes.clone();
        copy[offset] = value;
        Path p = dir.resolve(name);
        Files.write(p, copy);
        return p;
    }

    /// The file's dtype is near its end (before the footer); its metadata is the last match.
    private static int dtypeMetadata() {
        int last = -1;
        for (int at = metadataAt(0); at >= 0; at = metadataAt(at + 1)) {
            last = at;
        }
        assertTrue(last > 0, "metadata bytes not found");
        return last;
    }

    @Test
    void anInvalidUnitIsCorruptAtOpen() throws Exception {
        int at = dtypeMetadata();
        for (byte unit : new byte[] {33, 4, -1}) {
            Path p = patched("unit" + unit + ".vortex", at, unit);
            VortexException e =
                    assertThrows(VortexException.class, () -> VortexFile.open(p).close());
            assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("column 'ts'") && e.getMessage().contains("time unit"), e.getMessage());
        }
    }

    @Test
    void aBadZoneLengthIsCorruptAtOpen() throws Exception {
        int at = dtypeMetadata();
        Path p = patched("tz.vortex", at + 1, (byte) 9);
        VortexException e =
                assertThrows(VortexException.class, () -> VortexFile.open(p).close());
        assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("time zone"), e.getMessage());
    }

    @Test
    void anotherValidUnitOpensAndScans() throws Exception {
        int at = dtypeMetadata();
        Path p = patched("seconds.vortex", at, (byte) 3);
        try (VortexFile f = VortexFile.open(p);
                Scan scan = f.scan()) {
            DType.Extension t =
                    (DType.Extension) ((DType.Struct) f.dtype()).fields().get(0);
            assertEquals(3, t.metadata()[0]);
            long rows = 0;
            for (Batch b : scan) {
                try (b) {
                    PrimitiveArray ts = (PrimitiveArray) ((ExtensionArray) b.column("ts")).storage();
                    for (int i = 0; i < b.rowCount(); i++) {
                        assertEquals(1_700_000_000_000_000_000L + (rows + i) * 1_000_000_007L, ts.getLong(i));
                    }
                    rows += b.rowCount();
                }
            }
            assertEquals(1000, rows);
        }
    }
}
