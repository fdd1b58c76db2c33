package dev.jvortex.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.format.internal.FbBuilder;
import dev.jvortex.format.internal.FormatWriter;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/// The format's messages checked against the flatbuffer and protobuf wire rules as the
/// specifications state them, read by helpers of this test (not by the classes under test):
/// little-endian scalars, alignment of every scalar, vector and string, NUL-terminated strings,
/// vtable and table sizes; the postscript, the statistics tables and the protobuf dtype form;
/// nesting limits; and offsets that leave the buffer, which must be corrupt-data errors.
class FormatMessagesTest {

    // ---- an independent reader of the flatbuffer wire form ----

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static int i32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    private static long u64(byte[] b, int at) {
        return (i32(b, at) & 0xFFFF_FFFFL) | (long) i32(b, at + 4) << 32;
    }

    /// A table at `pos` of buffer `b`.
    private record Table(byte[] b, int pos) {
        static Table root(byte[] b) {
            return new Table(b, i32(b, 0));
        }

        int vtable() {
            return pos - i32(b, pos);
        }

        int vtableSize() {
            return u16(b, vtable());
        }

        int tableSize() {
            return u16(b, vtable() + 2);
        }

        /// Absolute position of field `slot`, or -1.
        int field(int slot) {
            int entry = 4 + 2 * slot;
            if (entry + 2 > vtableSize()) {
                return -1;
            }
            int rel = u16(b, vtable() + entry);
            return rel == 0 ? -1 : pos + rel;
        }

        int fieldOffset(int slot) {
            return field(slot) - pos;
        }

        /// Where the offset stored in field `slot` points.
        int target(int slot) {
            int p = field(slot);
            return p + i32(b, p);
        }
    }

    @Test
    void tablesOfTheSameShapeShareOneVtable() {
        FbBuilder fb = new FbBuilder();
        int[] tables = new int[4];
        for (int i = 0; i < 3; i++) {
            // 12-byte table and 12-byte vtable: every table starts aligned, so their sizes (part
            // of the vtable) are equal too
            fb.startTable(4);
            fb.addU32(0, 100 + i, 0);
            fb.addU32(3, 7 * i + 1, 0);
            tables[i] = fb.endTable();
        }
        fb.startTable(4); // another shape: slot 1 instead of slot 3
        fb.addU32(0, 5, 0);
        fb.addU32(1, 6, 0);
        tables[3] = fb.endTable();
        int vector = fb.createOffsetVector(tables);
        fb.startTable(1);
        fb.addOffset(0, vector);
        byte[] b = fb.finish(fb.endTable());

        Table root = Table.root(b);
        int vec = root.target(0);
        assertEquals(4, i32(b, vec));
        Table[] read = new Table[4];
        for (int i = 0; i < 4; i++) {
            int at = vec + 4 + 4 * i;
            read[i] = new Table(b, at + i32(b, at));
        }
        assertEquals(read[0].vtable(), read[1].vtable(), "equal vtables are written once");
        assertEquals(read[0].vtable(), read[2].vtable(), "equal vtables are written once");
        assertTrue(read[3].vtable() != read[0].vtable(), "a different shape has its own vtable");
        assertTrue(read[1].vtable() > read[1].pos(), "a shared vtable may follow its table (negative offset)");
        for (int i = 0; i < 3; i++) {
            assertEquals(100 + i, i32(b, read[i].field(0)));
            assertEquals(-1, read[i].field(1));
            assertEquals(-1, read[i].field(2));
            assertEquals(7 * i + 1, i32(b, read[i].field(3)));
            FbTable t = FbTable.root(MemorySegment.ofArray(b), "shared")
                    .getVector(0)
                    .table(i, "element");
            assertEquals(100 + i, t.getU32(0, 0));
            assertEquals(7 * i + 1, t.getU32(3, 0));
            assertFalse(t.has(1));
            assertFalse(t.has(2));
        }
        assertEquals(5, i32(b, read[3].field(0)));
        assertEquals(6, i32(b, read[3].field(1)));
        assertEquals(-1, read[3].field(3));
    }

