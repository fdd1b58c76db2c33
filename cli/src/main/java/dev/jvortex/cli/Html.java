package dev.jvortex.cli;

import dev.jvortex.convert.text.ValueFormat;
import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.ZoneMap;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/// `jvx inspect --html`: one self-contained page (no scripts or styles from elsewhere) with the
/// file's bytes by column, layout role and encoding as a treemap, the statistics table (the
/// numbers of `jvx stats --json`, which the page also embeds as JSON) and the zone maps.
final class Html {
    private static final int MAX_ZONES = 200;
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 420;

    private Html() {}

    static String page(VortexFile file) {
        List<Stats.Column> cols = Stats.of(file, null);
        StringBuilder h = new StringBuilder(1 << 16);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc(file.name()))
                .append(" - jvx inspect</title>\n<style>\n")
                .append("body{font:14px system-ui,sans-serif;margin:24px;color:#222}")
                .append("table{border-collapse:collapse;margin:8px 0 24px}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}")
                .append("td.n{text-align:right;font-variant-numeric:tabular-nums}")
                .append(".tm{position:relative;width:")
                .append(WIDTH)
                .append("px;height:")
                .append(HEIGHT)
                .append("px;border:1px solid #888}")
                // Outlines are inset shadows and the text is indented, not padded: a border or
                // padding would give a box a minimum size, and tiny parts would overflow their column.
                .append(
                        ".tm div{position:absolute;box-sizing:border-box;overflow:hidden;box-shadow:inset 0 0 0 1px #fff;")
                .append("font-size:11px;line-height:14px;text-indent:2px;white-space:nowrap;color:#111}")
                .append(".tm div.col{box-shadow:inset 0 0 0 2px #333;background:none;z-index:1;pointer-events:none;")
                .append("font-weight:bold;font-size:12px}")
                .append("details{margin:4px 0}\n</style></head><body>\n");
        h.append("<h1>")
                .append(esc(file.name()))
                .append("</h1>\n<p>")
                .append(file.rowCount())
                .append(" rows, ")
                .append(file.size())
                .append(" bytes, type <code>")
                .append(esc(Types.describe(file.dtype())))
                .append("</code></p>\n");
        treemap(h, file, cols);
        statsTable(h, cols);
        zoneMaps(h, file, cols);
        h.append("<script type=\"application/json\" id=\"stats\">")
                .append(Stats.json(file, cols).strip().replace("</", "<\\/"))
                .append("</script>\n</body></html>\n");
        return h.toString();
    }

    /// Bytes of one column by "role / encoding" (role: the layout child holding the segment).
    private static Map<String, Long> parts(VortexFile file, LayoutNode node, String role) {
        Map<String, Long> out = new LinkedHashMap<>();
        collect(file, node, role, out);
        return out;
    }

    private static void collect(VortexFile file, LayoutNode node, String role, Map<String, Long> out) {
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            int seg = node.segments()[0];
            long length = file.footer().segments().get(seg).length();
            long inBuffers = 0;
            try {
                SerializedArray sa = SerializedArray.parse(
                        file.segments().segment(seg), file.footer().arraySpecs(), "segment " + seg);
                inBuffers = nodes(sa.root(), role, out);
            } catch (RuntimeException e) {
                // An unreadable segment counts as metadata below.
            }
            out.merge(role + " / (array metadata)", length - inBuffers, Long::sum);
            return;
        }
        for (int s : node.segments()) {
            out.merge(
                    role + " / (" + node.encoding() + ")",
                    file.footer().segments().get(s).length(),
                    Long::sum);
        }
        for (int i = 0; i < node.children().size(); i++) {
            String childRole = switch (node.encoding()) {
                case "vortex.zoned", "vortex.stats" -> i == 0 ? role : "zone map";
                case "vortex.dict" -> i == 0 ? "dict values" : "dict codes";
                default -> role;
            };
            collect(file, node.children().get(i), childRole, out);
        }
    }

    private static long nodes(EncodedNode n, String role, Map<String, Long> out) {
        long b = 0;
        for (int i = 0; i < n.bufferCount(); i++) {
            b += n.buffer(i).byteSize();
        }
        if (b > 0) {
            out.merge(role + " / " + n.encoding(), b, Long::sum);
        }
        long total = b;
        for (int c = 0; c < n.childCount(); c++) {
            total += nodes(n.child(c), role, out);
        }
        return total;
    }

    private static void treemap(StringBuilder h, VortexFile file, List<Stats.Column> cols) {
        h.append("<h2>Bytes by column, layout and encoding</h2>\n<div class=\"tm\" id=\"treemap\">\n");
        long total = 0;
        for (Stats.Column c : cols) {
            total += c.storedBytes();
        }
        double x = 0;
        for (int i = 0; i < cols.size(); i++) {
            Stats.Column c = cols.get(i);
            if (c.storedBytes() == 0 || total == 0) {
                continue;
            }
            double w = WIDTH * (double) c.storedBytes() / total;
            LayoutNode node = Stats.columnLayout(file, i);
            Map<String, Long> parts = node == null ? Map.of() : parts(file, node, "data");
            long sum = parts.values().stream().mapToLong(Long::longValue).sum();
            double y = 0;
            for (Map.Entry<String, Long> e : parts.entrySet()) {
                if (e.getValue() <= 0 || sum == 0) {
                    continue;
                }
                double hgt = HEIGHT * (double) e.getValue() / sum;
                h.append(String.format(
                                Locale.ROOT,
                                "<div class=\"part\" data-column=\"%s\" data-bytes=\"%d\" style=\"left:%.2fpx;top:%.2fpx;"
                                        + "width:%.2fpx;height:%.2fpx;background:%s\" title=\"",
                                esc(c.name()),
                                e.getValue(),
                                x,
                                y,
                                w,
                                hgt,
                                color(e.getKey())))
                        .append(esc(c.name() + ": " + e.getKey() + ", " + e.getValue() + " bytes"))
                        .append("\">")
                        .append(esc(e.getKey()))
                        .append("</div>\n");
                y += hgt;
            }
            h.append(String.format(
                            Locale.ROOT,
                            "<div class=\"col\" data-column=\"%s\" data-bytes=\"%d\" style=\"left:%.2fpx;top:0;"
                                    + "width:%.2fpx;height:%dpx\">",
                            esc(c.name()),
                            c.storedBytes(),
                            x,
                            w,
                            HEIGHT))
                    .append(esc(c.name()))
                    .append("</div>\n");
            x += w;
        }
        h.append("</div>\n");
    }

    private static String color(String key) {
        String enc = key.substring(key.indexOf(" / ") + 3);
        int hue = Math.floorMod(enc.hashCode() * 47, 360);
        int light = key.startsWith("zone map") ? 85 : key.startsWith("dict") ? 72 : 78;
        return "hsl(" + hue + ",60%," + light + "%)";
    }

    private static void statsTable(StringBuilder h, List<Stats.Column> cols) {
        h.append("<h2>Statistics</h2>\n<table id=\"stats-table\"><tr><th>column</th><th>type</th><th>rows</th>")
                .append("<th>nulls</th><th>min</th><th>max</th><th>stored bytes</th><th>uncompressed bytes</th>")
                .append("<th>ratio</th><th>encodings</th></tr>\n");
        for (Stats.Column c : cols) {
            h.append("<tr data-column=\"")
                    .append(esc(c.name()))
                    .append("\"><td>")
                    .append(esc(c.name()));
            h.append("</td><td><code>").append(esc(Types.describe(c.dtype()))).append("</code></td>");
            cell(h, Long.toString(c.rows()));
            cell(h, c.nulls() == null ? "" : Long.toString(c.nulls()));
            h.append("<td>")
                    .append(c.min() == null ? "" : (c.minExact() ? "" : "≥ ") + esc(c.min()))
                    .append("</td>");
            h.append("<td>")
                    .append(c.max() == null ? "" : (c.maxExact() ? "" : "≤ ") + esc(c.max()))
                    .append("</td>");
            cell(h, Long.toString(c.storedBytes()));
            cell(h, c.uncompressedBytes() == null ? "" : Long.toString(c.uncompressedBytes()));
            cell(h, c.ratio() == null ? "" : String.format(Locale.ROOT, "%.3f", c.ratio()));
            h.append("<td>")
                    .append(esc(String.join(" ", c.encodings().keySet())))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void cell(StringBuilder h, String v) {
        h.append("<td class=\"n\">").append(v).append("</td>");
    }

    private static void zoneMaps(StringBuilder h, VortexFile file, List<Stats.Column> cols) {
        h.append("<h2>Zone maps</h2>\n");
        if (!(file.dtype() instanceof DType.Struct)) {
            h.append("<p>The file is not a table: no zone maps per column.</p>\n");
            return;
        }
        for (Stats.Column c : cols) {
            try (ZoneMap zm = file.zoneMap(c.name())) {
                if (zm == null) {
                    h.append("<details><summary>").append(esc(c.name())).append(": no zone map</summary></details>\n");
                    continue;
                }
                int zones = zm.zoneCount();
                h.append("<details class=\"zones\" data-column=\"")
                        .append(esc(c.name()))
                        .append("\" data-zones=\"")
                        .append(zones)
                        .append("\"><summary>")
                        .append(esc(c.name()))
                        .append(": ")
                        .append(zones)
                        .append(zones == 1 ? " zone" : " zones")
                        .append(" of ")
                        .append(zm.zoneLength())
                        .append(" rows</summary>\n<table><tr><th>zone</th><th>rows</th>");
                List<String> names = zm.table().dtype().names();
                List<Array> arrays = new ArrayList<>();
                for (String n : names) {
                    h.append("<th>").append(esc(n)).append("</th>");
                    arrays.add(zm.statistic(n));
                }
                h.append("</tr>\n");
                for (int z = 0; z < Math.min(zones, MAX_ZONES); z++) {
                    h.append("<tr><td class=\"n\">").append(z).append("</td><td class=\"n\">");
                    h.append(zm.zoneStart(z)).append('–').append(zm.zoneEnd(z)).append("</td>");
                    for (Array a : arrays) {
                        StringBuilder v = new StringBuilder();
                        try {
                            ValueFormat.json(v, a, z);
                        } catch (RuntimeException e) {
                            v.setLength(0);
                            v.append('?');
                        }
                        h.append("<td>").append(esc(v.toString())).append("</td>");
                    }
                    h.append("</tr>\n");
                }
                h.append("</table>");
                if (zones > MAX_ZONES) {
                    h.append("<p>(the first ")
                            .append(MAX_ZONES)
                            .append(" of ")
                            .append(zones)
                            .append(" zones)</p>");
                }
                h.append("</details>\n");
            } catch (RuntimeException e) {
                h.append("<details><summary>")
                        .append(esc(c.name()))
                        .append(": zone map unreadable (")
                        .append(esc(String.valueOf(e.getMessage())))
                        .append(")</summary></details>\n");
            }
        }
    }

    /// HTML-escapes `s` (and, as everywhere, control characters from the file).
    static String esc(String s) {
        String t = Terminal.escape(s);
        StringBuilder sb = new StringBuilder(t.length() + 8);
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
