package dev.jvortex.encodings.runend;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.assertStrings;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunEndDecodeTest {
    /// Runs drawn at random: `ends[j]` is the exclusive end of run `j` over `ends[last]` rows.
    record Runs(long[] ends) {
        static Runs random(Random random, int runs) {
            long[] ends = new long[runs];
            long end = 0;
            for (int j = 0; j < runs; j++) {
                end += 1 + (random.nextInt(4) == 0 ? random.nextInt(200) : random.nextInt(5));
                ends[j] = end;
            }
            return new Runs(ends);
        }

        int rows() {
            return ends.length == 0 ? 0 : (int) ends[ends.length - 1];
        }

        /// Returns the run holding physical row `row`.
        int runOf(long row) {
            int j = 0;
            while (ends[j] <= row) {
                j++;
            }
            return j;
        }
    }

    /// The window a slice leaves: runs `[firstRun, lastRun]` of the original, logical row 0 = physical `offset`.
    record Window(int firstRun, int lastRun, long offset, int len) {
        static Window whole(Runs runs) {
            return new Window(0, runs.ends().length - 1, 0, runs.rows());
        }

        static Window random(Random random, Runs runs, boolean keepTrailingRuns) {
            int total = runs.rows();
            long offset = random.nextInt(total);
            int len = 1 + random.nextInt((int) (total - offset));
            int first = runs.runOf(offset);
            int last = keepTrailingRuns ? runs.ends().length - 1 : runs.runOf(offset + len - 1);
            return new Window(first, last, offset, len);
        }

        int runs() {
            return lastRun - firstRun + 1;
        }

        /// Returns the run (index into the window) of logical row `i`.
        int runOfRow(Runs all, int i) {
            return all.runOf(offset + i) - firstRun;
        }
    }

    static TestNode runEnd(Runs runs, Window w, PType endsPtype, EncodedNode values) {
        long[] ends = java.util.Arrays.copyOfRange(runs.ends(), w.firstRun(), w.lastRun() + 1);
        ProtoWriter meta = new ProtoWriter()
                .varintIfNonZero(1, endsPtype.code())
                .varintIfNonZero(2, ends.length)
                .varintIfNonZero(3, w.offset());
        return StringTestArrays.node(
                "vortex.runend", meta, List.of(), StringTestArrays.primitive(endsPtype, ends), values);
    }

    private static PType endsTypeFor(Runs runs, Random random) {
        int rows = runs.rows();
        List<PType> options = new ArrayList<>(List.of(PType.U32, PType.U64, PType.I64));
        if (rows <= 0xFF) {
            options.add(PType.U8);
        }
        if (rows <= 0xFFFF) {
            options.add(PType.U16);
        }
        return options.get(random.nextInt(options.size()));
    }

    @Test
    void expandsPrimitiveRunsOfEveryWidth() {
        PType[] types = {
            PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.I64, PType.U64, PType.F32, PType.F64,
            PType.F16
        };
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            PType ptype = types[(int) (seed % types.length)];
            boolean nullable = seed % 3 != 0;
            Runs runs = Runs.random(random, 1 + random.nextInt(60));
            Window w = seed % 4 == 0 ? Window.whole(runs) : Window.random(random, runs, seed % 5 == 0);
            long[] values = new long[w.runs()];
            boolean[] valid = new boolean[w.runs()];
            for (int j = 0; j < values.length; j++) {
                values[j] = random.nextLong();
                valid[j] = !nullable || random.nextInt(4) != 0;
            }
            TestNode node = runEnd(
                    runs,
                    w,
                    endsTypeFor(runs, random),
                    StringTestArrays.primitive(ptype, values, nullable ? valid : null));
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = assertInstanceOf(
                        PrimitiveArray.class, decode(node, new DType.Primitive(ptype, nullable), w.len(), arena));
                long mask = ptype.byteWidth() == 8 ? -1L : (1L << (8 * ptype.byteWidth())) - 1;
                for (int i = 0; i < w.len(); i++) {
                    int j = w.runOfRow(runs, i);
                    String label = "seed " + seed + " " + ptype + " row " + i;
                    assertEquals(valid[j], a.isValid(i), label);
                    if (valid[j]) {
                        assertEquals(values[j] & mask, a.getLong(i) & mask, label);
                    }
                }
            }
        }
    }

    @Test
    void expandsBoolRuns() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            Runs runs = Runs.random(random, 1 + random.nextInt(50));
            Window w = Window.random(random, runs, seed % 2 == 0);
            boolean[] values = new boolean[w.runs()];
            boolean[] valid = new boolean[w.runs()];
            for (int j = 0; j < values.length; j++) {
                values[j] = random.nextBoolean();
                valid[j] = random.nextInt(3) != 0;
            }
            TestNode bools = TestNode.of(
                    "vortex.bool",
                    new byte[0],
                    StringTestArrays.bools(values).buffers(),
                    StringTestArrays.bools(valid));
            TestNode node = runEnd(runs, w, PType.U32, bools);
            try (Arena arena = Arena.ofConfined()) {
                BoolArray a = assertInstanceOf(BoolArray.class, decode(node, new DType.Bool(true), w.len(), arena));
                for (int i = 0; i < w.len(); i++) {
                    int j = w.runOfRow(runs, i);
                    assertEquals(valid[j], a.isValid(i), "seed " + seed + " row " + i);
                    if (valid[j]) {
                        assertEquals(values[j], a.get(i), "seed " + seed + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void expandsStringRuns() {
        for (long seed = 1; seed <= 15; seed++) {
            Random random = new Random(seed);
            Runs runs = Runs.random(random, 1 + random.nextInt(40));
            Window w = seed % 3 == 0 ? Window.whole(runs) : Window.random(random, runs, false);
            byte[][] values = StringTestArrays.randomStrings(random, w.runs(), 0.2, true);
            TestNode node = runEnd(runs, w, PType.U16, StringTestArrays.varbinview(values, true));
            byte[][] expected = new byte[w.len()][];
            for (int i = 0; i < w.len(); i++) {
                expected[i] = values[w.runOfRow(runs, i)];
            }
            try (Arena arena = Arena.ofConfined()) {
                assertStrings(expected, decode(node, new DType.Utf8(true), w.len(), arena), "seed " + seed);
            }
        }
    }

    @Test
    void expandsDecimalRunsOfWideValues() {
        Random random = new Random(5);
        Runs runs = Runs.random(random, 30);
        Window w = Window.random(random, runs, false);
        BigInteger[] values = new BigInteger[w.runs()];
        MemorySegment data = MemorySegment.ofArray(new byte[w.runs() * 16]);
        for (int j = 0; j < values.length; j++) {
            values[j] = new BigInteger(100, random).subtract(BigInteger.ONE.shiftLeft(99));
            byte[] be = values[j].toByteArray();
            for (int k = 0; k < 16; k++) {
                byte b = k < be.length ? be[be.length - 1 - k] : (byte) (values[j].signum() < 0 ? 0xFF : 0);
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, j * 16L + k, b);
            }
        }
        TestNode decimals =
                TestNode.of("vortex.decimal", new ProtoWriter().varint(1, 4).toByteArray(), List.of(data));
        DType.Decimal dtype = new DType.Decimal(38, 5, false);
        try (Arena arena = Arena.ofConfined()) {
            DecimalArray a = assertInstanceOf(
                    DecimalArray.class,
                    decode(runEnd(runs, w, runs.rows() < 256 ? PType.U8 : PType.U32, decimals), dtype, w.len(), arena));
            for (int i = 0; i < w.len(); i++) {
                assertEquals(values[w.runOfRow(runs, i)], a.getUnscaled(i), "row " + i);
            }
        }
    }

    @Test
    void decodesTheDocumentedExampleAndEmptyArrays() {
        TestNode node = runEnd(
                new Runs(new long[] {2, 5, 10}),
                new Window(0, 2, 0, 10),
                PType.U32,
                StringTestArrays.primitive(PType.I32, 1, 2, 3));
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = (PrimitiveArray) decode(node, new DType.Primitive(PType.I32, false), 10, arena);
            long[] expected = {1, 1, 2, 2, 2, 3, 3, 3, 3, 3};
            for (int i = 0; i < 10; i++) {
                assertEquals(expected[i], a.getLong(i));
            }
            TestNode empty = StringTestArrays.node(
                    "vortex.runend",
                    new ProtoWriter(),
                    List.of(),
                    StringTestArrays.primitive(PType.U8),
                    StringTestArrays.primitive(PType.I64));
            assertEquals(
                    0,
                    decode(empty, new DType.Primitive(PType.I64, true), 0, arena)
                            .length());
            // A zero-length slice may keep its runs.
            TestNode slicedEmpty = runEnd(
                    new Runs(new long[] {2, 5, 10}),
                    new Window(0, 2, 3, 0),
                    PType.U32,
                    StringTestArrays.primitive(PType.I32, 1, 2, 3));
            assertEquals(
                    0,
                    decode(slicedEmpty, new DType.Primitive(PType.I32, false), 0, arena)
                            .length());
        }
    }

    @Test
    void allNullValuesStayAllNull() {
        TestNode allNull = TestNode.of(
                "vortex.primitive",
                new byte[0],
                List.of(MemorySegment.ofArray(new byte[2])),
                StringTestArrays.bools(new boolean[] {false, false}));
        TestNode node = runEnd(new Runs(new long[] {3, 7}), new Window(0, 1, 1, 6), PType.U8, allNull);
        try (Arena arena = Arena.ofConfined()) {
            Array a = decode(node, new DType.Primitive(PType.U8, true), 6, arena);
            for (int i = 0; i < 6; i++) {
                assertTrue(a.isNull(i));
            }
        }
    }

    // ---- corrupt input ----

    private static TestNode raw(long[] ends, long offset, long numRuns, EncodedNode values) {
        ProtoWriter meta =
                new ProtoWriter().varint(1, PType.U64.code()).varint(2, numRuns).varintIfNonZero(3, offset);
        return StringTestArrays.node(
                "vortex.runend", meta, List.of(), StringTestArrays.primitive(PType.U64, ends), values);
    }

    private static final DType I32 = new DType.Primitive(PType.I32, false);

    @Test
    void rejectsDecreasingEnds() {
        TestNode node = raw(new long[] {4, 3, 10}, 0, 3, StringTestArrays.primitive(PType.I32, 1, 2, 3));
        assertTrue(assertCorrupt(node, I32, 10).getMessage().contains("non-decreasing"));
    }

    @Test
    void rejectsEndsBeforeTheOffset() {
        TestNode node = raw(new long[] {2, 5, 10}, 3, 3, StringTestArrays.primitive(PType.I32, 1, 2, 3));
        assertTrue(assertCorrupt(node, I32, 7).getMessage().contains("before the offset"));
    }

    @Test
    void rejectsRunsThatDoNotCoverTheArray() {
        TestNode node = raw(new long[] {2, 5, 10}, 0, 3, StringTestArrays.primitive(PType.I32, 1, 2, 3));
        assertTrue(assertCorrupt(node, I32, 11).getMessage().contains("cover"));
        TestNode offsetTooFar = raw(new long[] {2, 5, 10}, 1, 3, StringTestArrays.primitive(PType.I32, 1, 2, 3));
        assertCorrupt(offsetTooFar, I32, 10);
        TestNode none = raw(new long[0], 0, 0, StringTestArrays.primitive(PType.I32));
        assertCorrupt(none, I32, 1);
    }

    @Test
    void rejectsHugeEndsOffsetsAndWrongShapes() {
        assertCorrupt(raw(new long[] {-1}, 0, 1, StringTestArrays.primitive(PType.I32, 1)), I32, 1);
        assertCorrupt(raw(new long[] {5}, -1, 1, StringTestArrays.primitive(PType.I32, 1)), I32, 1);
        assertCorrupt(raw(new long[] {5}, 0, 1L << 40, StringTestArrays.primitive(PType.I32, 1)), I32, 5);
        TestNode floatEnds = StringTestArrays.node(
                "vortex.runend",
                new ProtoWriter().varint(1, PType.F64.code()).varint(2, 1),
                List.of(),
                StringTestArrays.primitive(PType.F64, Double.doubleToLongBits(5.0)),
                StringTestArrays.primitive(PType.I32, 1));
        assertCorrupt(floatEnds, I32, 5);
        TestNode withBuffer = new TestNode(
                "vortex.runend",
                raw(new long[] {5}, 0, 1, StringTestArrays.primitive(PType.I32, 1))
                        .metadata(),
                List.of(MemorySegment.ofArray(new byte[1])),
                raw(new long[] {5}, 0, 1, StringTestArrays.primitive(PType.I32, 1))
                        .children());
        assertCorrupt(withBuffer, I32, 5);
        // The values child must decode to as many rows as there are runs.
        assertCorrupt(raw(new long[] {2, 5}, 0, 2, StringTestArrays.primitive(PType.I32, 1)), I32, 5);
    }
}
