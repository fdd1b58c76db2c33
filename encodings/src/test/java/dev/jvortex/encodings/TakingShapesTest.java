package dev.jvortex.encodings;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.dict.DictEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// [Taking] over shapes the encoder catalogue lacks: bit-packed codes sliced with an offset into
/// the first block (every word size, several widths and offsets), nested and composite types
/// (struct, list, list view, map, fixed-size list, chunked, masked, extension over a dictionary, varbin, bool
/// with a bit offset, decimal), each checked against the whole decode, none decoding a node whole.
/// The integer columns inside the nested shapes are written light here; the compress module runs
/// the same shapes with them compressed ([#shapes(Function)]).
public class TakingShapesTest {
    private static final Arena ARENA = Arena.ofAuto();

    /// One shape: a write tree (or a hand-made node) of `len` rows of `dtype`.
    ///
    /// @param name the shape's name
    /// @param node the write tree, or null for a hand-made node
    /// @param hand the hand-made node, or null
    /// @param dtype the rows' type
    /// @param len the row count
    public record Shape(String name, WriteNode node, EncodedNode hand, DType dtype, int len) {}

    @TestFactory
    Stream<DynamicTest> shapes() {
        return tests(shapes(a -> LightEncoder.encode(ChildEncoder.Role.VALUES, a)));
    }

    /// Returns every shape (fixed seed), the integer columns of the nested ones written by `compress`.
    public static List<Shape> shapes(Function<Array, WriteNode> compress) {
        List<Shape> shapes = new ArrayList<>();
        Random random = new Random(20261201L);
        slicedBitPacked(shapes, random);
        nested(shapes, random, compress);
        return shapes;
    }

    /// Takes every index set of [TakeTesting#indexSets] from each shape and checks it against the
    /// whole decode; no node may be decoded whole.
    public static Stream<DynamicTest> tests(List<Shape> shapes) {
        return shapes.stream()
                .map(s -> DynamicTest.dynamicTest(s.name(), () -> {
                    try (Arena arena = Arena.ofConfined()) {
                        EncodedNode root = s.hand() != null ? s.hand() : TakeTesting.parse(s.node(), arena);
                        Random r = new Random(s.name().hashCode());
                        for (Map.Entry<String, int[]> e :
                                TakeTesting.indexSets(s.len(), r).entrySet()) {
                            int whole = TakeTesting.check(
                                    root, s.dtype(), s.len(), e.getValue(), s.name() + " " + e.getKey());
                            org.junit.jupiter.api.Assertions.assertEquals(
                                    0, whole, s.name() + " " + e.getKey() + ": nodes decoded whole");
                        }
                    }
                }));
    }

    /// Bit-packed values re-labelled with a metadata offset: rows `[o, len)` of the packed values
    /// become the array. The whole decode must give those input rows (so the construction is
    /// right), then the take must agree with it.
    private static void slicedBitPacked(List<Shape> out, Random random) {
        for (PType ptype : new PType[] {PType.U8, PType.U16, PType.U32, PType.U64, PType.I32}) {
            int typeBits = ptype.bitWidth();
            for (int bits : new int[] {1, 3, typeBits / 2 + 1, typeBits - 1}) {
                int len = 3000;
                long[] values = new long[len];
                for (int i = 0; i < len; i++) {
                    values[i] = TestArrays.random(random, bits);
                }
                PrimitiveArray a = EncodeTesting.ints(ptype, values, null);
                WriteNode packed = BitPackedEncoder.encode(a, bits, ChildEncoder.CANONICAL);
                for (int offset : new int[] {1, 13, 1000, 1023}) {
                    byte[] meta = packed.metadata();
                    byte[] extra = new ProtoWriter().varint(2, offset).toByteArray();
                    byte[] joined = java.util.Arrays.copyOf(meta, meta.length + extra.length);
                    System.arraycopy(extra, 0, joined, meta.length, extra.length);
                    WriteNode sliced = new WriteNode(packed.encoding(), joined, packed.buffers(), packed.children());
                    String name = "bitpacked/" + ptype.shortName() + "/w" + bits + "/offset" + offset;
                    int rows = len - offset;
                    try (Arena arena = Arena.ofConfined()) {
                        Array decoded = EncodeTesting.roundTrip(sliced, a.dtype(), rows, arena);
                        EncodeTesting.assertSameRows(
                                ArrayOps.slice(a, offset, rows, arena), decoded, name + " whole decode");
                    }
                    out.add(new Shape(name, sliced, null, a.dtype(), rows));
                }
            }
        }
    }

