package dev.jvortex.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.format.internal.FormatWriter;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/// The flatbuffer builder and readers agree, including on large trees that make the builder grow.
class FormatRoundTripTest {
    @Test
    void dtypesSurviveTheFlatbufferRoundTrip() {
        DType t = DType.struct(
                false,
                "a",
                new DType.Primitive(PType.I64, true),
                "b",
                new DType.ListType(new DType.Utf8(false), true),
                "c",
                new DType.Decimal(38, -3, true),
                "d",
                new DType.Extension(
                        "vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 3, 0, 'U', 'T', 'C'}),
                "e",
                new DType.FixedSizeList(new DType.Primitive(PType.F32, false), 3, false),
                "f",
                new DType.MapType(new DType.Utf8(false), new DType.Primitive(PType.I32, true), false, true),
                "g",
                new DType.Null());
        assertEquals(t, DTypes.readFlatbuffer(MemorySegment.ofArray(FormatWriter.dtypeBuffer(t))));
    }

    @Test
    void largeLayoutTreesAndFootersRoundTrip() {
        List<FormatWriter.LayoutSpec> kids = new ArrayList<>();
        List<SegmentSpec> segs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            kids.add(new FormatWriter.LayoutSpec(0, i + 1, new byte[0], List.of(), new int[] {i}));
            segs.add(new SegmentSpec(8L + 16L * i, 16, 3));
        }
        FormatWriter.LayoutSpec root = new FormatWriter.LayoutSpec(1, 12_502_500, new byte[] {7}, kids, new int[0]);
        Footer footer = Footer.read(MemorySegment.ofArray(
                FormatWriter.footer(List.of("vortex.primitive"), List.of("vortex.flat", "vortex.chunked"), segs)));
        assertEquals(segs, footer.segments());
        LayoutNode node = LayoutNode.read(MemorySegment.ofArray(FormatWriter.layoutBuffer(root)), footer);
        assertEquals("vortex.chunked", node.encoding());
        assertEquals(12_502_500, node.rowCount());
        assertArrayEquals(new byte[] {7}, node.metadata());
        assertEquals(5000, node.children().size());
        assertEquals(4999, node.children().get(4999).segments()[0]);
        assertEquals(5000, node.children().get(4999).rowCount());
    }

    @Test
    void layoutIndexBeyondTheFooterIsRejected() {
        Footer footer =
                Footer.read(MemorySegment.ofArray(FormatWriter.footer(List.of(), List.of("vortex.flat"), List.of())));
        byte[] layout =
                FormatWriter.layoutBuffer(new FormatWriter.LayoutSpec(3, 1, new byte[0], List.of(), new int[0]));
        VortexException e =
                assertThrows(VortexException.class, () -> LayoutNode.read(MemorySegment.ofArray(layout), footer));
        assertEquals(VortexException.Kind.CORRUPT, e.kind());
    }
}