    @Test
    void theBuilderWritesLittleEndianAlignedFieldsVectorsAndStrings() {
        FbBuilder fb = new FbBuilder();
        int child = fb.createString("child");
        fb.startTable(1);
        fb.addOffset(0, child);
        int table = fb.endTable();
        int str = fb.createString("héllo");
        int bytes = fb.createByteVector(new byte[] {9, 8, 7});
        int u16s = fb.createU16Vector(new int[] {1, 0x1234, 0xFFFF});
        int u32s = fb.createU32Vector(new int[] {1, 0x7FFF_FFFF, 0x89AB_CDEF});
        byte[] inline = new byte[16];
        inline[0] = 1;
        inline[8] = 2;
        int structs = fb.createInlineVector(inline, 2, 8);
        int tables = fb.createOffsetVector(new int[] {table, table});
        fb.startTable(11);
        fb.addU64(0, 0x0102_0304_0506_0708L, 0);
        fb.addU8(1, 0xAB, 0);
        fb.addU16(2, 0xBEEF, 0);
        fb.addU32(3, 0xFEDC_BA98L, 0);
        fb.addOffset(4, str);
        fb.addOffset(5, bytes);
        fb.addOffset(6, u16s);
        fb.addOffset(7, u32s);
        fb.addOffset(8, structs);
        fb.addOffset(9, tables);
        fb.addU8(10, 0, 0); // the default: not stored
        byte[] b = fb.finish(fb.endTable());

        assertEquals(0, b.length % 8, "the buffer is padded to its largest alignment");
        Table t = Table.root(b);
        assertEquals(0, t.pos() % 4, "table position");
        assertEquals(4 + 2 * 10, t.vtableSize(), "vtable of ten slots (the trailing default is not stored)");
        assertEquals(-1, t.field(10));
        int[] widths = {8, 1, 2, 4, 4, 4, 4, 4, 4, 4};
        int end = 0;
        for (int slot = 0; slot < widths.length; slot++) {
            int p = t.field(slot);
            assertEquals(0, p % widths[slot], "alignment of field " + slot);
            end = Math.max(end, t.fieldOffset(slot) + widths[slot]);
        }
        assertTrue(t.tableSize() >= end, "table size " + t.tableSize() + " covers its fields (" + end + ")");
        assertEquals(0x0102_0304_0506_0708L, u64(b, t.field(0)));
        assertEquals(0xAB, b[t.field(1)] & 0xFF);
        assertEquals(0xBEEF, u16(b, t.field(2)));
        assertEquals(0xFEDC_BA98, i32(b, t.field(3)));

        int s = t.target(4);
        assertEquals(0, s % 4, "string length prefix alignment");
        byte[] hello = "héllo".getBytes(StandardCharsets.UTF_8);
        assertEquals(hello.length, i32(b, s));
        assertArrayEquals(hello, java.util.Arrays.copyOfRange(b, s + 4, s + 4 + hello.length));
        assertEquals(0, b[s + 4 + hello.length], "strings end with a NUL byte");

        int v = t.target(5);
        assertEquals(0, v % 4);
        assertEquals(3, i32(b, v));
        assertArrayEquals(new byte[] {9, 8, 7}, java.util.Arrays.copyOfRange(b, v + 4, v + 7));

        v = t.target(6);
        assertEquals(0, v % 4);
        assertEquals(3, i32(b, v));
        assertEquals(1, u16(b, v + 4));
        assertEquals(0x1234, u16(b, v + 6));
        assertEquals(0xFFFF, u16(b, v + 8));

        v = t.target(7);
        assertEquals(3, i32(b, v));
        assertEquals(0x7FFF_FFFF, i32(b, v + 8));
        assertEquals(0x89AB_CDEF, i32(b, v + 12));

        v = t.target(8);
        assertEquals(2, i32(b, v));
        assertEquals(0, (v + 4) % 8, "8-aligned inline elements");
        assertEquals(1, b[v + 4]);
        assertEquals(2, b[v + 12]);

        v = t.target(9);
        assertEquals(2, i32(b, v));
        for (int i = 0; i < 2; i++) {
            int at = v + 4 + 4 * i;
            Table element = new Table(b, at + i32(b, at));
            int cs = element.target(0);
            assertEquals(5, i32(b, cs));
            assertEquals("child", new String(b, cs + 4, 5, StandardCharsets.UTF_8));
        }

        // The reader under test agrees with this one.
        FbTable r = FbTable.root(MemorySegment.ofArray(b), "test");
        assertEquals(0x0102_0304_0506_0708L, r.getU64(0, 0));
        assertEquals(0xAB, r.getU8(1, 0));
        assertEquals((byte) 0xAB, r.getI8(1, 0));
        assertEquals(0xBEEF, r.getU16(2, 0));
        assertEquals(0xFEDC_BA98L, r.getU32(3, 0));
        assertEquals("héllo", r.getString(4));
        assertArrayEquals(new byte[] {9, 8, 7}, r.getBytes(5).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        FbVector rv = r.getVector(6);
        assertEquals(3, rv.length());
        assertEquals(0x1234, rv.u16(1));
        assertEquals(0xFFFF, rv.u16(2));
        rv = r.getVector(7);
        assertEquals(0x89AB_CDEFL, rv.u32(2));
        assertEquals(0x7FFF_FFFFL, rv.u32(1));
        assertEquals(9, r.getVector(5).u8(0));
        assertEquals(7, r.getVector(5).u8(2));
        assertEquals(16, r.getVector(8).inline(8).byteSize());
        assertEquals("child", r.getVector(9).table(1, "element").getString(0));
        assertTrue(r.has(9));
        assertFalse(r.has(10));
        assertFalse(r.has(40));
        assertEquals(77, r.getU8(10, 77), "absent fields give the default");
        assertEquals(-5, r.getI8(10, -5));
        assertEquals(77, r.getU16(10, 77));
        assertEquals(77L, r.getU32(10, 77));
        assertEquals(77L, r.getU64(10, 77));
        assertNull(r.getString(10));
        assertNull(r.getTable(10, "x"));
        assertNull(r.getVector(10));
        assertNull(r.getBytes(10));
        assertEquals("test", r.what());
    }

    // ---- offsets that leave the buffer ----

    /// A 16-byte flatbuffer whose root table has one field, at `fieldOffset` from the table.
    private static byte[] oneFieldPointing(int fieldOffset) {
        byte[] b = new byte[16];
        b[0] = 12; // root table at 12
        b[4] = 6; // vtable at 4: 6 bytes, one slot
        b[6] = 8; // table size
        b[8] = (byte) fieldOffset;
        b[9] = (byte) (fieldOffset >>> 8);
        b[12] = 8; // table at 12, vtable 8 bytes before
        return b;
    }

    private static void corrupt(Executable e) {
        VortexException x = assertThrows(VortexException.class, e);
        assertEquals(VortexException.Kind.CORRUPT, x.kind(), x.getMessage());
    }

    @Test
    void everyReadOutsideTheBufferIsCorruptData() {
        for (int off : new int[] {1, 2, 3, 4, 0x1000}) {
            FbTable t = FbTable.root(MemorySegment.ofArray(oneFieldPointing(off)), "crafted");
            assertTrue(t.has(0));
            // the field lies at 12 + off: scalars wider than the 4 - off bytes left are refused
            if (off >= 4) {
                corrupt(() -> t.getU8(0, 0));
                corrupt(() -> t.getI8(0, 0));
                corrupt(() -> t.getBool(0, false));
            }
            if (off >= 3) {
                corrupt(() -> t.getU16(0, 0));
            }
            if (off >= 1) {
                corrupt(() -> t.getU32(0, 0));
                corrupt(() -> t.getU64(0, 0));
                corrupt(() -> t.getString(0));
                corrupt(() -> t.getTable(0, "x"));
                corrupt(() -> t.getVector(0));
            }
        }
        FbTable t = FbTable.root(MemorySegment.ofArray(oneFieldPointing(3)), "crafted");
        assertEquals(0, t.getU8(0, 9), "the last byte of the buffer is readable");
        // a stored offset pointing past the end (field at 12 + 0 holding the table's own soffset 8)
        byte[] b = oneFieldPointing(0);
        b[8] = 0;
        b[9] = 0;
        assertFalse(FbTable.root(MemorySegment.ofArray(b), "crafted").has(0));
        corrupt(() -> FbTable.root(MemorySegment.ofArray(new byte[7]), "short"));
        byte[] rootOut = new byte[16];
        rootOut[0] = 13;
        corrupt(() -> FbTable.root(MemorySegment.ofArray(rootOut), "root outside"));
        byte[] vtableOut = oneFieldPointing(4);
        vtableOut[12] = 20; // vtable before the buffer
        corrupt(() -> FbTable.root(MemorySegment.ofArray(vtableOut), "vtable outside"));
        byte[] oddVtable = oneFieldPointing(4);
        oddVtable[4] = 7;
        corrupt(() -> FbTable.root(MemorySegment.ofArray(oddVtable), "odd vtable"));
        byte[] longVtable = oneFieldPointing(4);
        longVtable[4] = 14; // 14 bytes from 4 pass the end
        corrupt(() -> FbTable.root(MemorySegment.ofArray(longVtable), "long vtable"));
    }

    @Test
    void vectorsAndStringsLongerThanTheBufferAreCorruptData() {
        FbBuilder fb = new FbBuilder();
        int s = fb.createString("abcdefgh");
        int v = fb.createOffsetVector(new int[] {s});
        fb.startTable(2);
        fb.addOffset(0, s);
        fb.addOffset(1, v);
        byte[] b = fb.finish(fb.endTable());
        Table t = Table.root(b);
        int str = t.target(0);
        int vec = t.target(1);
        assertEquals("abcdefgh", FbTable.root(MemorySegment.ofArray(b), "ok").getString(0));
        // the string's length raised past the end
        byte[] longString = b.clone();
        longString[str] = (byte) 200;
        FbTable ls = FbTable.root(MemorySegment.ofArray(longString), "long string");
        corrupt(() -> ls.getString(0));
        corrupt(() -> ls.getVector(1).string(0));
        corrupt(() -> ls.getBytes(0));
        assertEquals('a', ls.getVector(0).u8(0), "a vector read in bounds still works");
        corrupt(() -> ls.getVector(0).u8(250));
        corrupt(() -> ls.getVector(0).u16(120));
        corrupt(() -> ls.getVector(0).u32(60));
        corrupt(() -> ls.getVector(0).inline(4));
        corrupt(() -> ls.getVector(0).length());
        // the vector's length raised: element 1 does not exist
        byte[] longVector = b.clone();
        longVector[vec] = 100;
        FbTable lv = FbTable.root(MemorySegment.ofArray(longVector), "long vector");
        corrupt(() -> lv.getVector(1).length());
        corrupt(() -> lv.getVector(1).table(90, "x"));
        corrupt(() -> lv.getVector(1).string(90));
        // a length over 2^31
        byte[] huge = b.clone();
        huge[vec + 3] = (byte) 0x80;
        corrupt(() ->
                FbTable.root(MemorySegment.ofArray(huge), "huge").getVector(1).length());
        // invalid UTF-8
        byte[] bad = b.clone();
        bad[str + 4] = (byte) 0xC3;
        bad[str + 5] = (byte) 0x28;
        corrupt(() -> FbTable.root(MemorySegment.ofArray(bad), "bad utf8").getString(0));
    }

    // ---- the postscript ----

    @Test
    void thePostscriptKeepsEverySegmentAndRefusesMissingOnes() {
        SegmentSpec dtype = new SegmentSpec(0, 10, 0);
        SegmentSpec layout = new SegmentSpec(1L << 33, 0xFFFF_FFFFL, 3);
        SegmentSpec stats = new SegmentSpec(77, 300, 32);
        SegmentSpec footer = new SegmentSpec(5_000_000_000L, 65_536, 6);
        Postscript p = Postscript.read(MemorySegment.ofArray(FormatWriter.postscript(dtype, layout, stats, footer)));
        assertEquals(new Postscript(dtype, layout, stats, footer), p);
        assertEquals(1L << 32, stats.alignment());
        assertEquals(64, footer.alignment());
        assertEquals(1, dtype.alignment());
        Postscript noOptional =
                Postscript.read(MemorySegment.ofArray(FormatWriter.postscript(null, layout, null, footer)));
        assertNull(noOptional.dtype());
        assertNull(noOptional.statistics());
        assertEquals(layout, noOptional.layout());
        assertEquals(footer, noOptional.footer());

        // written by hand: slot 1 (layout) present, footer absent, and the other way round
        for (int present : new int[] {1, 3}) {
            FbBuilder fb = new FbBuilder();
            fb.startTable(5);
            fb.addU64(0, 100, 0);
            fb.addU32(1, 20, 0);
            int seg = fb.endTable();
            fb.startTable(4);
            fb.addOffset(present, seg);
            byte[] b = fb.finish(fb.endTable());
            VortexException e = assertThrows(VortexException.class, () -> Postscript.read(MemorySegment.ofArray(b)));
            assertTrue(e.getMessage().contains(present == 1 ? "no footer" : "no layout"), e.getMessage());
        }
        VortexException e = assertThrows(
                VortexException.class,
                () -> Postscript.read(
                        MemorySegment.ofArray(FormatWriter.postscript(null, new SegmentSpec(0, 1, 33), null, footer))));
        assertTrue(e.getMessage().contains("alignment exponent 33"), e.getMessage());
    }

    // ---- statistics ----

    private static void assertStats(ArrayStats want, ArrayStats got) {
        assertArrayEquals(want.min(), got.min(), "min");
        assertArrayEquals(want.max(), got.max(), "max");
        assertArrayEquals(want.sum(), got.sum(), "sum");
        assertEquals(want.minExact(), got.minExact(), "minExact");
        assertEquals(want.maxExact(), got.maxExact(), "maxExact");
        assertEquals(want.isSorted(), got.isSorted(), "isSorted");
        assertEquals(want.isStrictSorted(), got.isStrictSorted(), "isStrictSorted");
        assertEquals(want.isConstant(), got.isConstant(), "isConstant");
        assertEquals(want.nullCount(), got.nullCount(), "nullCount");
        assertEquals(want.uncompressedSizeInBytes(), got.uncompressedSizeInBytes(), "size");
        assertEquals(want.nanCount(), got.nanCount(), "nanCount");
    }

    @Test
    void statisticsKeepEveryFieldAndTellAbsentFromFalseOrZero() {
        List<ArrayStats> fields = List.of(
                new ArrayStats(
                        new byte[] {1},
                        true,
                        new byte[] {2, 3},
                        true,
                        new byte[] {4},
                        true,
                        true,
                        true,
                        7L,
                        1L << 40,
                        3L),
                new ArrayStats(new byte[0], false, new byte[] {5}, false, null, false, false, false, 0L, 0L, 0L),
                new ArrayStats(null, true, null, true, null, null, null, null, null, null, null),
                new ArrayStats(
                        new byte[] {6}, false, null, false, new byte[] {8, 9}, null, true, null, null, 12L, null));
        List<ArrayStats> back =
                ArrayStats.readFileStatistics(MemorySegment.ofArray(FormatWriter.fileStatistics(fields)));
        assertEquals(4, back.size());
        assertStats(fields.get(0), back.get(0));
        assertStats(fields.get(1), back.get(1));
        // exactness is only stored with its bound
        assertStats(new ArrayStats(null, false, null, false, null, null, null, null, null, null, null), back.get(2));
        assertStats(fields.get(3), back.get(3));
        assertEquals(
                List.of(),
                ArrayStats.readFileStatistics(MemorySegment.ofArray(FormatWriter.fileStatistics(List.of()))));

        // A table of no statistics at all (null), and FileStatistics without its vector.
        FbBuilder fb = new FbBuilder();
        int s = FormatWriter.arrayStats(fb, null);
        byte[] b = fb.finish(s);
        assertStats(
                new ArrayStats(null, false, null, false, null, null, null, null, null, null, null),
                ArrayStats.read(FbTable.root(MemorySegment.ofArray(b), "stats")));
        FbBuilder empty = new FbBuilder();
        empty.startTable(1);
        assertEquals(List.of(), ArrayStats.readFileStatistics(MemorySegment.ofArray(empty.finish(empty.endTable()))));
    }

    // ---- the protobuf dtype form ----

    /// A protobuf message writer for the test: fields in the order given.
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        private void varint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        Proto num(int field, long v) {
            varint((long) field << 3);
            varint(v);
            return this;
        }

        Proto bytes(int field, byte[] b) {
            varint((long) field << 3 | 2);
            varint(b.length);
            out.write(b, 0, b.length);
            return this;
        }

        Proto msg(int field, Proto m) {
            return bytes(field, m.toBytes());
        }

        Proto str(int field, String s) {
            return bytes(field, s.getBytes(StandardCharsets.UTF_8));
        }

        byte[] toBytes() {
            return out.toByteArray();
        }
    }

