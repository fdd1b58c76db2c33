package dev.jvortex.encodings.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestNode;
import dev.jvortex.pcodec.PcoVectors;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/// `vortex.pco` nodes built from golden vectors: metadata, buffers, validity and scatter.
class PcoArrayDecoderTest {
    /// Builds the `PcoMetadata` protobuf of a vector.
    static byte[] metadata(byte[] header, List<int[]> pageCounts) {
        ProtoWriter w = new ProtoWriter().bytes(1, header);
        for (int[] pages : pageCounts) {
            ProtoWriter chunk = new ProtoWriter();
            for (int n : pages) {
                chunk.bytes(1, new ProtoWriter().varintIfNonZero(1, n).toByteArray());
            }
            w.bytes(2, chunk.toByteArray());
        }
        return w.toByteArray();
    }

    /// Builds the `vortex.pco` node of a vector, with an optional validity child.
    static TestNode node(PcoVectors.Vector v, EncodedNode... validity) {
        List<int[]> counts = new ArrayList<>();
        List<MemorySegment> buffers = new ArrayList<>();
        for (PcoVectors.Chunk c : v.chunks()) {
            buffers.add(MemorySegment.ofArray(c.meta()));
            counts.add(c.pages().stream().mapToInt(PcoVectors.Page::n).toArray());
        }
        for (PcoVectors.Chunk c : v.chunks()) {
            for (PcoVectors.Page p : c.pages()) {
                buffers.add(MemorySegment.ofArray(p.bytes()));
            }
        }
        return TestNode.of("vortex.pco", metadata(v.header(), counts), buffers, validity);
    }

    /// Returns the vector's number type as a [PType].
    static PType ptype(PcoVectors.Vector v) {
        return PType.valueOf(v.ptype().name());
    }

    static TestNode validityNode(boolean[] valid) {
        byte[] bits = new byte[(valid.length + 7) / 8];
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return TestNode.of("vortex.bool", new byte[0], List.of(MemorySegment.ofArray(bits)));
    }

