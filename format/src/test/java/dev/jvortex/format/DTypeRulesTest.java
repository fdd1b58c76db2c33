package dev.jvortex.format;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import org.junit.jupiter.api.Test;

/// [DTypes#validate(DType)]: the extension types the reference registers, with the storage
/// type each unit needs (spec dtype.md §4), and the field path in the message.
class DTypeRulesTest {
    private static DType.Extension ext(String id, PType storage, int... meta) {
        byte[] m = new byte[meta.length];
        for (int i = 0; i < meta.length; i++) {
            m[i] = (byte) meta[i];
        }
        return new DType.Extension(id, new DType.Primitive(storage, true), m);
    }

    private static void bad(DType t, String what) {
        VortexException e = assertThrows(
                VortexException.class, () -> DTypes.validate(DType.struct(false, "a", DType.struct(false, "b", t))));
        assertEquals(VortexException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("column 'a.b'"), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @Test
    void validTemporalTypesPass() {
        for (DType t : new DType[] {
            ext("vortex.date", PType.I32, 4),
            ext("vortex.date", PType.I64, 2),
            ext("vortex.time", PType.I64, 0),
            ext("vortex.time", PType.I64, 1),
            ext("vortex.time", PType.I32, 2),
            ext("vortex.time", PType.I32, 3),
            ext("vortex.timestamp", PType.I64, 0, 0, 0),
            ext("vortex.timestamp", PType.I64, 3, 3, 0, 'U', 'T', 'C'),
            ext("vortex.other", PType.U8, 99, 1, 2),
            new DType.Extension(
                    "vortex.uuid",
                    new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, true),
                    new byte[] {4})
        }) {
            assertDoesNotThrow(() -> DTypes.validate(DType.struct(false, "x", t)), t.toString());
        }
    }

    @Test
    void invalidTemporalTypesAreCorrupt() {
        bad(ext("vortex.date", PType.I32, 0), "time unit 0");
        bad(ext("vortex.date", PType.I64, 4), "storage type");
        bad(ext("vortex.date", PType.I32), "0 bytes");
        bad(ext("vortex.date", PType.I32, 4, 0), "2 bytes");
        bad(ext("vortex.time", PType.I32, 4), "time unit 4");
        bad(ext("vortex.time", PType.I32, 0), "storage type");
        bad(ext("vortex.time", PType.I64, 33), "time unit 33");
        bad(ext("vortex.timestamp", PType.I64, 0, 0), "at least 3");
        bad(ext("vortex.timestamp", PType.I64, 5, 0, 0), "time unit 5");
        bad(ext("vortex.timestamp", PType.I64, 0, 4, 0, 'U', 'T', 'C'), "time zone length");
        bad(ext("vortex.timestamp", PType.I64, 0, 1, 0, 0xFF), "UTF-8");
        bad(ext("vortex.timestamp", PType.I32, 0, 0, 0), "storage type");
        bad(
                new DType.Extension(
                        "vortex.uuid",
                        new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 15, true),
                        new byte[0]),
                "16 non-nullable u8");
    }

    @Test
    void decimalBoundsAreCheckedWhenRead() {
        assertEquals(
                VortexException.Kind.CORRUPT,
                assertThrows(VortexException.class, () -> new DType.Decimal(77, 0, false))
                        .kind());
        assertEquals(
                VortexException.Kind.CORRUPT,
                assertThrows(VortexException.class, () -> new DType.Decimal(10, 11, false))
                        .kind());
        assertEquals(
                VortexException.Kind.CORRUPT,
                assertThrows(VortexException.class, () -> PType.fromCode(11)).kind());
    }
}
