package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlpRdDecoderTest {
    static final long SEED = AlpDecoderTest.SEED;

    /// Splits each value's bits at `right` into a left part (dictionary-coded when among the first
    /// `dictSize` distinct ones, else a patch with code 0) and the right bits.
    static TestNode encode(PType ptype, long[] bits, boolean[] valid, int right, int dictSize, long patchOffset) {
        int typeBits = ptype.bitWidth();
        Map<Long, Integer> dict = new LinkedHashMap<>();
        long[] codes = new long[bits.length];
        long[] rights = new long[bits.length];
        List<Long> idx = new ArrayList<>();
        List<Long> lefts = new ArrayList<>();
        for (int i = 0; i < bits.length; i++) {
            long left = right >= typeBits ? 0 : TestArrays.low(bits[i], typeBits) >>> right;
            rights[i] = TestArrays.low(bits[i], right);
            Integer code = dict.get(left);
            if (code == null && dict.size() < dictSize) {
                code = dict.size();
                dict.put(left, code);
            }
            if (code == null) {
                codes[i] = 0;
                idx.add(i + patchOffset);
                lefts.add(left);
            } else {
                codes[i] = code;
            }
        }
        ProtoWriter meta = new ProtoWriter().varintIfNonZero(1, right).varintIfNonZero(2, dict.size());
        ProtoWriter packed = new ProtoWriter();
        dict.keySet().forEach(k -> packed.varint(1, k)); // reuse varint framing: strip the tags below
        byte[] framed = packed.toByteArray();
        byte[] plain = new byte[framed.length - dict.size()];
        for (int i = 0, o = 0; i < framed.length; ) {
            i++; // tag byte 0x08
            do {
                plain[o++] = framed[i];
            } while ((framed[i++] & 0x80) != 0);
        }
        if (!dict.isEmpty()) {
            meta.bytes(3, plain);
        }
        meta.varint(4, PType.U16.code());
        List<EncodedNode> children = new ArrayList<>();
        children.add(TestArrays.primitive(PType.U16, codes, valid));
        children.add(TestArrays.primitive(typeBits == 32 ? PType.U32 : PType.U64, rights));
        if (!idx.isEmpty()) {
            byte[] pm = new ProtoWriter()
                    .varint(1, idx.size())
                    .varintIfNonZero(2, patchOffset)
                    .varint(3, PType.U64.code())
                    .toByteArray();
            meta.bytes(5, pm);
            children.add(TestArrays.primitive(
                    PType.U64, idx.stream().mapToLong(Long::longValue).toArray()));
            children.add(TestArrays.primitive(
                    PType.U16, lefts.stream().mapToLong(Long::longValue).toArray()));
        }
        return new TestNode("vortex.alprd", meta.toByteArray(), List.of(), children);
    }

    @ParameterizedTest
    @ValueSource(strings = {"F32", "F64"})
    void splitsRoundTrip(String name) {
        PType ptype = PType.valueOf(name);
        int typeBits = ptype.bitWidth();
        Random random = new Random(SEED + 3 * name.hashCode());
        for (int round = 0; round < 20; round++) {
            int right = typeBits - 16 + random.nextInt(17); // the writer keeps left parts within 16 bits
            int len = 1 + random.nextInt(3000);
            long[] bits = new long[len];
            for (int i = 0; i < len; i++) {
                double v = random.nextGaussian() * (random.nextInt(20) == 0 ? 1e6 : 10);
                bits[i] = typeBits == 32
                        ? Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL
                        : Double.doubleToRawLongBits(v);
            }
            boolean nullable = round % 3 == 1;
            boolean[] valid = nullable ? TestArrays.validity(random, len, 0.2) : null;
            TestNode node = encode(ptype, bits, valid, right, 1 + random.nextInt(8), round % 2 == 0 ? 0 : 17);
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, nullable, len, arena);
                TestArrays.assertValues(a, bits, valid, name + " right " + right + " round " + round);
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
    void codeOutsideTheDictionaryIsFineOnlyUnderANull() {
        byte[] meta = new ProtoWriter()
                .varint(1, 20)
                .varint(2, 1)
                .bytes(3, new byte[] {0x05})
                .varint(4, PType.U16.code())
                .toByteArray();
        long[] codes = {0, 3};
        TestNode rights = TestArrays.primitive(PType.U32, new long[] {1, 2});
        rejects(
                TestNode.of("vortex.alprd", meta, List.of(), TestArrays.primitive(PType.U16, codes), rights),
                PType.F32,
                2);
        TestNode nullable = TestNode.of(
                "vortex.alprd",
                meta,
                List.of(),
                TestArrays.primitive(PType.U16, codes, new boolean[] {true, false}),
                rights);
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = TestArrays.decode(nullable, PType.F32, true, 2, arena);
            assertEquals((5 << 20) | 1, a.getInt(0));
        }
    }

    @Test
    void rejectsBadMetadata() {
        TestNode codes = TestArrays.primitive(PType.U16, new long[] {0});
        TestNode rights = TestArrays.primitive(PType.U32, new long[] {0});
        byte[] wide = new ProtoWriter()
                .varint(1, 33)
                .varint(2, 1)
                .bytes(3, new byte[] {1})
                .varint(4, 1)
                .toByteArray();
        rejects(TestNode.of("vortex.alprd", wide, List.of(), codes, rights), PType.F32, 1);
        byte[] longDict = new ProtoWriter()
                .varint(1, 20)
                .varint(2, 2)
                .bytes(3, new byte[] {1})
                .varint(4, 1)
                .toByteArray();
        rejects(TestNode.of("vortex.alprd", longDict, List.of(), codes, rights), PType.F32, 1);
        byte[] bigEntry = new ProtoWriter()
                .varint(1, 20)
                .varint(2, 1)
                .bytes(3, new byte[] {(byte) 0x80, (byte) 0x80, 0x04})
                .varint(4, 1)
                .toByteArray();
        rejects(TestNode.of("vortex.alprd", bigEntry, List.of(), codes, rights), PType.F32, 1);
        byte[] u8Left = new ProtoWriter()
                .varint(1, 20)
                .varint(2, 1)
                .bytes(3, new byte[] {1})
                .toByteArray();
        rejects(
                TestNode.of("vortex.alprd", u8Left, List.of(), TestArrays.primitive(PType.U8, new long[] {0}), rights),
                PType.F32,
                1);
        byte[] ok = new ProtoWriter()
                .varint(1, 20)
                .varint(2, 1)
                .bytes(3, new byte[] {1})
                .varint(4, 1)
                .toByteArray();
        rejects(TestNode.of("vortex.alprd", ok, List.of(), codes), PType.F32, 1);
        rejects(TestNode.of("vortex.alprd", ok, List.of(), codes, rights), PType.I32, 1);
    }
}