    private static Proto p() {
        return new Proto();
    }

    private static Proto dtype(int variant, Proto body) {
        return p().msg(variant, body);
    }

    @Test
    void theProtobufFormReadsEveryVariantAndSkipsUnknownFields() {
        assertEquals(new DType.Null(), DTypes.readProto(dtype(1, p()).toBytes()));
        assertEquals(
                new DType.Bool(true), DTypes.readProto(dtype(2, p().num(1, 1)).toBytes()));
        assertEquals(
                new DType.Bool(false), DTypes.readProto(dtype(2, p().num(9, 1)).toBytes()));
        assertEquals(
                new DType.Utf8(true),
                DTypes.readProto(dtype(5, p().num(7, 3).num(1, 1)).toBytes()));
        assertEquals(
                new DType.Binary(true), DTypes.readProto(dtype(6, p().num(1, 1)).toBytes()));
        assertEquals(
                new DType.Variant(true),
                DTypes.readProto(dtype(11, p().num(1, 1)).toBytes()));
        assertEquals(
                new DType.Primitive(PType.F64, true),
                DTypes.readProto(dtype(3, p().num(1, PType.F64.code()).num(4, 5).num(2, 1))
                        .toBytes()));
        assertEquals(
                new DType.Primitive(PType.U8, false),
                DTypes.readProto(dtype(3, p()).toBytes()));
        assertEquals(
                new DType.Decimal(38, -3, true),
                DTypes.readProto(
                        dtype(4, p().num(1, 38).num(2, -3L).num(3, 1).num(8, 1)).toBytes()));
        Proto i32 = dtype(3, p().num(1, PType.I32.code()));
        Proto utf8 = dtype(5, p().num(1, 1));
        assertEquals(
                new DType.Struct(
                        List.of("a", "b"), List.of(new DType.Primitive(PType.I32, false), new DType.Utf8(true)), true),
                DTypes.readProto(dtype(
                                7,
                                p().str(1, "a")
                                        .str(1, "b")
                                        .msg(2, i32)
                                        .msg(2, utf8)
                                        .num(3, 1)
                                        .num(9, 2))
                        .toBytes()));
        assertEquals(
                new DType.ListType(new DType.Primitive(PType.I32, false), true),
                DTypes.readProto(dtype(8, p().msg(1, i32).num(2, 1).num(5, 0)).toBytes()));
        assertEquals(
                new DType.ListType(new DType.Utf8(true), false),
                DTypes.readProto(dtype(8, p().msg(1, utf8)).toBytes()));
        assertEquals(
                new DType.FixedSizeList(new DType.Primitive(PType.I32, false), 16, true),
                DTypes.readProto(dtype(10, p().msg(1, i32).num(2, 16).num(3, 1).num(6, 6))
                        .toBytes()));
        assertEquals(
                new DType.Extension("vortex.date", new DType.Primitive(PType.I32, false), new byte[] {4}),
                DTypes.readProto(dtype(
                                9,
                                p().str(1, "vortex.date")
                                        .msg(2, i32)
                                        .bytes(3, new byte[] {4})
                                        .num(4, 4))
                        .toBytes()));
        assertEquals(
                new DType.Extension("my.ext", new DType.Utf8(true), new byte[0]),
                DTypes.readProto(dtype(9, p().str(1, "my.ext").msg(2, utf8)).toBytes()));
        // unknown top-level fields of other wire types are skipped; the last variant wins
        assertEquals(
                new DType.Utf8(true),
                DTypes.readProto(
                        p().num(15, 99).msg(1, p()).msg(5, p().num(1, 1)).toBytes()));
    }

