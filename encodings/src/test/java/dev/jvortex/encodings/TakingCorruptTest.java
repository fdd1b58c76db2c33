package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.format.SerializedArray;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/// Corrupt input through [Taking#take]: damaged serialized arrays (bit flips, truncation, a
/// buffer one byte short) and hand-made inconsistent nodes must either take or fail with a
/// [VortexException] (never another exception, an out-of-memory error or a hang).
@Timeout(300)
class TakingCorruptTest {
    @TestFactory
    Stream<DynamicTest> damagedEncoderCases() {
        List<EncoderCases.Case> all = EncoderCases.all();
        List<EncoderCases.Case> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 7) {
            if (all.get(i).input().length() > 0) {
                some.add(all.get(i));
            }
        }
        return some.stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    List<String> ids = EncodeTesting.ids(c.node());
                    byte[] original = EncodeTesting.serialize(c.node(), ids);
                    Random random = new Random(c.name().hashCode());
                    for (int round = 0; round < 40; round++) {
                        byte[] bytes = original.clone();
                        if (round % 10 == 9) {
                            bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
                        } else {
                            for (int k = 0, n = 1 + random.nextInt(3); k < n; k++) {
                                bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                            }
                        }
                        int len = c.input().length();
                        int[] idx = random.ints(1 + random.nextInt(50), 0, len).toArray();
                        takeOrFailCleanly(bytes, ids, c.input().dtype(), len, idx, c.name() + " round " + round);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> shortBuffersInReferenceTrees() throws IOException {
        return ReferenceStringsFixtureTest.fixtures()
                .map(f -> DynamicTest.dynamicTest(f.name(), () -> {
                    List<TestNode> variants = new ArrayList<>();
                    truncations((TestNode) f.root(), variants);
                    Random random = new Random(f.name().hashCode());
                    for (TestNode variant : variants) {
                        int[] idx =
                                random.ints(1 + random.nextInt(40), 0, f.len()).toArray();
                        try (Arena arena = Arena.ofConfined()) {
                            Taking.take(variant, f.dtype(), f.len(), idx, arena);
                        } catch (VortexException expected) {
                            assertNotNull(expected.getMessage());
                            assertNotEquals(VortexException.Kind.INTERNAL, expected.kind(), expected::getMessage);
                        }
                    }
                }));
    }

    private static void takeOrFailCleanly(
            byte[] bytes, List<String> ids, DType dtype, int len, int[] idx, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment =
                    arena.allocate(Math.max(1, bytes.length), 64).asSlice(0, bytes.length);
            segment.copyFrom(MemorySegment.ofArray(bytes));
            EncodedNode root = SerializedArray.parse(segment, ids, "damaged").root();
            Taking.take(root, dtype, len, idx, arena);
        } catch (VortexException expected) {
            assertNotNull(expected.getMessage());
            assertNotEquals(VortexException.Kind.INTERNAL, expected.kind(), expected::getMessage);
        } catch (RuntimeException | Error e) {
            fail(what + ": " + e, e);
        }
    }

    private static void truncations(TestNode node, List<TestNode> out) {
        for (int b = 0; b < node.buffers().size(); b++) {
            MemorySegment buf = node.buffers().get(b);
            if (buf.byteSize() > 0) {
                List<MemorySegment> buffers = new ArrayList<>(node.buffers());
                buffers.set(b, buf.asSlice(0, buf.byteSize() - 1));
                out.add(new TestNode(node.encoding(), node.metadata(), buffers, node.children()));
            }
        }
        for (int c = 0; c < node.children().size(); c++) {
            List<TestNode> inner = new ArrayList<>();
            truncations((TestNode) node.children().get(c), inner);
            for (TestNode replacement : inner) {
                List<EncodedNode> children = new ArrayList<>(node.children());
                children.set(c, replacement);
                out.add(new TestNode(node.encoding(), node.metadata(), node.buffers(), children));
            }
        }
    }

