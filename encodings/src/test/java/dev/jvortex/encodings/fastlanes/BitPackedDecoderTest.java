package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BitPackedDecoderTest {
    static final long SEED = Long.getLong("jvortex.seed", 20260701L);

    /// One hand-built bit-packed array and the values it must decode to.
    record Case(TestNode node, long[] expected, boolean[] valid) {}

    /// Options for [#build].
    record Options(
            int len,
            int offset,
            int width,
            int patchCount,
            PType indicesPtype,
            long patchOffset,
            boolean chunkOffsets,
            boolean nullable) {}

    /// Builds a bit-packed node over random values with the given shape.
    static Case build(Random random, PType ptype, Options o) {
        int bits = ptype.bitWidth();
        int total = (o.offset() + o.len() + 1023) / 1024 * 1024;
        long[] positions = new long[total];
        for (int q = 0; q < total; q++) {
            positions[q] = TestArrays.random(random, o.width()); // padding and the sliced-off head are garbage too
        }
        long[] expected = new long[o.len()];
        for (int i = 0; i < o.len(); i++) {
            expected[i] = positions[i + o.offset()];
        }
        TreeSet<Integer> patched = new TreeSet<>();
        while (patched.size() < Math.min(o.patchCount(), o.len())) {
            patched.add(random.nextInt(o.len()));
        }
        long[] patchIndices = new long[patched.size()];
        long[] patchValues = new long[patched.size()];
        int k = 0;
        for (int i : patched) {
            long wide = TestArrays.random(random, bits);
            expected[i] = wide;
            positions[i + o.offset()] = wide; // the packed slot keeps only the low bits: garbage
            patchIndices[k] = i + o.patchOffset();
            patchValues[k] = wide;
            k++;
        }
        MemorySegment packed = ReferenceFastLanes.pack(positions, o.width(), ptype);
        ProtoWriter meta = new ProtoWriter().varintIfNonZero(1, o.width()).varintIfNonZero(2, o.offset());
        List<EncodedNode> children = new ArrayList<>();
        if (o.patchCount() > 0) {
            ProtoWriter pm = new ProtoWriter()
                    .varint(1, patchIndices.length)
                    .varintIfNonZero(2, o.patchOffset())
                    .varintIfNonZero(3, o.indicesPtype().code());
            children.add(TestArrays.primitive(o.indicesPtype(), patchIndices));
            children.add(TestArrays.primitive(ptype, patchValues));
            if (o.chunkOffsets()) {
                int chunks = (o.len() + 1023) / 1024;
                long[] starts = new long[chunks];
                for (int c = 0, p = 0; c < chunks; c++) {
                    while (p < patchIndices.length && patchIndices[p] - o.patchOffset() < c * 1024L) {
                        p++;
                    }
                    starts[c] = p;
                }
                pm.varint(4, chunks).varint(5, PType.U32.code()).varint(6, 0);
                children.add(TestArrays.primitive(PType.U32, starts));
            }
            meta.bytes(3, pm.toByteArray());
        }
        boolean[] valid = null;
        if (o.nullable()) {
            valid = TestArrays.validity(random, o.len(), 0.2);
            children.add(TestArrays.bools(valid));
        }
        TestNode node = new TestNode("fastlanes.bitpacked", meta.toByteArray(), List.of(packed), children);
        return new Case(node, expected, valid);
    }

    static void check(Case c, PType ptype, boolean nullable, String what) {
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = TestArrays.decode(c.node(), ptype, nullable, c.expected().length, arena);
            TestArrays.assertValues(a, c.expected(), c.valid(), what);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"})
    void everyWidthRoundTrips(PType ptype) {
        Random random = new Random(SEED ^ ptype.ordinal());
        int[] lengths = {0, 1, 100, 1023, 1024, 1025, 2500};
        for (int width = 0; width <= ptype.bitWidth(); width++) {
            int len = lengths[random.nextInt(lengths.length)];
            int offset = random.nextBoolean() ? 0 : random.nextInt(1024);
            Options o = new Options(len, offset, width, 0, PType.U16, 0, false, false);
            check(build(random, ptype, o), ptype, false, ptype + " width " + width + " " + o + " seed " + SEED);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"})
    void everyWidthWithPatchesAndNulls(PType ptype) {
        Random random = new Random(SEED * 31 + ptype.ordinal());
        PType[] indexTypes = {PType.U16, PType.U32, PType.U64};
        for (int width = 0; width < ptype.bitWidth(); width++) {
            int len = 1 + random.nextInt(3000);
            int offset = random.nextBoolean() ? 0 : random.nextInt(1024);
            PType indices = indexTypes[random.nextInt(indexTypes.length)];
            long patchOffset = random.nextBoolean() ? 0 : random.nextInt(5000);
            Options o = new Options(
                    len,
                    offset,
                    width,
                    1 + random.nextInt(40),
                    indices,
                    patchOffset,
                    random.nextBoolean(),
                    random.nextBoolean());
            check(build(random, ptype, o), ptype, o.nullable(), ptype + " width " + width + " " + o + " seed " + SEED);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "U16", "U32", "U64"})
    void kernelsMatchTheBitByBitPacker(PType ptype) {
        Random random = new Random(SEED + 7 * ptype.ordinal());
        int bits = ptype.bitWidth();
        for (int width = 0; width <= bits; width++) {
            long[] block = new long[1024];
            for (int i = 0; i < 1024; i++) {
                block[i] = TestArrays.random(random, width);
            }
            long[] words = ReferenceFastLanes.packBlock(block, width, bits);
            long[] out = new long[1024];
            switch (bits) {
                case 8 -> {
                    byte[] in = new byte[words.length];
                    byte[] o = new byte[1024];
                    for (int k = 0; k < in.length; k++) {
                        in[k] = (byte) words[k];
                    }
                    BitUnpack.unpack8(width, in, o);
                    for (int i = 0; i < 1024; i++) {
                        out[i] = o[i] & 0xFF;
                    }
                }
                case 16 -> {
                    short[] in = new short[words.length];
                    short[] o = new short[1024];
                    for (int k = 0; k < in.length; k++) {
                        in[k] = (short) words[k];
                    }
                    BitUnpack.unpack16(width, in, o);
                    for (int i = 0; i < 1024; i++) {
                        out[i] = o[i] & 0xFFFF;
                    }
                }
                case 32 -> {
                    int[] in = new int[words.length];
                    int[] o = new int[1024];
                    for (int k = 0; k < in.length; k++) {
                        in[k] = (int) words[k];
                    }
                    BitUnpack.unpack32(width, in, o);
                    for (int i = 0; i < 1024; i++) {
                        out[i] = o[i] & 0xFFFFFFFFL;
                    }
                }
                default -> BitUnpack.unpack64(width, words, out);
            }
            assertArrayEquals(block, out, ptype + " width " + width);
        }
    }

    @Test
    void layoutHelpersArePermutations() {
        boolean[] seenIndex = new boolean[1024];
        boolean[] seenTranspose = new boolean[1024];
        for (int i = 0; i < 1024; i++) {
            seenTranspose[FastLanes.transpose(i)] = true;
            assertEquals(ReferenceFastLanes.transpose(i), FastLanes.transpose(i));
        }
        for (int row = 0; row < 64; row++) {
            for (int lane = 0; lane < 16; lane++) {
                seenIndex[FastLanes.index(row, lane)] = true;
                assertEquals(ReferenceFastLanes.index(row, lane), FastLanes.index(row, lane));
            }
        }
        for (int i = 0; i < 1024; i++) {
            assertTrue(seenIndex[i] && seenTranspose[i], "position " + i);
        }
    }

    // ---- corrupt input ----

    private static VortexException rejects(TestNode node, PType ptype, int len) {
        try (Arena arena = Arena.ofConfined()) {
            return assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(ptype, false), len, arena));
        }
    }

    private static TestNode node(byte[] meta, MemorySegment packed, EncodedNode... children) {
        return TestNode.of("fastlanes.bitpacked", meta, List.of(packed), children);
    }

    @Test
    void rejectsShortBuffer() {
        byte[] meta = new ProtoWriter().varint(1, 3).toByteArray();
        VortexException e = rejects(node(meta, MemorySegment.ofArray(new byte[128 * 3 - 1])), PType.U32, 10);
        assertTrue(e.getMessage().contains("expected 384"), e.getMessage());
    }

    @Test
    void rejectsLongBuffer() {
        byte[] meta = new ProtoWriter().varint(1, 3).toByteArray();
        rejects(node(meta, MemorySegment.ofArray(new byte[128 * 3 * 2])), PType.U32, 10);
    }

    @Test
    void rejectsWidthAboveTheType() {
        byte[] meta = new ProtoWriter().varint(1, 9).toByteArray();
        VortexException e = rejects(node(meta, MemorySegment.ofArray(new byte[128 * 9])), PType.U8, 10);
        assertTrue(e.getMessage().contains("bit width 9"), e.getMessage());
        byte[] huge = new ProtoWriter().varint(1, -1L).toByteArray();
        rejects(node(huge, MemorySegment.ofArray(new byte[0])), PType.U64, 10);
    }

    @Test
    void rejectsOffsetOfAWholeBlock() {
        byte[] meta = new ProtoWriter().varint(1, 1).varint(2, 1024).toByteArray();
        rejects(node(meta, MemorySegment.ofArray(new byte[256])), PType.U8, 10);
    }

    @Test
    void rejectsTruncatedMetadata() {
        rejects(node(new byte[] {0x08, (byte) 0x80}, MemorySegment.ofArray(new byte[0])), PType.U8, 0);
    }

    @Test
    void rejectsFloatType() {
        rejects(node(new byte[0], MemorySegment.ofArray(new byte[0])), PType.F32, 0);
    }

    private static byte[] patchedMeta(int width, long count, long offset, PType indices) {
        byte[] pm = new ProtoWriter()
                .varint(1, count)
                .varintIfNonZero(2, offset)
                .varintIfNonZero(3, indices.code())
                .toByteArray();
        return new ProtoWriter().varint(1, width).bytes(3, pm).toByteArray();
    }

    @Test
    void rejectsPatchIndexPastTheEnd() {
        byte[] meta = patchedMeta(1, 1, 0, PType.U16);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.U16, new long[] {10}),
                TestArrays.primitive(PType.U8, new long[] {200}));
        VortexException e = rejects(n, PType.U8, 10);
        assertTrue(e.getMessage().contains("index 10"), e.getMessage());
    }

    @Test
    void rejectsPatchIndexBelowTheOffset() {
        byte[] meta = patchedMeta(1, 1, 5, PType.U16);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.U16, new long[] {4}),
                TestArrays.primitive(PType.U8, new long[] {200}));
        rejects(n, PType.U8, 10);
    }

    @Test
    void rejectsHugeUnsignedPatchIndex() {
        byte[] meta = patchedMeta(1, 1, 0, PType.U64);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.U64, new long[] {-2L}),
                TestArrays.primitive(PType.U8, new long[] {200}));
        rejects(n, PType.U8, 10);
    }

    @Test
    void rejectsSignedPatchIndices() {
        byte[] meta = patchedMeta(1, 1, 0, PType.I32);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.I32, new long[] {1}),
                TestArrays.primitive(PType.U8, new long[] {200}));
        rejects(n, PType.U8, 10);
    }

    @Test
    void rejectsMorePatchesThanRows() {
        byte[] meta = patchedMeta(1, 11, 0, PType.U16);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.U16, new long[11]),
                TestArrays.primitive(PType.U8, new long[11]));
        rejects(n, PType.U8, 10);
    }

    @Test
    void rejectsMissingPatchChildren() {
        byte[] meta = patchedMeta(1, 1, 0, PType.U16);
        rejects(
                node(meta, MemorySegment.ofArray(new byte[128]), TestArrays.primitive(PType.U16, new long[] {1})),
                PType.U8,
                10);
    }

    @Test
    void rejectsShortPatchValues() {
        byte[] meta = patchedMeta(1, 2, 0, PType.U16);
        TestNode n = node(
                meta,
                MemorySegment.ofArray(new byte[128]),
                TestArrays.primitive(PType.U16, new long[] {1, 2}),
                TestArrays.primitive(PType.U8, new long[] {200}));
        rejects(n, PType.U8, 10);
    }

    @Test
    void rejectsExtraChildren() {
        byte[] meta = new ProtoWriter().varint(1, 1).toByteArray();
        boolean[] v = new boolean[10];
        rejects(
                node(meta, MemorySegment.ofArray(new byte[128]), TestArrays.bools(v), TestArrays.bools(v)),
                PType.U8,
                10);
    }

    @Test
    void rejectsLengthOverflowingTheBuffer() {
        byte[] meta = new ProtoWriter().varint(1, 64).toByteArray();
        rejects(node(meta, MemorySegment.ofArray(new byte[8192])), PType.U64, Integer.MAX_VALUE - 16);
    }
}