    @Test
    void theProtobufFormRefusesIncompleteOrUnknownMessages() {
        corrupt(() -> DTypes.readProto(new byte[0]));
        corrupt(() -> DTypes.readProto(p().num(3, 1).toBytes()));
        corrupt(() -> DTypes.readProto(dtype(8, p().num(2, 1)).toBytes()));
        corrupt(() -> DTypes.readProto(dtype(10, p().num(2, 3)).toBytes()));
        Proto i32 = dtype(3, p().num(1, PType.I32.code()));
        corrupt(() -> DTypes.readProto(dtype(9, p().str(1, "x")).toBytes()));
        corrupt(() -> DTypes.readProto(dtype(9, p().msg(2, i32)).toBytes()));
        VortexException e = assertThrows(
                VortexException.class, () -> DTypes.readProto(dtype(12, p()).toBytes()));
        assertEquals(VortexException.Kind.UNSUPPORTED, e.kind());
        corrupt(() -> DTypes.readProto(dtype(3, p().num(1, 99)).toBytes()));
        // nesting: MAX_DEPTH lists are read, one more is refused
        Proto deep = i32;
        for (int i = 0; i < DTypes.MAX_DEPTH; i++) {
            deep = dtype(8, p().msg(1, deep));
        }
        byte[] ok = deep.toBytes();
        DType t = DTypes.readProto(ok);
        int levels = 0;
        while (t instanceof DType.ListType l) {
            t = l.element();
            levels++;
        }
        assertEquals(DTypes.MAX_DEPTH, levels);
        byte[] tooDeep = dtype(8, p().msg(1, deep)).toBytes();
        corrupt(() -> DTypes.readProto(tooDeep));
    }

