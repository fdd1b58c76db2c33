package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.list.ListMetadata;
import dev.jvortex.encodings.list.ListViewMetadata;
import dev.jvortex.encodings.varbin.VarBinMetadata;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.varbin`, `vortex.varbinview`, `vortex.list`, `vortex.listview` and
/// `vortex.fixed_size_list` on hand-built nodes: the strings and lists expected are written out in
/// the test, and each malformed form must give a [VortexException].
class ListAndStringDecodersTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);
    private static final DType I32 = new DType.Primitive(PType.I32, false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private Array decode(EncodedNode node, DType type, int len) {
        return Decoding.decodeRoot(node, type, len, arena);
    }

    private static MemorySegment utf8(String s) {
        return MemorySegment.ofArray(s.getBytes(StandardCharsets.UTF_8));
    }

    private static TestNode varbin(PType offsets, String data, long[] offs, boolean[] valid) {
        byte[] meta = new VarBinMetadata(offsets.code()).write();
        TestNode offsetsNode = TestArrays.primitive(offsets, offs);
        if (valid == null) {
            return TestNode.of("vortex.varbin", meta, List.of(utf8(data)), offsetsNode);
        }
        return TestNode.of("vortex.varbin", meta, List.of(utf8(data)), offsetsNode, TestArrays.bools(valid));
    }

    private static List<String> strings(Array a) {
        VarBinViewArray v = (VarBinViewArray) a;
        return IntStream.range(0, v.length())
                .mapToObj(i -> v.isValid(i) ? v.getString(i) : null)
                .toList();
    }

    @Test
    void varbinShortAndLongValues() {
        String data = "ab" + "a string longer than twelve" + "";
        TestNode node = varbin(PType.I32, data, new long[] {0, 2, 29, 29}, null);
        assertEquals(List.of("ab", "a string longer than twelve", ""), strings(decode(node, UTF8, 3)));
    }

    @Test
    void varbinWithNulls() {
        TestNode node = varbin(PType.U8, "xyz", new long[] {0, 1, 1, 3}, new boolean[] {true, false, true});
        List<String> expected = new ArrayList<>();
        expected.add("x");
        expected.add(null);
        expected.add("yz");
        assertEquals(expected, strings(decode(node, UTF8_NULLABLE, 3)));
    }

    @Test
    void varbinOffsetsOutsideTheBufferAreCorrupt() {
        VortexException past = assertThrows(
                VortexException.class, () -> decode(varbin(PType.I64, "abc", new long[] {0, 4}, null), UTF8, 1));
        assertTrue(past.getMessage().contains("of row 0"), past.getMessage());
        assertThrows(VortexException.class, () -> decode(varbin(PType.I64, "abc", new long[] {2, 1}, null), UTF8, 1));
        assertThrows(VortexException.class, () -> decode(varbin(PType.I64, "abc", new long[] {-1, 1}, null), UTF8, 1));
        // The end exactly at the buffer's end is fine.
        assertEquals(List.of("bc"), strings(decode(varbin(PType.I64, "abc", new long[] {1, 3}, null), UTF8, 1)));
    }

    @Test
    void varbinRefusesNonStringTypesAndMissingParts() {
        TestNode node = varbin(PType.I32, "ab", new long[] {0, 2}, null);
        assertThrows(VortexException.class, () -> decode(node, I32, 1));
        TestNode noBuffer = new TestNode("vortex.varbin", node.metadata(), List.of(), node.children());
        assertThrows(VortexException.class, () -> decode(noBuffer, UTF8, 1));
        TestNode noChild = new TestNode("vortex.varbin", node.metadata(), node.buffers(), List.of());
        assertThrows(VortexException.class, () -> decode(noChild, UTF8, 1));
        // Binary is a string type too.
        VarBinViewArray b = (VarBinViewArray) decode(node, new DType.Binary(false), 1);
        assertEquals("ab", new String(b.getBytes(0), StandardCharsets.UTF_8));
    }

    @Test
    void varbinViewsFollowTheViewLayout() {
        // 12 bytes are inlined after the length; 13 give the length, a 4-byte prefix, buffer 0 and
        // the offset of the value in the data buffer.
        String twelve = "twelve bytes";
        String thirteen = "thirteen byte";
        TestNode node = varbin(PType.U8, "-" + twelve + thirteen, new long[] {1, 13, 26}, null);
        VarBinViewArray v = (VarBinViewArray) decode(node, UTF8, 2);
        ByteBuffer views = ByteBuffer.wrap(v.views().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(12, views.getInt(0));
        byte[] inline = new byte[12];
        views.get(4, inline);
        assertEquals(twelve, new String(inline, StandardCharsets.US_ASCII));
        assertEquals(13, views.getInt(16));
        byte[] prefix = new byte[4];
        views.get(20, prefix);
        assertEquals("thir", new String(prefix, StandardCharsets.US_ASCII));
        assertEquals(0, views.getInt(24));
        assertEquals(13, views.getInt(28));
        assertEquals(List.of(twelve, thirteen), strings(v));
    }

    @Test
    void varbinAndVarbinviewShapeMessages() {
        TestNode node = varbin(PType.I32, "ab", new long[] {0, 2}, null);
        VortexException buffers = assertThrows(
                VortexException.class,
                () -> decode(new TestNode("vortex.varbin", node.metadata(), List.of(), node.children()), UTF8, 1));
        assertTrue(buffers.getMessage().contains("expects 1 buffers but has 0"), buffers.getMessage());
        VortexException children = assertThrows(
                VortexException.class,
                () -> decode(new TestNode("vortex.varbin", node.metadata(), node.buffers(), List.of()), UTF8, 1));
        assertTrue(children.getMessage().contains("expects 1..2 children but has 0"), children.getMessage());
        TestNode bits = TestArrays.bools(new boolean[] {true});
        VortexException view = assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.varbinview",
                                new byte[0],
                                List.of(MemorySegment.ofArray(new byte[16])),
                                bits,
                                bits),
                        UTF8_NULLABLE,
                        1));
        assertTrue(view.getMessage().contains("expects 0..1 children but has 2"), view.getMessage());
    }

    /// A view: inlined when at most 12 bytes, else prefix, buffer index and offset.
    private static void view(ByteBuffer views, String value, int buffer, int offset) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        views.putInt(b.length);
        if (b.length <= 12) {
            views.put(b);
            views.put(new byte[12 - b.length]);
        } else {
            views.put(b, 0, 4);
            views.putInt(buffer);
            views.putInt(offset);
        }
    }

    private static ByteBuffer views(int n) {
        return ByteBuffer.allocate(16 * n).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void varbinviewInlinedAndInTwoDataBuffers() {
        String first = "the first long value";
        String second = "and a second long one";
        ByteBuffer v = views(3);
        view(v, "short", 0, 0);
        view(v, first, 0, 3);
        view(v, second, 1, 0);
        TestNode node = TestNode.of(
                "vortex.varbinview",
                new byte[0],
                List.of(utf8("---" + first), utf8(second), MemorySegment.ofArray(v.array())));
        assertEquals(List.of("short", first, second), strings(decode(node, UTF8, 3)));
    }

    @Test
    void varbinviewOutOfRangeViewIsFineOnlyUnderANull() {
        String value = "thirteen byte";
        ByteBuffer v = views(2);
        view(v, value, 0, 0);
        view(v, value, 5, 0); // buffer 5 does not exist
        MemorySegment data = utf8(value);
        MemorySegment vs = MemorySegment.ofArray(v.array());
        TestNode nullable = TestNode.of(
                "vortex.varbinview", new byte[0], List.of(data, vs), TestArrays.bools(new boolean[] {true, false}));
        Array a = decode(nullable, UTF8_NULLABLE, 2);
        assertEquals(value, ((VarBinViewArray) a).getString(0));
        assertFalse(a.isValid(1));
        TestNode valid = TestNode.of("vortex.varbinview", new byte[0], List.of(data, vs));
        VortexException e = assertThrows(VortexException.class, () -> decode(valid, UTF8, 2));
        assertTrue(e.getMessage().contains("view 1 points at buffer 5"), e.getMessage());
    }

    @Test
    void varbinviewBadViewsAreCorrupt() {
        String value = "thirteen byte";
        // A view whose bytes run one past the data.
        ByteBuffer past = views(1);
        view(past, value, 0, 1);
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.varbinview",
                                new byte[0],
                                List.of(utf8(value), MemorySegment.ofArray(past.array()))),
                        UTF8,
                        1));
        // A negative buffer index.
        ByteBuffer negative = views(1);
        view(negative, value, -1, 0);
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.varbinview",
                                new byte[0],
                                List.of(utf8(value), MemorySegment.ofArray(negative.array()))),
                        UTF8,
                        1));
        // A negative size.
        ByteBuffer size = views(1);
        size.putInt(-3);
        VortexException e = assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.varbinview", new byte[0], List.of(MemorySegment.ofArray(size.array()))),
                        UTF8,
                        1));
        assertTrue(e.getMessage().contains("negative size"), e.getMessage());
        // A views buffer of the wrong size, and no buffer at all.
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.varbinview", new byte[0], List.of(MemorySegment.ofArray(new byte[16]))),
                        UTF8,
                        2));
        assertThrows(
                VortexException.class, () -> decode(TestNode.of("vortex.varbinview", new byte[0], List.of()), UTF8, 0));
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.varbinview", new byte[0], List.of(MemorySegment.ofArray(new byte[16]))),
                        I32,
                        1));
    }

    @Test
    void varbinviewViewEndingExactlyAtTheDataEnd() {
        String value = "exactly the data";
        ByteBuffer v = views(1);
        view(v, value, 0, 0);
        TestNode node =
                TestNode.of("vortex.varbinview", new byte[0], List.of(utf8(value), MemorySegment.ofArray(v.array())));
        assertEquals(List.of(value), strings(decode(node, UTF8, 1)));
    }

    private static List<List<Long>> lists(Array a) {
        ListArray l = (ListArray) a;
        PrimitiveArray e = (PrimitiveArray) l.elements();
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < l.length(); i++) {
            List<Long> row = new ArrayList<>();
            for (long k = l.start(i); k < l.end(i); k++) {
                row.add(e.getLong((int) k));
            }
            out.add(row);
        }
        return out;
    }

    private static final DType LIST = new DType.ListType(I32, false);

    private static TestNode list(long[] elements, PType offsetType, long[] offsets, TestNode... validity) {
        byte[] meta = new ListMetadata(elements.length, offsetType.code()).write();
        List<EncodedNode> children = new ArrayList<>();
        children.add(TestArrays.primitive(PType.I32, elements));
        children.add(TestArrays.primitive(offsetType, offsets));
        children.addAll(List.of(validity));
        return new TestNode("vortex.list", meta, List.of(), children);
    }

    @Test
    void listOffsetsSplitTheElements() {
        TestNode node = list(new long[] {1, 2, 3, 4}, PType.U16, new long[] {0, 1, 1, 4});
        assertEquals(List.of(List.of(1L), List.of(), List.of(2L, 3L, 4L)), lists(decode(node, LIST, 3)));
    }

    @Test
    void listWithNulls() {
        TestNode node = list(
                new long[] {5, 6}, PType.I32, new long[] {0, 1, 1, 2}, TestArrays.bools(new boolean[] {true, false, true
                }));
        Array a = decode(node, new DType.ListType(I32, true), 3);
        assertEquals(
                List.of(true, false, true),
                IntStream.range(0, 3).mapToObj(a::isValid).toList());
        assertEquals(List.of(List.of(5L), List.of(), List.of(6L)), lists(a));
    }

    @Test
    void listBadOffsetsAndTypesAreCorrupt() {
        assertThrows(
                VortexException.class, () -> decode(list(new long[] {1, 2}, PType.I32, new long[] {0, 2, 1}), LIST, 2));
        assertThrows(
                VortexException.class, () -> decode(list(new long[] {1, 2}, PType.I32, new long[] {0, 3}), LIST, 1));
        assertThrows(
                VortexException.class, () -> decode(list(new long[] {1, 2}, PType.I32, new long[] {-1, 2}), LIST, 1));
        assertThrows(
                VortexException.class, () -> decode(list(new long[] {1, 2}, PType.I32, new long[] {0, 2}), I32, 1));
        TestNode good = list(new long[] {1}, PType.I32, new long[] {0, 1});
        assertThrows(
                VortexException.class,
                () -> decode(
                        new TestNode(
                                "vortex.list",
                                good.metadata(),
                                List.of(),
                                good.children().subList(0, 1)),
                        LIST,
                        1));
        // The last offset equal to the element count is fine.
        assertEquals(List.of(List.of(1L)), lists(decode(good, LIST, 1)));
    }

    private static TestNode listview(long[] elements, long[] offsets, long[] sizes) {
        byte[] meta = new ListViewMetadata(elements.length, PType.U32.code(), PType.U8.code()).write();
        return TestNode.of(
                "vortex.listview",
                meta,
                List.of(),
                TestArrays.primitive(PType.I32, elements),
                TestArrays.primitive(PType.U32, offsets),
                TestArrays.primitive(PType.U8, sizes));
    }

    @Test
    void listviewContiguousAndOverlapping() {
        long[] elements = {10, 11, 12, 13};
        assertEquals(
                List.of(List.of(10L, 11L), List.of(), List.of(12L, 13L)),
                lists(decode(listview(elements, new long[] {0, 2, 2}, new long[] {2, 0, 2}), LIST, 3)));
        // Out of order and overlapping views: the elements are copied.
        assertEquals(
                List.of(List.of(12L, 13L), List.of(11L, 12L), List.of(10L)),
                lists(decode(listview(elements, new long[] {2, 1, 0}, new long[] {2, 2, 1}), LIST, 3)));
        // Contiguous but not starting at 0.
        assertEquals(
                List.of(List.of(11L), List.of(12L, 13L)),
                lists(decode(listview(elements, new long[] {1, 2}, new long[] {1, 2}), LIST, 2)));
        assertEquals(List.of(), lists(decode(listview(elements, new long[0], new long[0]), LIST, 0)));
    }

    @Test
    void listviewPastTheElementsIsCorrupt() {
        VortexException e = assertThrows(
                VortexException.class,
                () -> decode(listview(new long[] {1, 2}, new long[] {1}, new long[] {2}), LIST, 1));
        assertTrue(e.getMessage().contains("list view 0"), e.getMessage());
        assertEquals(
                List.of(List.of(2L)),
                lists(decode(listview(new long[] {1, 2}, new long[] {1}, new long[] {1}), LIST, 1)));
    }

    @Test
    void fixedSizeListAndMap() {
        DType.FixedSizeList pairs = new DType.FixedSizeList(I32, 2, false);
        Array a = decode(
                TestNode.of(
                        "vortex.fixed_size_list", new byte[0], List.of(), TestArrays.primitive(PType.I32, new long[] {
                            1, 2, 3, 4, 5, 6
                        })),
                pairs,
                3);
        FixedSizeListArray f = (FixedSizeListArray) a;
        assertEquals(2, f.size());
        assertEquals(3, f.length());
        assertEquals(6, f.elements().length());
        assertEquals(6L, ((PrimitiveArray) f.elements()).getLong(5));
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.fixed_size_list",
                                new byte[0],
                                List.of(),
                                TestArrays.primitive(PType.I32, new long[] {1})),
                        LIST,
                        1));
        assertThrows(VortexException.class, () -> decode(TestNode.of("vortex.map", new byte[0], List.of()), LIST, 0));
    }
}
