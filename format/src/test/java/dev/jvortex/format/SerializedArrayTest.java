package dev.jvortex.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/// An array tree serialized by [ArraySerializer] parses back with [SerializedArray]: the segment
/// layout (buffers at their alignment from the segment start, zero padding to 8, the flatbuffer,
/// its `u32` length), node encodings, metadata, children and buffers; broken segments give
/// `VortexException`s that say where.
class SerializedArrayTest {
    private static final List<String> IDS = List.of("vortex.primitive", "vortex.struct", "vortex.dict");

    private static MemorySegment bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return MemorySegment.ofArray(b);
    }

    /// Concatenates the serialized parts into one segment.
    private static MemorySegment join(ArraySerializer.Serialized s) {
        byte[] out = new byte[(int) s.length()];
        int pos = 0;
        for (MemorySegment p : s.parts()) {
            byte[] b = p.toArray(ValueLayout.JAVA_BYTE);
            System.arraycopy(b, 0, out, pos, b.length);
            pos += b.length;
        }
        assertEquals(out.length, pos, "parts add up to the length");
        return MemorySegment.ofArray(out);
    }

    /// A struct of a dictionary (codes, values) and a primitive: buffers of 3, 5 and 2 bytes at
    /// alignments 1, 8 and 4.
    private static WriteNode tree() {
        WriteNode values = new WriteNode(
                "vortex.primitive",
                new byte[] {9},
                List.of(new WriteNode.Buffer(bytes(10, 11, 12, 13, 14), 8)),
                List.of());
        WriteNode codes =
                new WriteNode("vortex.primitive", null, List.of(new WriteNode.Buffer(bytes(1, 2, 3), 1)), List.of());
        WriteNode dict = WriteNode.of("vortex.dict", new byte[] {7, 7}, codes, values);
        WriteNode other =
                new WriteNode("vortex.primitive", null, List.of(new WriteNode.Buffer(bytes(42, 43), 4)), List.of());
        return WriteNode.of("vortex.struct", null, dict, other);
    }

    @Test
    void aTreeRoundTripsWithItsBuffersAligned() {
        ArraySerializer.Serialized s = ArraySerializer.serialize(tree(), IDS::indexOf);
        assertEquals(8, s.alignment());
        MemorySegment seg = join(s);
        // buffers in depth-first order: [1,2,3] at 0, [10..14] at 8 (aligned to 8), [42,43] at 16
        assertArrayEquals(
                new byte[] {1, 2, 3, 0, 0, 0, 0, 0, 10, 11, 12, 13, 14, 0, 0, 0, 42, 43},
                seg.asSlice(0, 18).toArray(ValueLayout.JAVA_BYTE));
        int fbLen = seg.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), seg.byteSize() - 4);
        // 18 bytes of buffers padded to 24, then the flatbuffer and its length
        assertEquals(24 + fbLen + 4, seg.byteSize());

        SerializedArray a = SerializedArray.parse(seg, IDS, "seg 5");
        assertEquals(3, a.bufferCount());
        EncodedNode root = a.root();
        assertEquals("vortex.struct", root.encoding());
        assertEquals(0, root.metadata().length);
        assertEquals(2, root.childCount());
        assertEquals(0, root.bufferCount());
        EncodedNode dict = root.child(0);
        assertEquals("vortex.dict", dict.encoding());
        assertArrayEquals(new byte[] {7, 7}, dict.metadata());
        assertEquals(2, dict.childCount());
        EncodedNode codes = dict.child(0);
        assertEquals("vortex.primitive", codes.encoding());
        assertEquals(0, codes.childCount());
        assertEquals(1, codes.bufferCount());
        assertArrayEquals(new byte[] {1, 2, 3}, codes.buffer(0).toArray(ValueLayout.JAVA_BYTE));
        EncodedNode values = dict.child(1);
        assertArrayEquals(new byte[] {9}, values.metadata());
        assertArrayEquals(new byte[] {10, 11, 12, 13, 14}, values.buffer(0).toArray(ValueLayout.JAVA_BYTE));
        assertEquals(8, values.buffer(0).address() - seg.address(), "a zero-copy slice at offset 8");
        assertArrayEquals(new byte[] {42, 43}, root.child(1).buffer(0).toArray(ValueLayout.JAVA_BYTE));
        assertEquals("seg 5, array node root.0.1", values.location());
    }

    @Test
    void aLeafWithoutBuffersHasAnEmptyDataRegion() {
        MemorySegment seg = join(ArraySerializer.serialize(WriteNode.of("vortex.struct", null), IDS::indexOf));
        int fbLen = seg.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), seg.byteSize() - 4);
        assertEquals(fbLen + 4, seg.byteSize());
        SerializedArray a = SerializedArray.parse(seg, IDS, "seg 0");
        assertEquals(0, a.bufferCount());
        assertEquals("vortex.struct", a.root().encoding());
        assertEquals(0, a.root().childCount());
    }

    private static VortexException corrupt(Runnable r) {
        VortexException e = assertThrows(VortexException.class, r::run);
        assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
        return e;
    }

    @Test
    void brokenSegmentsAreCorruptAndSayWhere() {
        MemorySegment seg = join(ArraySerializer.serialize(tree(), IDS::indexOf));
        // too short to hold the length
        assertTrue(corrupt(() -> SerializedArray.parse(bytes(1, 2, 3), IDS, "seg 1"))
                .getMessage()
                .contains("seg 1: segment of 3 bytes cannot hold an array"));
        // a flatbuffer length past the segment
        byte[] b = seg.toArray(ValueLayout.JAVA_BYTE);
        b[b.length - 1] = 0x7f;
        assertTrue(corrupt(() -> SerializedArray.parse(MemorySegment.ofArray(b), IDS, "seg 2"))
                .getMessage()
                .contains("exceeds the segment"));
        // an encoding index the footer does not list
        SerializedArray a = SerializedArray.parse(seg, List.of("vortex.primitive"), "seg 3");
        assertTrue(corrupt(() -> a.root().encoding()).getMessage().contains("encoding index 1 but the footer lists 1"));
        // children and buffers out of range
        SerializedArray ok = SerializedArray.parse(seg, IDS, "seg 4");
        assertTrue(corrupt(() -> ok.root().child(2)).getMessage().contains("seg 4, array node root: child 2 missing"));
        assertTrue(corrupt(() -> ok.root().child(-1)).getMessage().contains("child -1 missing"));
        assertTrue(corrupt(() -> ok.root().buffer(0)).getMessage().contains("buffer 0 missing (node has 0)"));
        assertTrue(corrupt(() -> ok.root().child(1).buffer(1)).getMessage().contains("buffer 1 missing (node has 1)"));
    }

    @Test
    void aBufferRunningIntoTheFlatbufferIsCorrupt() {
        MemorySegment seg = join(ArraySerializer.serialize(tree(), IDS::indexOf));
        // the same flatbuffer with the data region cut to 8 bytes: buffer 1 [8, 13) no longer fits
        int fbLen = seg.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), seg.byteSize() - 4);
        byte[] all = seg.toArray(ValueLayout.JAVA_BYTE);
        byte[] cut = new byte[8 + fbLen + 4];
        System.arraycopy(all, 0, cut, 0, 8);
        System.arraycopy(all, all.length - fbLen - 4, cut, 8, fbLen + 4);
        assertTrue(corrupt(() -> SerializedArray.parse(MemorySegment.ofArray(cut), IDS, "seg 6"))
                .getMessage()
                .contains("seg 6: buffer 1 [8, 13) runs past the data region of 8 bytes"));
    }

    @Test
    void treesDeeperThan256AreRefused() {
        WriteNode n = WriteNode.of("vortex.primitive", null);
        for (int i = 0; i < 300; i++) {
            n = WriteNode.of("vortex.struct", null, n);
        }
        SerializedArray a = SerializedArray.parse(join(ArraySerializer.serialize(n, IDS::indexOf)), IDS, "seg 7");
        EncodedNode node = a.root();
        for (int i = 0; i < 256; i++) {
            node = node.child(0);
        }
        EncodedNode last = node;
        assertTrue(corrupt(() -> last.child(0)).getMessage().contains("array tree deeper than 256"));
    }
}
