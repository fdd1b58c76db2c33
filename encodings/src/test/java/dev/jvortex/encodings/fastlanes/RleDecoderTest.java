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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RleDecoderTest {
    static final long SEED = BitPackedDecoderTest.SEED;

    /// RLE-encodes whole blocks of `values`: per block the run values in order and, per row, the
    /// number of value changes so far. Null rows get garbage indices; `firstOffset` makes the
    /// value offsets absolute as after slicing.
    static TestNode encode(
            Random random,
            PType ptype,
            long[] values,
            boolean[] valid,
            int offset,
            long firstOffset,
            PType indicesPtype) {
        int blocks = values.length / 1024;
        List<Long> runValues = new ArrayList<>();
        long[] indices = new long[values.length];
        long[] starts = new long[blocks];
        for (int c = 0; c < blocks; c++) {
            starts[c] = firstOffset + runValues.size();
            int first = runValues.size();
            runValues.add(values[c * 1024]);
            for (int j = 0; j < 1024; j++) {
                long v = values[c * 1024 + j];
                if (v != runValues.getLast()) {
                    runValues.add(v);
                }
                indices[c * 1024 + j] = runValues.size() - 1 - first;
            }
            int count = runValues.size() - first;
            for (int j = 0; j < 1024; j++) {
                int q = c * 1024 + j;
                if ((valid != null && !valid[q]) || (count == 1 && random.nextInt(8) == 0)) {
                    indices[q] = TestArrays.random(random, indicesPtype.bitWidth()); // anything goes here
                }
            }
        }
        long[] vals = runValues.stream().mapToLong(Long::longValue).toArray();
        byte[] meta = new ProtoWriter()
                .varintIfNonZero(1, vals.length)
                .varintIfNonZero(2, indices.length)
                .varintIfNonZero(3, indicesPtype.code())
                .varintIfNonZero(4, blocks)
                .varintIfNonZero(5, PType.U64.code())
                .varintIfNonZero(6, offset)
                .toByteArray();
        return TestNode.of(
                "fastlanes.rle",
                meta,
                List.of(),
                TestArrays.primitive(ptype, vals),
                TestArrays.primitive(indicesPtype, indices, valid),
                TestArrays.primitive(PType.U64, starts));
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64", "F16", "F32", "F64"})
    void runsWithOffsetsNullsAndSingleRunBlocks(PType ptype) {
        Random random = new Random(SEED + 17 * ptype.ordinal());
        for (int round = 0; round < 10; round++) {
            int blocks = 1 + random.nextInt(3);
            long[] values = new long[blocks * 1024];
            int distinct = round % 3 == 0 ? 1 : 2 + random.nextInt(20);
            long[] palette = new long[distinct];
            for (int k = 0; k < distinct; k++) {
                palette[k] = TestArrays.random(random, ptype.bitWidth());
            }
            long current = palette[0];
            for (int q = 0; q < values.length; q++) {
                if (random.nextInt(round % 2 == 0 ? 5 : 200) == 0) {
                    current = palette[random.nextInt(distinct)];
                }
                values[q] = current;
            }
            boolean nullable = round % 4 == 1;
            boolean[] valid = nullable ? TestArrays.validity(random, values.length, 0.25) : null;
            int offset = round % 2 == 0 ? 0 : random.nextInt(1024);
            int len = random.nextInt(blocks * 1024 - offset + 1);
            PType indices = round % 5 == 2 ? PType.U8 : PType.U16;
            TestNode node =
                    encode(random, ptype, values, valid, offset, round % 2 == 0 ? 0 : 1 + random.nextInt(100), indices);
            long[] expected = Arrays.copyOfRange(values, offset, offset + len);
            boolean[] expectedValid = valid == null ? null : Arrays.copyOfRange(valid, offset, offset + len);
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, nullable, len, arena);
                TestArrays.assertValues(a, expected, expectedValid, ptype + " round " + round);
            }
        }
    }

    private static void rejects(TestNode node, PType ptype, int len) {
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(ptype, false), len, arena));
        }
    }

    private static byte[] meta(long values, long indices, PType indicesPtype, long offsets, long offset) {
        return new ProtoWriter()
                .varint(1, values)
                .varint(2, indices)
                .varint(3, indicesPtype.code())
                .varint(4, offsets)
                .varint(5, PType.U32.code())
                .varint(6, offset)
                .toByteArray();
    }

    @Test
    void rejectsIndexPastTheBlockValues() {
        long[] indices = new long[1024];
        indices[7] = 2;
        TestNode node = TestNode.of(
                "fastlanes.rle",
                meta(2, 1024, PType.U16, 1, 0),
                List.of(),
                TestArrays.primitive(PType.I32, new long[] {5, 6}),
                TestArrays.primitive(PType.U16, indices),
                TestArrays.primitive(PType.U32, new long[] {0}));
        rejects(node, PType.I32, 1024);
    }

    @Test
    void rejectsBadShapes() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {5, 6});
        TestNode indices = TestArrays.primitive(PType.U16, new long[1024]);
        TestNode offsets = TestArrays.primitive(PType.U32, new long[] {0});
        // indices not whole blocks
        rejects(
                TestNode.of(
                        "fastlanes.rle",
                        meta(2, 1000, PType.U16, 1, 0),
                        List.of(),
                        values,
                        TestArrays.primitive(PType.U16, new long[1000]),
                        offsets),
                PType.I32,
                1000);
        // more rows than indices
        rejects(
                TestNode.of("fastlanes.rle", meta(2, 1024, PType.U16, 1, 0), List.of(), values, indices, offsets),
                PType.I32,
                1025);
        // offset too large
        rejects(
                TestNode.of("fastlanes.rle", meta(2, 1024, PType.U16, 1, 1024), List.of(), values, indices, offsets),
                PType.I32,
                0);
        // too few value offsets
        rejects(
                TestNode.of(
                        "fastlanes.rle",
                        meta(2, 2048, PType.U16, 1, 0),
                        List.of(),
                        values,
                        TestArrays.primitive(PType.U16, new long[2048]),
                        offsets),
                PType.I32,
                2000);
        // value offsets beyond the values
        rejects(
                TestNode.of(
                        "fastlanes.rle",
                        meta(2, 2048, PType.U16, 2, 0),
                        List.of(),
                        values,
                        TestArrays.primitive(PType.U16, new long[2048]),
                        TestArrays.primitive(PType.U32, new long[] {0, 9})),
                PType.I32,
                2000);
        // signed indices
        rejects(
                TestNode.of(
                        "fastlanes.rle",
                        meta(2, 1024, PType.I16, 1, 0),
                        List.of(),
                        values,
                        TestArrays.primitive(PType.I16, new long[1024]),
                        offsets),
                PType.I32,
                10);
        // no values
        rejects(
                TestNode.of(
                        "fastlanes.rle",
                        meta(0, 1024, PType.U16, 1, 0),
                        List.of(),
                        TestArrays.primitive(PType.I32, new long[0]),
                        indices,
                        offsets),
                PType.I32,
                10);
    }
}
