package dev.jvortex.cli;

import dev.jvortex.convert.text.Temporal;
import dev.jvortex.convert.text.ValueFormat;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/// Per-column statistics from the file's footer and layout, without scanning: row count, nulls,
/// min/max in logical units, stored bytes, the uncompressed size and ratio where known, and the
/// array encodings with their buffer bytes.
final class Stats {
    /// One column's statistics.
    record Column(
            String name,
            DType dtype,
            long rows,
            Long nulls,
            String min,
            boolean minExact,
            String max,
            boolean maxExact,
            Long nans,
            long storedBytes,
            Long uncompressedBytes,
            Map<String, Long> encodings,
            Long distinct) {
        Double ratio() {
            return uncompressedBytes == null || storedBytes == 0 ? null : uncompressedBytes / (double) storedBytes;
        }
    }

    private Stats() {}

    /// Returns the statistics of the top-level columns `names` (null: all).
    static List<Column> of(VortexFile file, List<String> names) {
        List<Column> out = new ArrayList<>();
        DType dtype = file.dtype();
        List<String> all = dtype instanceof DType.Struct s ? s.names() : List.of("value");
        List<String> wanted = names == null ? all : names;
        for (String n : wanted) {
            int idx = all.indexOf(n);
            if (idx < 0) {
                throw new Main.UsageException("no column '" + Terminal.escape(n) + "'; columns are "
                        + Terminal.escape(String.join(", ", all)));
            }
            DType t = dtype instanceof DType.Struct s ? s.fields().get(idx) : dtype;
            LayoutNode node = columnLayout(file, idx);
            VortexFile.ColumnStatistics cs = file.statistics(idx);
            ArrayStats raw =
                    idx < file.rawStatistics().size() ? file.rawStatistics().get(idx) : null;
            Map<String, Long> enc = new TreeMap<>();
            long stored = node == null ? 0 : bytes(file, node, enc);
            Long uncompressed = raw != null && raw.uncompressedSizeInBytes() != null
                    ? raw.uncompressedSizeInBytes()
                    : fixedWidthBytes(t, file.rowCount());
            out.add(new Column(
                    n,
                    t,
                    file.rowCount(),
                    cs == null ? null : cs.nullCount(),
                    cs == null ? null : text(cs.min(), t),
                    cs != null && cs.minExact(),
                    cs == null ? null : text(cs.max(), t),
                    cs != null && cs.maxExact(),
                    cs == null ? null : cs.nanCount(),
                    stored,
                    uncompressed,
                    enc,
                    null));
        }
        return out;
    }