    // ---- nesting limits of the flatbuffer form and of validation ----

    /// The ways one level of nesting wraps a type.
    private static final List<UnaryOperator<DType>> WRAPS = List.of(
            e -> DType.struct(false, "s", e),
            e -> new DType.ListType(e, true),
            e -> new DType.FixedSizeList(e, 2, false),
            e -> new DType.MapType(new DType.Utf8(false), e, false, true),
            e -> new DType.MapType(e, new DType.Utf8(false), true, false),
            e -> new DType.Extension("my.ext", e, new byte[] {1}));

    private static DType nest(UnaryOperator<DType> wrap, int levels) {
        DType t = new DType.Primitive(PType.I16, true);
        for (int i = 0; i < levels; i++) {
            t = wrap.apply(t);
        }
        return t;
    }

    @Test
    void flatbufferDtypesNestUpToTheLimitForEveryNestingType() {
        for (int w = 0; w < WRAPS.size(); w++) {
            DType ok = nest(WRAPS.get(w), DTypes.MAX_DEPTH);
            assertEquals(ok, DTypes.readFlatbuffer(MemorySegment.ofArray(FormatWriter.dtypeBuffer(ok))), "wrap " + w);
            assertDoesNotThrow(() -> DTypes.validate(ok));
            DType deep = nest(WRAPS.get(w), DTypes.MAX_DEPTH + 1);
            byte[] b = FormatWriter.dtypeBuffer(deep);
            corrupt(() -> DTypes.readFlatbuffer(MemorySegment.ofArray(b)));
            corrupt(() -> DTypes.validate(deep));
        }
        DType unionDeep = new DType.Primitive(PType.I8, false);
        for (int i = 0; i <= DTypes.MAX_DEPTH; i++) {
            unionDeep = new DType.Union(List.of("u"), List.of(unionDeep), false);
        }
        DType u = unionDeep;
        corrupt(() -> DTypes.validate(u));
        assertDoesNotThrow(() -> DTypes.validate(((DType.Union) u).variants().getFirst()));
    }

