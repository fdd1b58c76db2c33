package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DeltaDecoderTest {
    static final long SEED = BitPackedDecoderTest.SEED;

    /// Delta-encodes `values` (already padded as the caller wants) the way the layout describes:
    /// per whole block transpose, then per lane differences from a random base; a partial last
    /// block (legacy) is coded sequentially from one extra base. Validity is bit-transposed per
    /// block unless there is a partial block.
    static TestNode encode(Random random, PType ptype, long[] values, boolean[] valid, int offset) {
        int bits = ptype.bitWidth();
        int lanes = 1024 / bits;
        int full = values.length / 1024;
        int tail = values.length % 1024;
        long[] bases = new long[full * lanes + (tail > 0 ? 1 : 0)];
        long[] deltas = new long[values.length];
        for (int c = 0; c < full; c++) {
            long[] t = new long[1024];
            for (int i = 0; i < 1024; i++) {
                t[i] = values[c * 1024 + ReferenceFastLanes.transpose(i)];
            }
            for (int lane = 0; lane < lanes; lane++) {
                long prev = random.nextInt(4) == 0 ? TestArrays.random(random, bits) : t[lane];
                bases[c * lanes + lane] = prev;
                for (int row = 0; row < bits; row++) {
                    int p = ReferenceFastLanes.index(row, lane);
                    deltas[c * 1024 + p] = t[p] - prev;
                    prev = t[p];
                }
            }
        }
        if (tail > 0) {
            long prev = TestArrays.random(random, bits);
            bases[bases.length - 1] = prev;
            for (int k = 0; k < tail; k++) {
                deltas[full * 1024 + k] = values[full * 1024 + k] - prev;
                prev = values[full * 1024 + k];
            }
        }
        boolean[] storedValid = null;
        if (valid != null) {
            storedValid = new boolean[values.length];
            for (int q = 0; q < values.length; q++) {
                int c = q / 1024;
                if (tail == 0) {
                    storedValid[c * 1024 + ReferenceFastLanes.transpose(q % 1024)] = valid[q];
                } else {
                    storedValid[q] = valid[q];
                }
            }
        }
        byte[] meta = new ProtoWriter()
                .varintIfNonZero(1, values.length)
                .varintIfNonZero(2, offset)
                .toByteArray();
        return TestNode.of(
                "fastlanes.delta",
                meta,
                List.of(),
                TestArrays.primitive(ptype, bases),
                TestArrays.primitive(ptype, deltas, storedValid));
    }

    private static void roundTrip(
            Random random, PType ptype, int storedLen, int offset, int len, boolean nullable, String what) {
        long[] values = new long[storedLen];
        long v = TestArrays.random(random, ptype.bitWidth());
        for (int q = 0; q < storedLen; q++) {
            v += random.nextInt(3) == 0 ? TestArrays.random(random, ptype.bitWidth()) : random.nextInt(50) - 10;
            values[q] = TestArrays.canonical(ptype, v);
        }
        boolean[] valid = nullable ? TestArrays.validity(random, storedLen, 0.3) : null;
        TestNode node = encode(random, ptype, values, valid, offset);
        long[] expected = java.util.Arrays.copyOfRange(values, offset, offset + len);
        boolean[] expectedValid = valid == null ? null : java.util.Arrays.copyOfRange(valid, offset, offset + len);
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = TestArrays.decode(node, ptype, nullable, len, arena);
            TestArrays.assertValues(a, expected, expectedValid, what);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"})
    void paddedBlocksWithOffsetsAndNulls(PType ptype) {
        Random random = new Random(SEED + 11 * ptype.ordinal());
        for (int round = 0; round < 10; round++) {
            int blocks = 1 + random.nextInt(3);
            int offset = round % 2 == 0 ? 0 : random.nextInt(1024);
            int len = random.nextInt(blocks * 1024 - offset + 1);
            roundTrip(random, ptype, blocks * 1024, offset, len, round % 3 == 0, ptype + " round " + round);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I16", "U32", "I64"})
    void legacyPartialTail(PType ptype) {
        Random random = new Random(SEED + 13 * ptype.ordinal());
        for (int round = 0; round < 8; round++) {
            int stored = random.nextInt(3) * 1024 + 1 + random.nextInt(1023);
            int offset = round % 2 == 0 ? 0 : random.nextInt(Math.min(1024, stored));
            int len = stored - offset - (round % 3 == 0 ? random.nextInt(stored - offset) : 0);
            roundTrip(random, ptype, stored, offset, len, round % 4 == 1, ptype + " legacy round " + round);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I16", "U32", "I64"})
    void validityAsAThirdChild(PType ptype) {
        Random random = new Random(SEED + 19 * ptype.ordinal());
        for (int round = 0; round < 6; round++) {
            int blocks = 1 + random.nextInt(3);
            int offset = round % 2 == 0 ? 0 : random.nextInt(1024);
            int len = random.nextInt(blocks * 1024 - offset + 1);
            long[] values = new long[blocks * 1024];
            for (int q = 0; q < values.length; q++) {
                values[q] = TestArrays.random(random, ptype.bitWidth());
            }
            boolean[] valid = TestArrays.validity(random, len, 0.3);
            TestNode twoChildren = encode(random, ptype, values, null, offset);
            TestNode node = new TestNode(
                    "fastlanes.delta",
                    twoChildren.metadata(),
                    List.of(),
                    List.of(twoChildren.child(0), twoChildren.child(1), TestArrays.bools(valid)));
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, true, len, arena);
                TestArrays.assertValues(
                        a,
                        java.util.Arrays.copyOfRange(values, offset, offset + len),
                        valid,
                        ptype + " round " + round);
            }
        }
    }

    @Test
    void thirdChildFormHasNonNullDeltas() {
        boolean[] stored = new boolean[1024];
        TestNode node = TestNode.of(
                "fastlanes.delta",
                new ProtoWriter().varint(1, 1024).toByteArray(),
                List.of(),
                TestArrays.primitive(PType.U32, new long[32]),
                TestArrays.primitive(PType.U32, new long[1024], stored),
                TestArrays.bools(new boolean[10]));
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(PType.U32, true), 10, arena));
        }
    }

    private static void rejects(TestNode node, PType ptype, int len) {
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(ptype, false), len, arena));
        }
    }

    @Test
    void rejectsBadShapes() {
        long[] bases = new long[32];
        long[] deltas = new long[1024];
        byte[] meta = new ProtoWriter().varint(1, 1024).toByteArray();
        // more rows than deltas
        rejects(
                TestNode.of(
                        "fastlanes.delta",
                        meta,
                        List.of(),
                        TestArrays.primitive(PType.U32, bases),
                        TestArrays.primitive(PType.U32, deltas)),
                PType.U32,
                1025);
        // offset of a whole block
        byte[] offset = new ProtoWriter().varint(1, 1024).varint(2, 1024).toByteArray();
        rejects(
                TestNode.of(
                        "fastlanes.delta",
                        offset,
                        List.of(),
                        TestArrays.primitive(PType.U32, bases),
                        TestArrays.primitive(PType.U32, deltas)),
                PType.U32,
                0);
        // too few bases
        rejects(
                TestNode.of(
                        "fastlanes.delta",
                        meta,
                        List.of(),
                        TestArrays.primitive(PType.U32, new long[31]),
                        TestArrays.primitive(PType.U32, deltas)),
                PType.U32,
                1024);
        // deltas_len beyond int
        byte[] huge = new ProtoWriter().varint(1, 1L << 40).toByteArray();
        rejects(
                TestNode.of(
                        "fastlanes.delta",
                        huge,
                        List.of(),
                        TestArrays.primitive(PType.U32, bases),
                        TestArrays.primitive(PType.U32, deltas)),
                PType.U32,
                10);
        // one child
        rejects(TestNode.of("fastlanes.delta", meta, List.of(), TestArrays.primitive(PType.U32, bases)), PType.U32, 10);
    }
}
