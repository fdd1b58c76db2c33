package dev.jvortex.encodings.datetime;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DateTimePartsDecodeTest {
    static final long[] UNITS_PER_SECOND = {1_000_000_000L, 1_000_000L, 1_000L, 1L};

    /// The `vortex.timestamp` extension type for unit tag `unit` and an optional zone.
    static DType.Extension timestamp(int unit, String zone, boolean nullable) {
        byte[] tz = zone == null ? new byte[0] : zone.getBytes(StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        meta[2] = (byte) (tz.length >>> 8);
        System.arraycopy(tz, 0, meta, 3, tz.length);
        return new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, nullable), meta);
    }

    static TestNode parts(PType days, PType seconds, PType subseconds, long[] d, long[] s, long[] ss, boolean[] valid) {
        ProtoWriter meta = new ProtoWriter()
                .varintIfNonZero(1, days.code())
                .varintIfNonZero(2, seconds.code())
                .varintIfNonZero(3, subseconds.code());
        return TestNode.of(
                "vortex.datetimeparts",
                meta.toByteArray(),
                List.of(),
                StringTestArrays.primitive(days, d, valid),
                StringTestArrays.primitive(seconds, s),
                StringTestArrays.primitive(subseconds, ss));
    }

    @Test
    void recombinesSplitTimestampsOfEveryUnit() {
        for (int unit = 0; unit < 4; unit++) {
            for (long seed = 1; seed <= 5; seed++) {
                Random random = new Random(seed * 10 + unit);
                long perSecond = UNITS_PER_SECOND[unit];
                int n = random.nextInt(500);
                long[] ts = new long[n];
                long[] d = new long[n];
                long[] s = new long[n];
                long[] ss = new long[n];
                boolean[] valid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    // Within roughly ±250 years, negative (pre-1970) values included.
                    long seconds = random.nextLong(-8_000_000_000L, 8_000_000_000L);
                    ts[i] = seconds * perSecond + (perSecond == 1 ? 0 : random.nextLong(perSecond));
                    // The writer splits with truncating division, so negative values give negative parts.
                    ss[i] = ts[i] % perSecond;
                    long wholeSeconds = ts[i] / perSecond;
                    s[i] = wholeSeconds % 86_400;
                    d[i] = wholeSeconds / 86_400;
                    valid[i] = random.nextInt(6) != 0;
                }
                boolean nullable = seed % 2 == 0;
                DType.Extension dtype = timestamp(unit, seed % 3 == 0 ? "Europe/Amsterdam" : null, nullable);
                TestNode node = parts(PType.I32, PType.I32, PType.I64, d, s, ss, nullable ? valid : null);
                try (Arena arena = Arena.ofConfined()) {
                    ExtensionArray a = assertInstanceOf(ExtensionArray.class, decode(node, dtype, n, arena));
                    assertEquals(dtype, a.dtype());
                    PrimitiveArray storage = assertInstanceOf(PrimitiveArray.class, a.storage());
                    assertEquals(PType.I64, storage.ptype());
                    for (int i = 0; i < n; i++) {
                        assertEquals(!nullable || valid[i], a.isValid(i));
                        assertEquals(ts[i], storage.getLong(i), "unit " + unit + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void decodesNarrowUnsignedPartsAsTheWriterNarrowsThem() {
        // Days after 1970 fit u16, seconds of the day u32, milliseconds u16; constants often become u8.
        long[] d = {18_297, 19_077, 0};
        long[] s = {0, 85_684, 86_399};
        long[] ss = {0, 999, 1};
        TestNode node = parts(PType.U16, PType.U32, PType.U16, d, s, ss, null);
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray storage =
                    (PrimitiveArray) ((ExtensionArray) decode(node, timestamp(2, "UTC", false), 3, arena)).storage();
            for (int i = 0; i < 3; i++) {
                assertEquals((d[i] * 86_400 + s[i]) * 1000 + ss[i], storage.getLong(i));
            }
        }
    }

    @Test
    void rejectsOtherTypesDaysUnitAndBadChildren() {
        TestNode node = parts(PType.I32, PType.U32, PType.U8, new long[] {1}, new long[] {2}, new long[] {3}, null);
        assertCorrupt(node, new DType.Primitive(PType.I64, false), 1);
        assertCorrupt(
                node, new DType.Extension("vortex.date", new DType.Primitive(PType.I64, false), new byte[] {2}), 1);
        assertCorrupt(node, timestamp(4, null, false), 1);
        assertCorrupt(node, timestamp(9, null, false), 1);
        assertCorrupt(
                node, new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, false), new byte[0]), 1);
        assertCorrupt(
                node,
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I32, false), new byte[] {2, 0, 0}),
                1);
        assertCorrupt(
                parts(PType.F32, PType.U32, PType.U8, new long[] {1}, new long[] {2}, new long[] {3}, null),
                timestamp(2, null, false),
                1);
        assertCorrupt(
                TestNode.of("vortex.datetimeparts", new byte[0], List.of(), StringTestArrays.primitive(PType.U8, 1)),
                timestamp(2, null, false),
                1);
        // seconds and subseconds are never nullable
        TestNode nullableSeconds = TestNode.of(
                "vortex.datetimeparts",
                new byte[0],
                List.of(),
                StringTestArrays.primitive(PType.U8, 1),
                StringTestArrays.primitive(PType.U8, new long[] {1}, new boolean[] {true}),
                StringTestArrays.primitive(PType.U8, 1));
        assertCorrupt(nullableSeconds, timestamp(2, null, true), 1);
    }
}