    @Test
    void everyNestedExtensionIsValidatedWithItsPath() {
        DType badDate = new DType.Extension("vortex.date", new DType.Primitive(PType.I32, false), new byte[] {9});
        List<DType> holders = List.of(
                new DType.ListType(badDate, true),
                new DType.FixedSizeList(badDate, 3, false),
                new DType.MapType(badDate, new DType.Utf8(false), false, false),
                new DType.MapType(new DType.Utf8(false), badDate, false, false),
                new DType.Union(List.of("v"), List.of(badDate), false),
                new DType.Extension("my.ext", badDate, new byte[0]));
        String[] paths = {"a[]", "a[]", "a.key", "a.value", "a.v", "a"};
        for (int i = 0; i < holders.size(); i++) {
            DType.Struct schema = DType.struct(false, "a", holders.get(i));
            VortexException e = assertThrows(VortexException.class, () -> DTypes.validate(schema));
            assertTrue(e.getMessage().contains("column '" + paths[i] + "'"), e.getMessage());
            if (!(holders.get(i) instanceof DType.Union)) {
                byte[] b = FormatWriter.dtypeBuffer(schema);
                corrupt(() -> DTypes.readFlatbuffer(MemorySegment.ofArray(b)));
            }
        }
        VortexException top = assertThrows(VortexException.class, () -> DTypes.validate(badDate));
        assertTrue(top.getMessage().contains("the file's vortex.date"), top.getMessage());
    }

