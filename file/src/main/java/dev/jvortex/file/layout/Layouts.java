package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.file.SegmentSource;
import dev.jvortex.format.LayoutNode;
import java.util.ArrayList;
import java.util.List;

/// Builds layout readers from the layout tree, deriving every child's type from its parent: the
/// one dispatch point from a [LayoutId] to its reader.
///
/// ## Layouts
/// - `vortex.flat`: one segment, no children.
/// - `vortex.struct`: `[validity?]` then one child per field, each with the struct's row count.
/// - `vortex.chunked`: children in row order; their row counts sum to the parent's.
/// - `vortex.zoned`: metadata [ZonedLayoutMetadata], `0x01` + protobuf `{uint32 zone_len = 1;
///   repeated {string id = 1; bytes options = 2} aggregate_specs = 2}`; children `[data, zones]`.
/// - `vortex.stats` (legacy): metadata `u32 LE zone_len` + stat bitset; children `[data, zones]`.
/// - `vortex.dict`: metadata [DictLayoutMetadata], protobuf `{PType codes_ptype = 1; optional bool
///   is_nullable_codes = 2; optional bool all_values_referenced = 3}`; children `[values, codes]`.
public final class Layouts {
    private Layouts() {}

    /// Returns the reader for `node` holding rows of `dtype`.
    public static LayoutReader reader(LayoutNode node, DType dtype, SegmentSource source) {
        return reader(node, dtype, source, "root");
    }

    private static LayoutReader reader(LayoutNode node, DType dtype, SegmentSource source, String path) {
        String where = source.name() + ", layout " + path + " (" + node.encoding() + ")";
        try {
            return switch (LayoutId.parse(node.encoding())) {
                case LayoutId id ->
                    switch (id) {
                        case FLAT -> new FlatReader(node, dtype, source, path);
                        case STRUCT -> struct(node, dtype, source, path, where);
                        case CHUNKED -> chunked(node, dtype, source, path, where);
                        case ZONED -> zoned(node, dtype, source, path, where);
                        case STATS -> legacyStats(node, dtype, source, path, where);
                        case DICT -> dict(node, dtype, source, path, where);
                    };
                case ParsedLayoutId.Unknown unknown -> throw unknown.unsupported(where);
            };
        } catch (RuntimeException e) {
            throw Decoding.failure(e, where);
        }
    }

    private static void expect(boolean ok, String where, String what) {
        if (!ok) {
            throw VortexException.corrupt(where + ": " + what);
        }
    }