    private static byte[] bytes(PrimitiveArray a) {
        return a.data().asSlice(0, (long) a.length() * a.ptype().byteWidth()).toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "i64_multichunk",
                "f64_specials_floatmult",
                "u32_dict",
                "f16_floatquant",
                "i16_conv1_6",
                "i32_small_lookback",
                "u8_auto"
            })
    void decodesAllValidColumn(String name) {
        PcoVectors.Vector v = PcoVectors.named(PcoVectors.V102, name);
        try (Arena arena = Arena.ofConfined()) {
            Array a = Decoding.decodeRoot(node(v), new DType.Primitive(ptype(v), false), v.valueCount(), arena);
            PrimitiveArray p = (PrimitiveArray) a;
            assertEquals(ptype(v), p.ptype());
            assertArrayEquals(v.values(), bytes(p));
            assertTrue(p.validity().isAllValid());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"i64_multichunk", "f32_nan_mix", "u16_constant", "i32_small_chunks", "f16_floatmult_specials"})
    void scattersValuesIntoValidRows(String name) {
        for (String file : List.of(PcoVectors.V102, PcoVectors.V044)) {
            PcoVectors.Vector v = PcoVectors.named(file, name);
            int width = ptype(v).byteWidth();
            int valid = v.valueCount();
            Random random = new Random(name.hashCode());
            List<Boolean> rows = new ArrayList<>();
            for (int k = 0; k < valid; ) {
                boolean isValid = random.nextInt(3) != 0;
                rows.add(isValid);
                if (isValid) {
                    k++;
                }
            }
            rows.add(false); // a trailing null
            boolean[] mask = new boolean[rows.size()];
            for (int i = 0; i < mask.length; i++) {
                mask[i] = rows.get(i);
            }
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray p = (PrimitiveArray) Decoding.decodeRoot(
                        node(v, validityNode(mask)), new DType.Primitive(ptype(v), true), mask.length, arena);
                byte[] got = bytes(p);
                int k = 0;
                for (int i = 0; i < mask.length; i++) {
                    assertEquals(mask[i], p.isValid(i), "row " + i);
                    for (int b = 0; b < width; b++) {
                        byte expected = mask[i] ? v.values()[k * width + b] : 0;
                        assertEquals(expected, got[i * width + b], v + ", row " + i);
                    }
                    if (mask[i]) {
                        k++;
                    }
                }
                assertEquals(valid, k);
            }
        }
    }

    @Test
    void scatterPlacesPackedValuesInValidRows() {
        Random random = new Random(11);
        for (int width : new int[] {1, 2, 4, 8}) {
            for (int round = 0; round < 300; round++) {
                int len = random.nextInt(300);
                double density = switch (round % 5) {
                    case 0 -> 1.0;
                    case 1 -> 0.0;
                    default -> random.nextDouble();
                };
                byte[] bits = new byte[(len + 7) / 8 + 1];
                int valid = 0;
                for (int i = 0; i < len; i++) {
                    if (random.nextDouble() < density) {
                        bits[i >>> 3] |= (byte) (1 << (i & 7));
                        valid++;
                    }
                }
                byte[] out = new byte[len * width];
                for (int k = 0; k < valid * width; k++) {
                    out[k] = (byte) (k / width + 1); // value k+1 in every byte of element k
                }
                PcoArrayDecoder.scatter(MemorySegment.ofArray(out), width, MemorySegment.ofArray(bits), len, valid);
                int k = 0;
                for (int i = 0; i < len; i++) {
                    boolean isValid = (bits[i >>> 3] & (1 << (i & 7))) != 0;
                    byte expected = isValid ? (byte) (++k) : 0;
                    for (int b = 0; b < width; b++) {
                        assertEquals(expected, out[i * width + b], "width " + width + " round " + round + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void allNullColumnHasNoChunks() {
        byte[] md = metadata(new byte[] {4, 1}, List.of());
        boolean[] mask = new boolean[10];
        TestNode node = TestNode.of("vortex.pco", md, List.of(), validityNode(mask));
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray p =
                    (PrimitiveArray) Decoding.decodeRoot(node, new DType.Primitive(PType.F64, true), 10, arena);
            for (int i = 0; i < 10; i++) {
                assertFalse(p.isValid(i));
                assertEquals(0L, p.getLong(i));
            }
        }
    }

    @Test
    void emptyColumn() {
        TestNode node = TestNode.of("vortex.pco", metadata(new byte[] {4, 1}, List.of()), List.of());
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(
                    0,
                    Decoding.decodeRoot(node, new DType.Primitive(PType.I32, false), 0, arena)
                            .length());
        }
    }

    @Test
    void rejectsCountsThatDisagreeWithTheRows() {
        PcoVectors.Vector v = PcoVectors.named(PcoVectors.V102, "i32_negative");
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(
                            node(v), new DType.Primitive(PType.I32, false), v.valueCount() + 1, arena));
            assertTrue(e.getMessage().contains("valid rows"), e.getMessage());
        }
    }

    @Test
    void rejectsMissingBuffers() {
        PcoVectors.Vector v = PcoVectors.named(PcoVectors.V102, "i32_negative");
        TestNode full = node(v);
        TestNode shortNode =
                TestNode.of("vortex.pco", full.metadata(), full.buffers().subList(0, full.bufferCount() - 1));
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(shortNode, new DType.Primitive(PType.I32, false), v.valueCount(), arena));
            assertTrue(e.getMessage().contains("buffers"), e.getMessage());
        }
    }

    @Test
    void newerFormatIsUnsupportedNotCorrupt() {
        PcoVectors.Vector v = PcoVectors.named(PcoVectors.V102, "i32_negative");
        TestNode full = node(v);
        List<int[]> counts = List.of(
                v.chunks().get(0).pages().stream().mapToInt(PcoVectors.Page::n).toArray());
        TestNode newer = TestNode.of("vortex.pco", metadata(new byte[] {5, 0}, counts), full.buffers());
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(newer, new DType.Primitive(PType.I32, false), v.valueCount(), arena));
            assertEquals(VortexException.Kind.UNSUPPORTED, e.kind());
        }
    }

    @Test
    void wrongTypeIsCorruptInChunkValidation() {
        // An IntMult chunk read as floats, a FloatMult chunk read as integers.
        PcoVectors.Vector ints = PcoVectors.named(PcoVectors.V102, "u64_intmult_auto");
        PcoVectors.Vector floats = PcoVectors.named(PcoVectors.V102, "f64_decimal_floatmult");
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(
                            node(ints), new DType.Primitive(PType.F64, false), ints.valueCount(), arena));
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(
                            node(floats), new DType.Primitive(PType.U64, false), floats.valueCount(), arena));
        }
    }
}