    @Test
    void timestampZonesOfEveryLengthAreChecked() {
        for (int len : new int[] {0, 3, 255, 256, 300}) {
            byte[] meta = new byte[3 + len];
            meta[0] = 1;
            meta[1] = (byte) len;
            meta[2] = (byte) (len >>> 8);
            for (int i = 0; i < len; i++) {
                meta[3 + i] = 'Z';
            }
            DType ok = new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), meta);
            assertDoesNotThrow(() -> DTypes.validate(ok), "zone of " + len + " bytes");
            assertEquals(ok, DTypes.readFlatbuffer(MemorySegment.ofArray(FormatWriter.dtypeBuffer(ok))));
            byte[] shorter = java.util.Arrays.copyOf(meta, meta.length + 1);
            DType bad = new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), shorter);
            corrupt(() -> DTypes.validate(bad));
        }
    }

    @Test
    void flatbufferDtypesKeepEveryFlag() {
        List<DType> types = new ArrayList<>();
        for (boolean n : new boolean[] {false, true}) {
            types.add(new DType.Bool(n));
            types.add(new DType.Utf8(n));
            types.add(new DType.Binary(n));
            types.add(new DType.Variant(n));
            types.add(new DType.Primitive(PType.U64, n));
            types.add(new DType.Decimal(76, 70, n));
            types.add(new DType.Decimal(5, -2, n));
            types.add(new DType.ListType(new DType.Null(), n));
            types.add(new DType.FixedSizeList(new DType.Bool(!n), 1 << 20, n));
            types.add(new DType.FixedSizeList(new DType.Bool(!n), Integer.MAX_VALUE, n));
            types.add(new DType.FixedSizeList(new DType.Bool(!n), 0, n));
            types.add(new DType.MapType(new DType.Utf8(false), new DType.Bool(true), n, !n));
            types.add(new DType.MapType(new DType.Utf8(false), new DType.Bool(true), n, n));
            types.add(new DType.Struct(List.of("x"), List.of(new DType.Bool(n)), n));
            types.add(new DType.Struct(List.of(), List.of(), n));
        }
        for (DType t : types) {
            assertEquals(t, DTypes.readFlatbuffer(MemorySegment.ofArray(FormatWriter.dtypeBuffer(t))), t.toString());
        }
        // a fixed-size list size of 2^31 (one more than any int) is refused
        byte[] b = FormatWriter.dtypeBuffer(new DType.FixedSizeList(new DType.Bool(false), Integer.MAX_VALUE, false));
        int found = 0;
        for (int i = 0; i + 4 <= b.length; i++) {
            if (i32(b, i) == Integer.MAX_VALUE) {
                b[i] = 0;
                b[i + 1] = 0;
                b[i + 2] = 0;
                b[i + 3] = (byte) 0x80;
                found++;
            }
        }
        assertEquals(1, found);
        VortexException e = assertThrows(VortexException.class, () -> DTypes.readFlatbuffer(MemorySegment.ofArray(b)));
        assertTrue(e.getMessage().contains("2147483648"), e.getMessage());
    }

    @Test
    void aDtypeTagWithoutItsValueIsRefused() {
        for (int tag : new int[] {0, 2, 7, 13}) {
            FbBuilder fb = new FbBuilder();
            fb.startTable(2);
            fb.addU8(0, tag, 0);
            byte[] b = fb.finish(fb.endTable());
            VortexException e =
                    assertThrows(VortexException.class, () -> DTypes.readFlatbuffer(MemorySegment.ofArray(b)));
            if (tag == 0) {
                assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), e.getMessage());
            } else {
                assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
                assertTrue(e.getMessage().contains("tag " + tag + " without a value"), e.getMessage());
            }
        }
    }

    @Test
    void unionsAreReadFromTheirNamesAndVariants() {
        // Written by hand (the writer refuses unions): tag 12, names and types vectors, nullable in slot 3.
        for (boolean nullable : new boolean[] {false, true}) {
            FbBuilder fb = new FbBuilder();
            int a = FormatWriter.dtype(fb, new DType.Primitive(PType.I8, false));
            int c = FormatWriter.dtype(fb, new DType.Utf8(true));
            int na = fb.createString("a");
            int nc = fb.createString("c");
            int names = fb.createOffsetVector(new int[] {na, nc});
            int kinds = fb.createOffsetVector(new int[] {a, c});
            fb.startTable(4);
            fb.addOffset(0, names);
            fb.addOffset(1, kinds);
            fb.addU8(3, nullable ? 1 : 0, 0);
            int union = fb.endTable();
            fb.startTable(2);
            fb.addU8(0, 12, 0);
            fb.addOffset(1, union);
            byte[] b = fb.finish(fb.endTable());
            assertEquals(
                    new DType.Union(
                            List.of("a", "c"),
                            List.of(new DType.Primitive(PType.I8, false), new DType.Utf8(true)),
                            nullable),
                    DTypes.readFlatbuffer(MemorySegment.ofArray(b)));
        }
    }

    @Test
    void writableSchemasNestAtMostThirtyLevels() {
        for (int w = 0; w < WRAPS.size(); w++) {
            DType.Struct ok = DType.struct(false, "id", new DType.Bool(false), "deep", nest(WRAPS.get(w), 30));
            assertDoesNotThrow(() -> DTypes.checkWritable(ok), "wrap " + w);
            DType.Struct deep = DType.struct(false, "id", new DType.Bool(false), "deep", nest(WRAPS.get(w), 31));
            VortexException e = assertThrows(VortexException.class, () -> DTypes.checkWritable(deep));
            assertEquals(VortexException.Kind.MISUSE, e.kind());
            assertTrue(
                    e.getMessage().contains("column 'deep'") && e.getMessage().contains("at most 30 levels"),
                    e.getMessage());
            DType.Struct veryDeep = DType.struct(false, "x", nest(WRAPS.get(w), 200));
            assertThrows(VortexException.class, () -> DTypes.checkWritable(veryDeep));
        }
        DType union = new DType.Primitive(PType.I8, false);
        for (int i = 0; i < 31; i++) {
            union = new DType.Union(List.of("u"), List.of(union), false);
        }
        DType.Struct deepUnion = DType.struct(false, "u", union);
        assertThrows(VortexException.class, () -> DTypes.checkWritable(deepUnion));
        DType.Struct union30 =
                DType.struct(false, "u", ((DType.Union) union).variants().getFirst());
        assertDoesNotThrow(() -> DTypes.checkWritable(union30));
    }
}