    private static LayoutReader struct(LayoutNode node, DType dtype, SegmentSource source, String path, String where) {
        if (!(dtype instanceof DType.Struct s)) {
            throw VortexException.corrupt(where + ": struct layout for non-struct type " + dtype);
        }
        int expected = s.size() + (s.nullable() ? 1 : 0);
        expect(
                node.children().size() == expected,
                where,
                "expected " + expected + " children for " + s.size() + " fields but found "
                        + node.children().size());
        expect(node.segments().length == 0, where, "struct layout has segments");
        LayoutReader validity = null;
        int first = 0;
        if (s.nullable()) {
            LayoutNode v = node.children().getFirst();
            expect(
                    v.rowCount() == node.rowCount(),
                    where,
                    "validity has " + v.rowCount() + " rows, expected " + node.rowCount());
            validity = reader(v, new DType.Bool(false), source, path + ".validity");
            first = 1;
        }
        List<LayoutReader> fields = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            LayoutNode c = node.children().get(first + i);
            expect(
                    c.rowCount() == node.rowCount(),
                    where,
                    "field '" + s.names().get(i) + "' has " + c.rowCount() + " rows, expected " + node.rowCount());
            fields.add(
                    reader(c, s.fields().get(i), source, path + "." + s.names().get(i)));
        }
        return new StructReader(node, s, validity, fields);
    }

    private static LayoutReader chunked(LayoutNode node, DType dtype, SegmentSource source, String path, String where) {
        List<LayoutReader> chunks = new ArrayList<>();
        long[] starts = new long[node.children().size() + 1];
        long total = 0;
        for (int i = 0; i < node.children().size(); i++) {
            LayoutNode c = node.children().get(i);
            starts[i] = total;
            total += c.rowCount();
            expect(total >= 0 && total <= node.rowCount(), where, "chunks hold more than " + node.rowCount() + " rows");
            chunks.add(reader(c, dtype, source, path + "[" + i + "]"));
        }
        starts[chunks.size()] = total;
        expect(total == node.rowCount(), where, "chunks hold " + total + " rows, expected " + node.rowCount());
        return new ChunkedReader(node, dtype, chunks, starts);
    }

    private static LayoutReader zoned(LayoutNode node, DType dtype, SegmentSource source, String path, String where) {
        expect(
                node.children().size() == 2,
                where,
                "expected 2 children but found " + node.children().size());
        byte[] meta = node.metadata();
        expect(meta.length >= 2, where, "zoned metadata is too short");
        expect(meta[0] == ZonedLayoutMetadata.VERSION, where, "unknown zoned metadata version " + meta[0]);
        ZonedLayoutMetadata zoned = ZonedLayoutMetadata.read(meta);
        long zoneLen = zoned.zoneLen();
        List<ZoneSchema.Aggregate> aggs = zoned.aggregates();
        LayoutNode dataNode = node.children().get(0);
        LayoutNode zonesNode = node.children().get(1);
        expect(
                dataNode.rowCount() == node.rowCount(),
                where,
                "data has " + dataNode.rowCount() + " rows, expected " + node.rowCount());
        LayoutReader data = reader(dataNode, dtype, source, path + ".data");
        DType.Struct zoneType = ZoneSchema.forAggregates(aggs, dtype);
        LayoutReader zones = zoneType == null
                ? null
                : zonesReader(zonesNode, zoneType, source, path, where, zoneLen, node.rowCount());
        return new ZonedReader(node, dtype, data, zones, zoneLen, List.copyOf(aggs));
    }

    private static LayoutReader zonesReader(
            LayoutNode zonesNode,
            DType.Struct zoneType,
            SegmentSource source,
            String path,
            String where,
            long zoneLen,
            long rows) {
        if (zoneLen > 0) {
            long expectedZones = (rows + zoneLen - 1) / zoneLen;
            expect(
                    zonesNode.rowCount() == expectedZones,
                    where,
                    "zone table has " + zonesNode.rowCount() + " rows, expected " + expectedZones);
        }
        return reader(zonesNode, zoneType, source, path + ".zones");
    }

    private static LayoutReader legacyStats(
            LayoutNode node, DType dtype, SegmentSource source, String path, String where) {
        expect(
                node.children().size() == 2,
                where,
                "expected 2 children but found " + node.children().size());
        byte[] meta = node.metadata();
        expect(meta.length >= 4, where, "stats metadata is too short");
        long zoneLen = (meta[0] & 0xFFL) | (meta[1] & 0xFFL) << 8 | (meta[2] & 0xFFL) << 16 | (meta[3] & 0xFFL) << 24;
        byte[] bitset = java.util.Arrays.copyOfRange(meta, 4, meta.length);
        LayoutNode dataNode = node.children().get(0);
        expect(
                dataNode.rowCount() == node.rowCount(),
                where,
                "data has " + dataNode.rowCount() + " rows, expected " + node.rowCount());
        LayoutReader data = reader(dataNode, dtype, source, path + ".data");
        LayoutReader zones = zonesReader(
                node.children().get(1),
                ZoneSchema.forLegacyStats(bitset, dtype),
                source,
                path,
                where,
                zoneLen,
                node.rowCount());
        return new ZonedReader(node, dtype, data, zones, zoneLen, List.of());
    }

    private static LayoutReader dict(LayoutNode node, DType dtype, SegmentSource source, String path, String where) {
        expect(
                node.children().size() == 2,
                where,
                "expected 2 children but found " + node.children().size());
        DictLayoutMetadata meta = DictLayoutMetadata.read(node.metadata());
        long codesPtype = meta.codesPtype();
        Boolean nullableCodes = meta.nullableCodes();
        expect(codesPtype >= 0 && codesPtype <= 7, where, "codes ptype " + codesPtype + " is not an integer type");
        PType cp = PType.fromCode((int) codesPtype);
        boolean codesNullable = nullableCodes != null ? nullableCodes : dtype.nullable();
        LayoutNode valuesNode = node.children().get(0);
        LayoutNode codesNode = node.children().get(1);
        expect(
                codesNode.rowCount() == node.rowCount(),
                where,
                "codes have " + codesNode.rowCount() + " rows, expected " + node.rowCount());
        expect(
                valuesNode.rowCount() <= Integer.MAX_VALUE,
                where,
                "dictionary of " + valuesNode.rowCount() + " values is too large");
        LayoutReader values = reader(valuesNode, dtype, source, path + ".values");
        LayoutReader codes = reader(codesNode, new DType.Primitive(cp, codesNullable), source, path + ".codes");
        return new DictReader(node, dtype, values, codes);
    }
}