    private static void nested(List<Shape> out, Random random, Function<Array, WriteNode> compress) {
        int len = 2500;
        boolean[] valid = EncodeTesting.randomValidity(random, len, 0.15);
        PrimitiveArray small =
                EncodeTesting.ints(PType.U32, EncodeTesting.randomInts(random, len, 9, 0.02, PType.U32), valid);
        String[] words = new String[len];
        for (int i = 0; i < len; i++) {
            words[i] = i % 11 == 0
                    ? null
                    : "value " + (i * 7919 % 613) + (i % 3 == 0 ? " with a longer tail of text" : "");
        }
        VarBinViewArray strings = EncodeTesting.strings(words, true, ARENA);

        // A nullable struct of a compressed integer, FSST, OnPair and dictionary strings, and a nested struct.
        DType.Struct innerType = new DType.Struct(List.of("x"), List.of(small.dtype()), false);
        DType.Struct type = new DType.Struct(
                List.of("n", "fsst", "onpair", "dict", "inner"),
                List.of(small.dtype(), strings.dtype(), strings.dtype(), strings.dtype(), innerType),
                true);
        Validity structValid = EncodeTesting.validity(EncodeTesting.randomValidity(random, len, 0.1));
        List<WriteNode> kids = new ArrayList<>(CanonicalEncoder.validity(type, structValid, len));
        kids.add(compress.apply(small));
        kids.add(FsstEncoder.encode(strings, LightEncoder.PACKED));
        kids.add(OnPairEncoder.encode(strings, LightEncoder.PACKED));
        kids.add(DictEncoder.encode(strings, LightEncoder.PACKED));
        kids.add(new WriteNode("vortex.struct", new byte[0], List.of(), List.of(compress.apply(small))));
        out.add(new Shape("struct", new WriteNode("vortex.struct", new byte[0], List.of(), kids), null, type, len));

        // A list of integers with compressed elements; a fixed-size list; a list view (decoded whole).
        int[] sizes = new int[len];
        long total = 0;
        for (int i = 0; i < len; i++) {
            sizes[i] = random.nextInt(5);
            total += sizes[i];
        }
        PrimitiveArray elements =
                EncodeTesting.ints(PType.I32, EncodeTesting.randomInts(random, (int) total, 12, 0.01, PType.I32), null);
        MemorySegment offsets = ARENA.allocate((len + 1L) * 8, 8);
        long at = 0;
        for (int i = 0; i <= len; i++) {
            offsets.setAtIndex(PrimitiveArray.LE_LONG, i, at);
            at += i < len ? sizes[i] : 0;
        }
        DType.ListType listType = new DType.ListType(elements.dtype(), true);
        ListArray list = new ListArray(listType, offsets, elements, len, EncodeTesting.validity(valid));
        WriteNode listNode = CanonicalEncoder.encode(list);
        List<WriteNode> listKids = new ArrayList<>(listNode.children());
        listKids.set(0, compress.apply(elements));
        out.add(new Shape(
                "list", new WriteNode("vortex.list", listNode.metadata(), List.of(), listKids), null, listType, len));
        out.add(new Shape("listview", CanonicalEncoder.listView(list), null, listType, len));
        // A map: entries as a list view of {key, value} structs.
        DType.MapType mapType = new DType.MapType(new DType.Utf8(false), elements.dtype(), false, true);
        String[] keys = new String[(int) total];
        for (int e = 0; e < keys.length; e++) {
            keys[e] = "key" + (e % 37);
        }
        StructArray entries = new StructArray(
                ArrayOps.mapEntry(mapType),
                List.of(EncodeTesting.strings(keys, false, ARENA), elements),
                (int) total,
                Validity.ALL_VALID);
        ListArray map = new ListArray(mapType, offsets, entries, len, EncodeTesting.validity(valid));
        out.add(new Shape("map", CanonicalEncoder.encode(map), null, mapType, len));
        PrimitiveArray triples =
                EncodeTesting.ints(PType.U16, EncodeTesting.randomInts(random, 3 * len, 16, 0, PType.U16), null);
        DType.FixedSizeList fslType = new DType.FixedSizeList(triples.dtype(), 3, true);
        FixedSizeListArray fsl = new FixedSizeListArray(fslType, triples, len, EncodeTesting.validity(valid));
        out.add(new Shape("fixed-size-list", CanonicalEncoder.encode(fsl), null, fslType, len));

        // Chunked: bit-packed, dictionary, an empty chunk, a constant.
        int[] bounds = {0, 1000, 1700, 1700, len};
        List<WriteNode> chunks = new ArrayList<>();
        long[] chunkOffsets = new long[bounds.length];
        for (int c = 0; c < bounds.length; c++) {
            chunkOffsets[c] = bounds[c];
        }
        chunks.add(CanonicalEncoder.encode(EncodeTesting.ints(PType.U64, chunkOffsets, null)));
        chunks.add(compress.apply(ArrayOps.slice(small, 0, 1000, ARENA)));
        chunks.add(DictEncoder.encode(ArrayOps.slice(small, 1000, 700, ARENA), LightEncoder.PACKED));
        chunks.add(CanonicalEncoder.encode(ArrayOps.slice(small, 1700, 0, ARENA)));
        chunks.add(CanonicalEncoder.constant(new Scalar(small.dtype(), 77L)));
        out.add(new Shape(
                "chunked", new WriteNode("vortex.chunked", new byte[0], List.of(), chunks), null, small.dtype(), len));

        // Masked: a non-nullable child and a validity bitmap.
        PrimitiveArray dense =
                EncodeTesting.ints(PType.I64, EncodeTesting.randomInts(random, len, 20, 0, PType.I64), null);
        List<WriteNode> maskedKids = new ArrayList<>();
        maskedKids.add(compress.apply(dense));
        maskedKids.addAll(
                CanonicalEncoder.validity(new DType.Primitive(PType.I64, true), EncodeTesting.validity(valid), len));
        out.add(new Shape(
                "masked",
                new WriteNode("vortex.masked", new byte[0], List.of(), maskedKids),
                null,
                new DType.Primitive(PType.I64, true),
                len));

        // A timestamp extension over a dictionary of its storage values, and as vortex.ext over run-ends.
        long[] times = new long[len];
        for (int i = 0; i < len; i++) {
            times[i] = 1_700_000_000_000L + (i / 7) * 60_000L;
        }
        byte[] tsMeta = {2, 0, 0};
        PrimitiveArray storage = EncodeTesting.ints(PType.I64, times, valid);
        DType.Extension tsType = new DType.Extension("vortex.timestamp", storage.dtype(), tsMeta);
        out.add(new Shape("timestamp-dict", DictEncoder.encode(storage, LightEncoder.PACKED), null, tsType, len));
        out.add(new Shape(
                "timestamp-ext-runend",
                WriteNode.of(
                        "vortex.ext",
                        new byte[0],
                        dev.jvortex.encodings.runend.RunEndEncoder.encode(storage, LightEncoder.PACKED)),
                null,
                tsType,
                len));
        out.add(new Shape(
                "timestamp-compressed", compress.apply(new ExtensionArray(tsType, storage)), null, tsType, len));

        // Hand-made: varbin with i32 offsets and validity, a bool with a bit offset, decimals.
        byte[][] rows = StringTestArrays.randomStrings(random, 700, 0.1, true);
        out.add(new Shape("varbin", null, varbin(rows), new DType.Utf8(true), rows.length));
        boolean[] bits = new boolean[1500];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = random.nextBoolean();
        }
        MemorySegment bitmap = TestArrays.bitmap(bits);
        TestNode bool = TestNode.of(
                "vortex.bool",
                new ProtoWriter().varint(1, 5).toByteArray(),
                List.of(bitmap),
                TestArrays.bools(java.util.Arrays.copyOf(valid, bits.length - 5)));
        out.add(new Shape("bool-offset", null, bool, new DType.Bool(true), bits.length - 5));
        for (int width : new int[] {4, 8, 16}) {
            DType.Decimal decType = new DType.Decimal(width == 16 ? 30 : width == 8 ? 15 : 7, 2, true);
            MemorySegment data = ARENA.allocate((long) len * width, 16);
            for (long b = 0; b < (long) len * width; b++) {
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, b, (byte) random.nextInt());
            }
            DecimalArray dec = new DecimalArray(decType, width, data, len, EncodeTesting.validity(valid));
            out.add(new Shape("decimal" + width, CanonicalEncoder.encode(dec), null, decType, len));
        }
    }

    private static TestNode varbin(byte[][] rows) {
        int n = rows.length;
        long[] offsets = new long[n + 1];
        boolean[] valid = new boolean[n];
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            valid[i] = rows[i] != null;
            if (rows[i] != null) {
                bytes.writeBytes(rows[i]);
            }
            offsets[i + 1] = bytes.size();
        }
        byte[] meta = new ProtoWriter().varint(1, PType.I32.code()).toByteArray();
        return TestNode.of(
                "vortex.varbin",
                meta,
                List.of(MemorySegment.ofArray(bytes.toByteArray())),
                TestArrays.primitive(PType.I32, offsets),
                TestArrays.bools(valid));
    }
}
