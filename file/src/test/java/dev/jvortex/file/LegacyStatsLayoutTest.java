package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SegmentSpec;
import dev.jvortex.format.internal.FormatWriter;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/// Files from writers 0.36–0.75 hold zone maps in the legacy `vortex.stats` layout (a `u32`
/// zone length and a stat bitset); the data reads through it and its zone table decodes.
class LegacyStatsLayoutTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<SegmentSpec> segments = new ArrayList<>();
    private static final List<String> ARRAY_IDS = List.of("vortex.bool", "vortex.primitive", "vortex.struct");

    private int segment(Array a) {
        ArraySerializer.Serialized s = ArraySerializer.serialize(CanonicalEncoder.encode(a), ARRAY_IDS::indexOf);
        while (out.size() % s.alignment() != 0) {
            out.write(0);
        }
        long start = out.size();
        for (MemorySegment part : s.parts()) {
            out.writeBytes(part.toArray(ValueLayout.JAVA_BYTE));
        }
        segments.add(new SegmentSpec(start, s.length(), Integer.numberOfTrailingZeros(s.alignment())));
        return segments.size() - 1;
    }

    private long section(byte[] b) {
        long at = out.size();
        out.writeBytes(b);
        return at;
    }

    @Test
    void legacyStatsLayoutReads() {
        try (Arena arena = Arena.ofConfined()) {
            out.writeBytes(new byte[] {'V', 'T', 'X', 'F'});
            int rows = 10;
            PrimitiveArray data = Builders.of(PType.I64, new long[] {5, 1, 9, 2, 7, 3, 3, 8, 0, 4}, arena);
            int dataSeg = segment(data);
            // Zones of 4 rows: max, max_is_truncated, min, min_is_truncated, null_count (stats 3, 4, 6).
            DType i64 = new DType.Primitive(PType.I64, true);
            DType u64 = new DType.Primitive(PType.U64, true);
            DType.Struct zoneType = new DType.Struct(
                    List.of("max", "max_is_truncated", "min", "min_is_truncated", "null_count"),
                    List.of(i64, new DType.Bool(false), i64, new DType.Bool(false), u64),
                    false);
            Array max = retype(Builders.of(PType.I64, new long[] {9, 8, 4}, arena), i64);
            Array min = retype(Builders.of(PType.I64, new long[] {1, 3, 0}, arena), i64);
            Array nulls = retype(Builders.of(PType.U64, new long[] {0, 0, 0}, arena), u64);
            BoolArray no = new BoolArray(new DType.Bool(false), arena.allocate(1), 3, Validity.ALL_VALID);
            int zonesSeg = segment(new StructArray(zoneType, List.of(max, no, min, no, nulls), 3, Validity.ALL_VALID));
            byte[] meta = {4, 0, 0, 0, (byte) ((1 << 3) | (1 << 4) | (1 << 6))};
            LayoutSpec stats = new LayoutSpec(
                    2,
                    rows,
                    meta,
                    List.of(
                            new LayoutSpec(0, rows, new byte[0], List.of(), new int[] {dataSeg}),
                            new LayoutSpec(0, 3, new byte[0], List.of(), new int[] {zonesSeg})),
                    new int[0]);
            DType.Struct schema = DType.struct(false, "x", new DType.Primitive(PType.I64, false));
            LayoutSpec root = new LayoutSpec(1, rows, new byte[0], List.of(stats), new int[0]);
            byte[] dtypeFb = FormatWriter.dtypeBuffer(schema);
            byte[] layoutFb = FormatWriter.layoutBuffer(root);
            byte[] footerFb =
                    FormatWriter.footer(ARRAY_IDS, List.of("vortex.flat", "vortex.struct", "vortex.stats"), segments);
            long d = section(dtypeFb);
            long l = section(layoutFb);
            long f = section(footerFb);
            byte[] ps = FormatWriter.postscript(
                    new SegmentSpec(d, dtypeFb.length, 3),
                    new SegmentSpec(l, layoutFb.length, 3),
                    null,
                    new SegmentSpec(f, footerFb.length, 3));
            out.writeBytes(ps);
            out.writeBytes(new byte[] {1, 0, (byte) ps.length, (byte) (ps.length >>> 8), 'V', 'T', 'X', 'F'});
            byte[] file = out.toByteArray();
            try (VortexFile vf = VortexFile.open(MemorySegment.ofArray(file), "legacy.vortex");
                    Scan scan = vf.scan()) {
                long sum = 0;
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray x = (PrimitiveArray) b.column("x");
                        for (int i = 0; i < b.rowCount(); i++) {
                            sum += x.getLong(i);
                        }
                    }
                }
                assertEquals(42, sum);
                try (ZoneMap zm = vf.zoneMap("x")) {
                    assertNotNull(zm);
                    assertEquals(4, zm.zoneLength());
                    assertEquals(3, zm.zoneCount());
                    assertEquals(8, ((PrimitiveArray) zm.statistic("max")).getLong(1));
                    assertEquals(0, ((PrimitiveArray) zm.statistic("min")).getLong(2));
                }
            }
        }
    }

    private static Array retype(PrimitiveArray a, DType t) {
        return new PrimitiveArray(t, a.ptype(), a.data(), a.length(), Validity.ALL_VALID);
    }
}
