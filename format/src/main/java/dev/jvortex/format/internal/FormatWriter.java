package dev.jvortex.format.internal;

import dev.jvortex.core.DType;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.SegmentSpec;
import java.util.List;

/// Writes the file's flatbuffers: dtype, layout, footer, postscript, file statistics and the
/// per-segment array flatbuffer.
public final class FormatWriter {
    private FormatWriter() {}

    /// Writes a `DType` table; returns its offset.
    public static int dtype(FbBuilder b, DType t) {
        int tag;
        int value;
        switch (t) {
            case DType.Null n -> {
                b.startTable(0);
                value = b.endTable();
                tag = 1;
            }
            case DType.Bool x -> {
                value = nullableOnly(b, x.nullable());
                tag = 2;
            }
            case DType.Primitive p -> {
                b.startTable(2);
                b.addU8(0, p.ptype().code(), 0);
                b.addU8(1, p.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 3;
            }
            case DType.Decimal d -> {
                b.startTable(3);
                b.addU8(0, d.precision(), 0);
                b.addU8(1, d.scale() & 0xFF, 0);
                b.addU8(2, d.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 4;
            }
            case DType.Utf8 x -> {
                value = nullableOnly(b, x.nullable());
                tag = 5;
            }
            case DType.Binary x -> {
                value = nullableOnly(b, x.nullable());
                tag = 6;
            }
            case DType.Struct s -> {
                int[] names = new int[s.size()];
                int[] types = new int[s.size()];
                for (int i = 0; i < s.size(); i++) {
                    names[i] = b.createString(s.names().get(i));
                    types[i] = dtype(b, s.fields().get(i));
                }
                int nv = b.createOffsetVector(names);
                int tv = b.createOffsetVector(types);
                b.startTable(3);
                b.addOffset(0, nv);
                b.addOffset(1, tv);
                b.addU8(2, s.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 7;
            }
            case DType.ListType l -> {
                int e = dtype(b, l.element());
                b.startTable(2);
                b.addOffset(0, e);
                b.addU8(1, l.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 8;
            }
            case DType.Extension x -> {
                int id = b.createString(x.id());
                int storage = dtype(b, x.storage());
                int meta = b.createByteVector(x.metadata());
                b.startTable(3);
                b.addOffset(0, id);
                b.addOffset(1, storage);
                b.addOffset(2, meta);
                value = b.endTable();
                tag = 9;
            }
            case DType.FixedSizeList f -> {
                int e = dtype(b, f.element());
                b.startTable(3);
                b.addOffset(0, e);
                b.addU32(1, f.size(), 0);
                b.addU8(2, f.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 10;
            }
            case DType.Variant v -> {
                value = nullableOnly(b, v.nullable());
                tag = 11;
            }
            case DType.MapType m -> {
                int k = dtype(b, m.key());
                int v = dtype(b, m.value());
                b.startTable(4);
                b.addOffset(0, k);
                b.addOffset(1, v);
                b.addU8(2, m.keysSorted() ? 1 : 0, 0);
                b.addU8(3, m.nullable() ? 1 : 0, 0);
                value = b.endTable();
                tag = 13;
            }
            case DType.Union u -> throw dev.jvortex.core.VortexException.unsupported("writing union types");
        }
        b.startTable(2);
        b.addU8(0, tag, 0);
        b.addOffset(1, value);
        return b.endTable();
    }

    private static int nullableOnly(FbBuilder b, boolean nullable) {
        b.startTable(1);
        b.addU8(0, nullable ? 1 : 0, 0);
        return b.endTable();
    }

    /// One layout node to write: the encoding index is resolved by the caller.
    public record LayoutSpec(int encoding, long rowCount, byte[] metadata, List<LayoutSpec> children, int[] segments) {}

    /// Writes a `Layout` table tree; returns the root's offset.
    public static int layout(FbBuilder b, LayoutSpec l) {
        int[] kids = new int[l.children().size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = layout(b, l.children().get(i));
        }
        int meta = l.metadata() == null || l.metadata().length == 0 ? 0 : b.createByteVector(l.metadata());
        int children = kids.length == 0 ? 0 : b.createOffsetVector(kids);
        int segs = l.segments().length == 0 ? 0 : b.createU32Vector(l.segments());
        b.startTable(5);
        b.addU64(1, l.rowCount(), 0);
        if (meta != 0) {
            b.addOffset(2, meta);
        }
        if (children != 0) {
            b.addOffset(3, children);
        }
        if (segs != 0) {
            b.addOffset(4, segs);
        }
        b.addU16(0, l.encoding(), 0);
        return b.endTable();
    }

    /// Writes a complete footer flatbuffer.
    public static byte[] footer(List<String> arrayIds, List<String> layoutIds, List<SegmentSpec> segments) {
        FbBuilder b = new FbBuilder();
        int arrays = idVector(b, arrayIds);
        int layouts = idVector(b, layoutIds);
        byte[] raw = new byte[segments.size() * 16];
        for (int i = 0; i < segments.size(); i++) {
            SegmentSpec s = segments.get(i);
            putLong(raw, i * 16, s.offset());
            putInt(raw, i * 16 + 8, (int) s.length());
            raw[i * 16 + 12] = (byte) s.alignmentExponent();
        }
        int segs = b.createInlineVector(raw, segments.size(), 8);
        b.startTable(5);
        b.addOffset(0, arrays);
        b.addOffset(1, layouts);
        b.addOffset(2, segs);
        return b.finish(b.endTable());
    }

    private static int idVector(FbBuilder b, List<String> ids) {
        int[] specs = new int[ids.size()];
        for (int i = 0; i < ids.size(); i++) {
            int s = b.createString(ids.get(i));
            b.startTable(1);
            b.addOffset(0, s);
            specs[i] = b.endTable();
        }
        return b.createOffsetVector(specs);
    }

    /// Writes a complete postscript flatbuffer (`dtype` and `statistics` may be null).
    public static byte[] postscript(SegmentSpec dtype, SegmentSpec layout, SegmentSpec statistics, SegmentSpec footer) {
        FbBuilder b = new FbBuilder();
        int d = dtype == null ? 0 : postscriptSegment(b, dtype);
        int l = postscriptSegment(b, layout);
        int s = statistics == null ? 0 : postscriptSegment(b, statistics);
        int f = postscriptSegment(b, footer);
        b.startTable(4);
        if (d != 0) {
            b.addOffset(0, d);
        }
        b.addOffset(1, l);
        if (s != 0) {
            b.addOffset(2, s);
        }
        b.addOffset(3, f);
        return b.finish(b.endTable());
    }

    private static int postscriptSegment(FbBuilder b, SegmentSpec s) {
        b.startTable(5);
        b.addU64(0, s.offset(), 0);
        b.addU32(1, s.length(), 0);
        b.addU8(2, s.alignmentExponent(), 0);
        return b.endTable();
    }

    /// Writes a complete dtype flatbuffer.
    public static byte[] dtypeBuffer(DType t) {
        FbBuilder b = new FbBuilder();
        return b.finish(dtype(b, t));
    }

    /// Writes a complete layout flatbuffer.
    public static byte[] layoutBuffer(LayoutSpec root) {
        FbBuilder b = new FbBuilder();
        return b.finish(layout(b, root));
    }

    /// Writes an `ArrayStats` table (all fields optional); returns its offset.
    public static int arrayStats(FbBuilder b, ArrayStats s) {
        int min = s == null || s.min() == null ? 0 : b.createByteVector(s.min());
        int max = s == null || s.max() == null ? 0 : b.createByteVector(s.max());
        int sum = s == null || s.sum() == null ? 0 : b.createByteVector(s.sum());
        b.startTable(11);
        if (s != null) {
            if (min != 0) {
                b.addOffset(0, min);
            }
            if (max != 0) {
                b.addOffset(2, max);
            }
            if (sum != 0) {
                b.addOffset(4, sum);
            }
            if (s.nullCount() != null) {
                b.addU64Always(8, s.nullCount());
            }
            if (s.nanCount() != null) {
                b.addU64Always(10, s.nanCount());
            }
            if (s.uncompressedSizeInBytes() != null) {
                b.addU64Always(9, s.uncompressedSizeInBytes());
            }
            if (s.min() != null) {
                b.addU8(1, s.minExact() ? 1 : 0, 0);
            }
            if (s.max() != null) {
                b.addU8(3, s.maxExact() ? 1 : 0, 0);
            }
            if (s.isSorted() != null) {
                b.addU8Always(5, s.isSorted() ? 1 : 0);
            }
            if (s.isStrictSorted() != null) {
                b.addU8Always(6, s.isStrictSorted() ? 1 : 0);
            }
            if (s.isConstant() != null) {
                b.addU8Always(7, s.isConstant() ? 1 : 0);
            }
        }
        return b.endTable();
    }

    /// Writes a complete `FileStatistics` flatbuffer.
    public static byte[] fileStatistics(List<ArrayStats> fields) {
        FbBuilder b = new FbBuilder();
        int[] offs = new int[fields.size()];
        for (int i = 0; i < offs.length; i++) {
            offs[i] = arrayStats(b, fields.get(i));
        }
        int v = b.createOffsetVector(offs);
        b.startTable(1);
        b.addOffset(0, v);
        return b.finish(b.endTable());
    }

    static void putLong(byte[] b, int at, long v) {
        for (int k = 0; k < 8; k++) {
            b[at + k] = (byte) (v >>> (8 * k));
        }
    }

    /// Writes `v` little-endian into `b[at, at + 4)`.
    public static void putInt(byte[] b, int at, int v) {
        for (int k = 0; k < 4; k++) {
            b[at + k] = (byte) (v >>> (8 * k));
        }
    }
}