    /// `columns` with their distinct-value estimates (a scan; see [Distinct]).
    static List<Column> withDistinct(VortexFile file, List<Column> columns) {
        if (!(file.dtype() instanceof DType.Struct)) {
            throw new Main.UsageException("--distinct needs a table (struct) file");
        }
        long[] d = Distinct.estimate(file, columns.stream().map(Column::name).toList());
        List<Column> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            out.add(new Column(
                    c.name(),
                    c.dtype(),
                    c.rows(),
                    c.nulls(),
                    c.min(),
                    c.minExact(),
                    c.max(),
                    c.maxExact(),
                    c.nans(),
                    c.storedBytes(),
                    c.uncompressedBytes(),
                    c.encodings(),
                    d[i]));
        }
        return out;
    }

    /// The layout subtree of top-level column `idx` (the file's root for a file that is not a table).
    static LayoutNode columnLayout(VortexFile file, int idx) {
        LayoutNode root = file.layout();
        if (!(file.dtype() instanceof DType.Struct s) || !root.encoding().equals("vortex.struct")) {
            return root;
        }
        int child = idx + (s.nullable() ? 1 : 0);
        return child < root.children().size() ? root.children().get(child) : null;
    }

    private static long bytes(VortexFile file, LayoutNode node, Map<String, Long> encodings) {
        long total = 0;
        for (int seg : node.segments()) {
            total += file.footer().segments().get(seg).length();
        }
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            int seg = node.segments()[0];
            try {
                SerializedArray sa = SerializedArray.parse(
                        file.segments().segment(seg), file.footer().arraySpecs(), "segment " + seg);
                encodings(sa.root(), encodings);
            } catch (RuntimeException e) {
                encodings.merge("(unreadable)", 0L, Long::sum);
            }
        }
        for (int c = 0; c < node.children().size(); c++) {
            // The zone map table (child 1 of a zoned layout) is metadata, not the column's data.
            if (node.encoding().equals("vortex.zoned") && c == 1
                    || node.encoding().equals("vortex.stats") && c == 1) {
                total += bytes(file, node.children().get(c), new TreeMap<>());
                continue;
            }
            total += bytes(file, node.children().get(c), encodings);
        }
        return total;
    }

    private static void encodings(EncodedNode n, Map<String, Long> out) {
        long b = 0;
        for (int i = 0; i < n.bufferCount(); i++) {
            b += n.buffer(i).byteSize();
        }
        out.merge(n.encoding(), b, Long::sum);
        for (int c = 0; c < n.childCount(); c++) {
            encodings(n.child(c), out);
        }
    }

    private static Long fixedWidthBytes(DType t, long rows) {
        long validity = t.nullable() ? (rows + 7) / 8 : 0;
        return switch (t) {
            case DType.Bool b -> (rows + 7) / 8 + validity;
            case DType.Primitive p -> rows * p.ptype().byteWidth() + validity;
            case DType.Decimal d -> rows * d.minimumByteWidth() + validity;
            case DType.Extension e
            when !(e.storage() instanceof DType.FixedSizeList) -> fixedWidthBytes(e.storage(), rows);
            default -> null;
        };
    }

    /// A statistic's value in the column's logical units (null when absent).
    static String text(Scalar s, DType t) {
        if (s == null || s.value() == null) {
            return null;
        }
        Object v = s.value();
        switch (t) {
            case DType.Extension e -> {
                byte[] meta = e.metadata();
                if (v instanceof Long l && meta.length >= 1) {
                    switch (e.id()) {
                        case "vortex.date" -> {
                            long days = meta[0] == 4 ? l : Math.floorDiv(l, 86_400_000L);
                            if (days >= -365_243_219_162L && days <= 365_241_780_471L) {
                                return LocalDate.ofEpochDay(days).toString();
                            }
                        }
                        case "vortex.time" -> {
                            return Temporal.time(l, meta[0]);
                        }
                        case "vortex.timestamp" -> {
                            if (meta.length >= 3) {
                                int tzLen = (meta[1] & 0xFF) | (meta[2] & 0xFF) << 8;
                                String tz = tzLen > 0 && meta.length >= 3 + tzLen
                                        ? new String(meta, 3, tzLen, StandardCharsets.UTF_8)
                                        : null;
                                return timestamp(l, meta[0], tz);
                            }
                        }
                        default -> {}
                    }
                }
                return text(new Scalar(e.storage(), v), e.storage());
            }
            case DType.Decimal d -> {
                if (v instanceof BigInteger b) {
                    return new BigDecimal(b, d.scale()).toPlainString();
                }
            }
            case DType.Primitive p -> {
                if (p.ptype() == PType.U64 && v instanceof Long l) {
                    return Long.toUnsignedString(l);
                }
                if (v instanceof Short h) {
                    return Float.toString(Float.float16ToFloat(h));
                }
            }
            case DType.Binary b -> {
                if (v instanceof byte[] bytes) {
                    return "0x" + HexFormat.of().formatHex(bytes);
                }
            }
            default -> {}
        }
        return String.valueOf(v);
    }

    private static String timestamp(long value, byte unit, String tz) {
        String utc = Temporal.timestamp(value, unit, tz != null);
        if (tz == null || tz.equals("UTC") || tz.equals("Z") || tz.equals("+00:00")) {
            return utc + (tz == null ? "" : "[UTC]");
        }
        try {
            Instant i = Instant.parse(utc);
            return i.atZone(ZoneId.of(tz)).toString();
        } catch (RuntimeException e) {
            return utc + "[" + tz + "]";
        }
    }

    /// The statistics as one JSON document.
    static String json(VortexFile file, List<Column> columns) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"file\":");
        ValueFormat.quote(sb, file.name());
        sb.append(",\"size\":").append(file.size());
        sb.append(",\"rows\":").append(file.rowCount());
        sb.append(",\"columns\":[");
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"name\":");
            ValueFormat.quote(sb, c.name());
            sb.append(",\"type\":");
            ValueFormat.quote(sb, Types.describe(c.dtype()));
            sb.append(",\"rows\":").append(c.rows());
            sb.append(",\"nulls\":").append(c.nulls());
            sb.append(",\"min\":");
            optString(sb, c.min());
            sb.append(",\"min_exact\":").append(c.minExact());
            sb.append(",\"max\":");
            optString(sb, c.max());
            sb.append(",\"max_exact\":").append(c.maxExact());
            sb.append(",\"nans\":").append(c.nans());
            sb.append(",\"stored_bytes\":").append(c.storedBytes());
            sb.append(",\"uncompressed_bytes\":").append(c.uncompressedBytes());
            sb.append(",\"compression_ratio\":")
                    .append(c.ratio() == null ? "null" : String.format(Locale.ROOT, "%.3f", c.ratio()));
            if (c.distinct() != null) {
                sb.append(",\"distinct_estimate\":").append(c.distinct());
            }
            sb.append(",\"encodings\":{");
            boolean first = true;
            for (Map.Entry<String, Long> e : c.encodings().entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                ValueFormat.quote(sb, e.getKey());
                sb.append(':').append(e.getValue());
            }
            sb.append("}}");
        }
        sb.append("]}\n");
        return sb.toString();
    }

    private static void optString(StringBuilder sb, String s) {
        if (s == null) {
            sb.append("null");
        } else {
            ValueFormat.quote(sb, s);
        }
    }

    /// The statistics as an aligned text table (file-supplied text escaped).
    static String table(VortexFile file, List<Column> columns) {
        List<String[]> rows = new ArrayList<>();
        boolean distinct = !columns.isEmpty() && columns.getFirst().distinct() != null;
        rows.add(new String[] {
            "column", "type", "nulls", distinct ? "distinct≈" : "", "min", "max", "stored", "ratio", "encodings"
        });
        for (Column c : columns) {
            StringBuilder enc = new StringBuilder();
            for (String e : c.encodings().keySet()) {
                if (!enc.isEmpty()) {
                    enc.append(' ');
                }
                enc.append(e.startsWith("vortex.") ? e.substring(7) : e);
            }
            rows.add(new String[] {
                Terminal.escape(c.name()),
                Terminal.escape(Types.describe(c.dtype())),
                c.nulls() == null ? "?" : Long.toString(c.nulls()),
                c.distinct() == null ? "" : Long.toString(c.distinct()),
                c.min() == null ? "" : (c.minExact() ? "" : "≥") + Terminal.escape(clip(c.min())),
                c.max() == null ? "" : (c.maxExact() ? "" : "≤") + Terminal.escape(clip(c.max())),
                bytesText(c.storedBytes()),
                c.ratio() == null ? "" : String.format(Locale.ROOT, "%.2fx", c.ratio()),
                Terminal.escape(enc.toString())
            });
        }
        if (!distinct) {
            rows.replaceAll(r -> {
                String[] shorter = new String[r.length - 1];
                System.arraycopy(r, 0, shorter, 0, 3);
                System.arraycopy(r, 4, shorter, 3, r.length - 4);
                return shorter;
            });
        }
        StringBuilder sb = new StringBuilder();
        sb.append("file ")
                .append(Terminal.escape(file.name()))
                .append(": ")
                .append(file.rowCount())
                .append(" rows, ")
                .append(bytesText(file.size()))
                .append('\n');
        int[] width = new int[rows.getFirst().length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].codePointCount(0, r[i].length()));
            }
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                sb.append(r[i]);
                if (i < r.length - 1) {
                    sb.append(" ".repeat(width[i] - r[i].codePointCount(0, r[i].length()) + 2));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    static String bytesText(long b) {
        if (b < 10_000) {
            return b + " B";
        }
        if (b < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
        }
        if (b < 10_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f MiB", b / 1048576.0);
        }
        return String.format(Locale.ROOT, "%.1f GiB", b / 1073741824.0);
    }

    /// The statistics of every column, keyed by name (for the HTML page).
    static Map<String, Column> byName(List<Column> columns) {
        Map<String, Column> m = new LinkedHashMap<>();
        for (Column c : columns) {
            m.put(c.name(), c);
        }
        return m;
    }
}
