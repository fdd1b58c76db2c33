package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlpDecoderTest {
    static final long SEED = Long.getLong("jvortex.seed", 20260701L);

    /// The oracle: `x × 10^f` rounded to the float type, then `× 10^-e` rounded again, computed
    /// with exact decimal arithmetic and the powers parsed from text.
    static double oracle64(long encoded, int e, int f) {
        BigDecimal x = new BigDecimal((double) encoded);
        double step = x.multiply(new BigDecimal(Double.parseDouble("1e" + f))).doubleValue();
        return new BigDecimal(step)
                .multiply(new BigDecimal(Double.parseDouble("1e-" + e)))
                .doubleValue();
    }

    static float oracle32(int encoded, int e, int f) {
        BigDecimal x = new BigDecimal((float) encoded);
        float step = x.multiply(new BigDecimal(Float.parseFloat("1e" + f))).floatValue();
        return new BigDecimal(step)
                .multiply(new BigDecimal(Float.parseFloat("1e-" + e)))
                .floatValue();
    }

    @Test
    void powerTablesAreTheCorrectlyRoundedLiterals() {
        for (int k = 0; k < AlpDecoder.F10_F32.length; k++) {
            assertEquals(Float.parseFloat("1e" + k), AlpDecoder.F10_F32[k], "f32 10^" + k);
            assertEquals(Float.parseFloat("1e-" + k), AlpDecoder.IF10_F32[k], "f32 10^-" + k);
        }
        for (int k = 0; k < AlpDecoder.F10_F64.length; k++) {
            assertEquals(Double.parseDouble("1e" + k), AlpDecoder.F10_F64[k], "f64 10^" + k);
            assertEquals(Double.parseDouble("1e-" + k), AlpDecoder.IF10_F64[k], "f64 10^-" + k);
        }
        assertEquals(11, AlpDecoder.F10_F32.length);
        assertEquals(24, AlpDecoder.F10_F64.length);
    }

    /// Builds an ALP node: encodes `values` with exponents (e, f), turning every value that does not
    /// come back exactly into a patch (its encoded slot holds a fill value).
    static TestNode encode(
            PType ptype,
            double[] values,
            boolean[] valid,
            int e,
            int f,
            boolean chunkOffsets,
            long patchOffset,
            List<Integer> patchRows) {
        boolean f32 = ptype == PType.F32;
        long[] encoded = new long[values.length];
        List<Long> idx = new ArrayList<>();
        List<Long> patchBits = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            double scaled = v * Math.pow(10, e) / Math.pow(10, f);
            long enc = Double.isFinite(scaled) && Math.abs(scaled) < (f32 ? 1e9 : 1e18) ? Math.round(scaled) : 0;
            boolean exact = f32
                    ? Float.floatToRawIntBits(oracle32((int) enc, e, f)) == Float.floatToRawIntBits((float) v)
                    : Double.doubleToRawLongBits(oracle64(enc, e, f)) == Double.doubleToRawLongBits(v);
            if (exact) {
                encoded[i] = enc;
            } else {
                encoded[i] = 7; // fill
                idx.add(i + patchOffset);
                patchBits.add(f32 ? Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL : Double.doubleToRawLongBits(v));
                patchRows.add(i);
            }
        }
        ProtoWriter meta = new ProtoWriter().varintIfNonZero(1, e).varintIfNonZero(2, f);
        List<EncodedNode> children = new ArrayList<>();
        children.add(TestArrays.primitive(f32 ? PType.I32 : PType.I64, encoded, valid));
        if (!idx.isEmpty()) {
            ProtoWriter pm = new ProtoWriter()
                    .varint(1, idx.size())
                    .varintIfNonZero(2, patchOffset)
                    .varint(3, PType.U32.code());
            children.add(TestArrays.primitive(
                    PType.U32, idx.stream().mapToLong(Long::longValue).toArray()));
            children.add(TestArrays.primitive(
                    ptype, patchBits.stream().mapToLong(Long::longValue).toArray()));
            if (chunkOffsets) {
                int chunks = (values.length + 1023) / 1024;
                pm.varint(4, chunks).varint(5, PType.U8.code());
                children.add(TestArrays.primitive(PType.U8, new long[chunks])); // not read by the decoder
            }
            meta.bytes(3, pm.toByteArray());
        }
        return new TestNode("vortex.alp", meta.toByteArray(), List.of(), children);
    }

    @ParameterizedTest
    @ValueSource(strings = {"F32", "F64"})
    void decimalsRoundTripWithPatchesAndNulls(String name) {
        PType ptype = PType.valueOf(name);
        boolean f32 = ptype == PType.F32;
        Random random = new Random(SEED + name.hashCode());
        int max = f32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        int patchedRows = 0;
        for (int round = 0; round < 30; round++) {
            int e = random.nextInt(max + 1);
            int f = e == 0 ? 0 : random.nextInt(e);
            int len = 1 + random.nextInt(2100);
            double[] values = new double[len];
            for (int i = 0; i < len; i++) {
                long digits = random.nextLong() % (f32 ? 1_000_000L : 1_000_000_000_000L);
                double v = digits / Math.pow(10, e - f) * (random.nextInt(10) == 0 ? Math.PI : 1);
                values[i] = f32 ? (float) v : v;
            }
            boolean nullable = round % 3 == 0;
            boolean[] valid = nullable ? TestArrays.validity(random, len, 0.2) : null;
            List<Integer> patched = new ArrayList<>();
            TestNode node = encode(ptype, values, valid, e, f, round % 2 == 0, round % 4 == 3 ? 1000 : 0, patched);
            patchedRows += patched.size();
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, nullable, len, arena);
                for (int i = 0; i < len; i++) {
                    boolean ok = valid == null || valid[i];
                    assertEquals(ok, a.isValid(i), "validity " + i);
                    if (ok) {
                        long want = f32
                                ? Float.floatToRawIntBits((float) values[i])
                                : Double.doubleToRawLongBits(values[i]);
                        long got = f32 ? a.getInt(i) : a.getLong(i);
                        assertEquals(want, got, name + " e=" + e + " f=" + f + " row " + i + " value " + values[i]);
                    }
                }
            }
        }
        assertTrue(patchedRows > 0, "the data should need some patches");
    }

    @ParameterizedTest
    @ValueSource(strings = {"F32", "F64"})
    void everyExponentPairMatchesTheOracle(String name) {
        PType ptype = PType.valueOf(name);
        boolean f32 = ptype == PType.F32;
        int max = f32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        Random random = new Random(SEED ^ name.hashCode());
        long[] encoded = new long[64];
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = f32 ? random.nextInt() >> random.nextInt(31) : random.nextLong() >> random.nextInt(63);
        }
        for (int e = 0; e <= max; e++) {
            for (int f = 0; f <= max; f++) {
                byte[] meta = new ProtoWriter()
                        .varintIfNonZero(1, e)
                        .varintIfNonZero(2, f)
                        .toByteArray();
                TestNode node = TestNode.of(
                        "vortex.alp", meta, List.of(), TestArrays.primitive(f32 ? PType.I32 : PType.I64, encoded));
                try (Arena arena = Arena.ofConfined()) {
                    PrimitiveArray a = TestArrays.decode(node, ptype, false, encoded.length, arena);
                    for (int i = 0; i < encoded.length; i++) {
                        if (f32) {
                            assertEquals(
                                    Float.floatToRawIntBits(oracle32((int) encoded[i], e, f)),
                                    a.getInt(i),
                                    "e=" + e + " f=" + f + " x=" + encoded[i]);
                        } else {
                            assertEquals(
                                    Double.doubleToRawLongBits(oracle64(encoded[i], e, f)),
                                    a.getLong(i),
                                    "e=" + e + " f=" + f + " x=" + encoded[i]);
                        }
                    }
                }
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

    @Test
    void rejectsBadInput() {
        TestNode ints = TestArrays.primitive(PType.I32, new long[] {1, 2, 3});
        rejects(
                TestNode.of("vortex.alp", new ProtoWriter().varint(1, 11).toByteArray(), List.of(), ints),
                PType.F32,
                3);
        rejects(
                TestNode.of("vortex.alp", new ProtoWriter().varint(2, 11).toByteArray(), List.of(), ints),
                PType.F32,
                3);
        rejects(
                TestNode.of(
                        "vortex.alp",
                        new ProtoWriter().varint(1, 19).toByteArray(),
                        List.of(),
                        TestArrays.primitive(PType.I64, new long[3])),
                PType.F64,
                3);
        rejects(TestNode.of("vortex.alp", new byte[0], List.of(), ints), PType.I32, 3);
        rejects(TestNode.of("vortex.alp", new byte[0], List.of(), ints), PType.F32, 4);
        rejects(TestNode.of("vortex.alp", new byte[0], List.of()), PType.F32, 0);
        byte[] pm = new ProtoWriter().varint(1, 1).varint(3, PType.U8.code()).toByteArray();
        byte[] withPatches = new ProtoWriter().bytes(3, pm).toByteArray();
        rejects(
                TestNode.of(
                        "vortex.alp",
                        withPatches,
                        List.of(),
                        ints,
                        TestArrays.primitive(PType.U8, new long[] {3}),
                        TestArrays.primitive(PType.F32, new long[] {0})),
                PType.F32,
                3);
        rejects(
                TestNode.of("vortex.alp", withPatches, List.of(), ints, TestArrays.primitive(PType.U8, new long[] {1})),
                PType.F32,
                3);
    }
}