    private static VortexException corrupt(EncodedNode root, DType dtype, int len, int... idx) {
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(VortexException.class, () -> Taking.take(root, dtype, len, idx, arena));
            assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
            return e;
        }
    }

    @Test
    void inconsistentNodes() {
        DType u32 = new DType.Primitive(PType.U32, false);
        DType utf8 = new DType.Utf8(false);
        // A dictionary code past the values.
        TestNode dict = TestNode.of(
                "vortex.dict",
                new ProtoWriter().varint(1, 2).varint(2, PType.U8.code()).toByteArray(),
                List.of(),
                TestArrays.primitive(PType.U8, new long[] {0, 1, 5, 1}),
                TestArrays.primitive(PType.U32, new long[] {7, 8}));
        corrupt(dict, u32, 4, 2);
        // Run ends that do not cover the rows.
        TestNode runend = TestNode.of(
                "vortex.runend",
                new ProtoWriter().varint(1, PType.U8.code()).varint(2, 2).toByteArray(),
                List.of(),
                TestArrays.primitive(PType.U8, new long[] {2, 3}),
                TestArrays.primitive(PType.U32, new long[] {7, 8}));
        corrupt(runend, u32, 10, 1);
        // A bit-packed buffer of the wrong size.
        TestNode packed = TestNode.of(
                "fastlanes.bitpacked",
                new ProtoWriter().varint(1, 3).toByteArray(),
                List.of(MemorySegment.ofArray(new byte[100])));
        corrupt(packed, u32, 1000, 999);
        // A sparse patch past the rows.
        TestNode sparse = TestNode.of(
                "vortex.sparse",
                new ProtoWriter()
                        .bytes(
                                1,
                                new ProtoWriter()
                                        .varint(1, 1)
                                        .varint(3, PType.U16.code())
                                        .toByteArray())
                        .toByteArray(),
                List.of(MemorySegment.ofArray(new ProtoWriter().varint(4, 0).toByteArray())),
                TestArrays.primitive(PType.U16, new long[] {50}),
                TestArrays.primitive(PType.U32, new long[] {9}));
        corrupt(sparse, u32, 10, 3);
        // FSST rows claiming more bytes than the allocation limit allows.
        TestNode fsst = TestNode.of(
                "vortex.fsst",
                new ProtoWriter()
                        .varint(1, PType.U64.code())
                        .varint(2, PType.U8.code())
                        .toByteArray(),
                List.of(
                        MemorySegment.ofArray(new byte[8]),
                        MemorySegment.ofArray(new byte[] {1}),
                        MemorySegment.ofArray(new byte[4])),
                TestArrays.primitive(PType.U64, new long[] {Long.MAX_VALUE / 2, 1}),
                TestArrays.primitive(PType.U8, new long[] {0, 2, 4}));
        corrupt(fsst, utf8, 2, 0, 1);
        // A list whose offsets point past its elements.
        TestNode list = TestNode.of(
                "vortex.list",
                new ProtoWriter().varint(1, 3).varint(2, PType.U32.code()).toByteArray(),
                List.of(),
                TestArrays.primitive(PType.U32, new long[] {1, 2, 3}),
                TestArrays.primitive(PType.U32, new long[] {0, 2, 2_000_000_000L}));
        corrupt(list, new DType.ListType(u32, false), 2, 1);
        // OnPair claiming two billion tokens for a row.
        TestNode onpair = TestNode.of(
                "vortex.onpair",
                new ProtoWriter()
                        .varint(1, PType.U8.code())
                        .varint(3, 1)
                        .varint(4, 2_000_000_000L)
                        .varint(5, PType.U8.code())
                        .varint(6, PType.U8.code())
                        .varint(7, PType.U32.code())
                        .toByteArray(),
                List.of(MemorySegment.ofArray(new byte[] {'a'})),
                TestArrays.primitive(PType.U8, new long[] {0, 1}),
                TestArrays.primitive(PType.U8, new long[] {0}),
                TestArrays.primitive(PType.U32, new long[] {0, 1_999_999_999L}),
                TestArrays.primitive(PType.U8, new long[] {1}));
        corrupt(onpair, utf8, 1, 0);
    }
}
