package dev.jvortex.cli;

import dev.jvortex.core.DType;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SegmentSpec;
import dev.jvortex.format.SerializedArray;
import java.util.List;

/// Describes a file's layout tree and the array encodings inside its flat segments, as text or JSON.
public final class Inspector {
    private final VortexFile file;
    private final StringBuilder out = new StringBuilder();

    private Inspector(VortexFile file) {
        this.file = file;
    }

    /// Returns the description of `file`.
    public static String describe(VortexFile file, boolean json) {
        Inspector in = new Inspector(file);
        if (json) {
            in.out.append("{\"file\":");
            ValueFormat.quote(in.out, file.name());
            in.out.append(",\"size\":").append(file.size());
            in.out.append(",\"rows\":").append(file.rowCount());
            in.out.append(",\"dtype\":");
            ValueFormat.quote(in.out, file.dtype().toString());
            in.out.append(",\"layout\":");
            in.layoutJson(file.layout(), file.dtype());
            in.out.append("}\n");
        } else {
            in.out
                    .append("file ")
                    .append(Terminal.escape(file.name()))
                    .append(": ")
                    .append(file.size())
                    .append(" bytes, ")
                    .append(file.rowCount())
                    .append(" rows\n");
            in.out
                    .append("dtype ")
                    .append(Terminal.escape(file.dtype().toString()))
                    .append('\n');
            in.layoutText(file.layout(), file.dtype(), "", "");
        }
        return in.out.toString();
    }

    /// Returns a per-column summary of `file`: stored bytes, share of the file, layouts and the
    /// array encodings (file-supplied names and ids escaped for a terminal).
    public static String summary(VortexFile file) {
        Inspector in = new Inspector(file);
        StringBuilder sb = in.out;
        sb.append("file ")
                .append(Terminal.escape(file.name()))
                .append(": ")
                .append(file.size())
                .append(" bytes, ")
                .append(file.rowCount())
                .append(" rows\n");
        List<Stats.Column> cols = Stats.of(file, null);
        int w = "column".length();
        for (Stats.Column c : cols) {
            w = Math.max(w, Terminal.escape(c.name()).length());
        }
        sb.append("column").append(" ".repeat(w - 6 + 2)).append("stored      share  layouts / encodings\n");
        for (int i = 0; i < cols.size(); i++) {
            Stats.Column c = cols.get(i);
            String name = Terminal.escape(c.name());
            java.util.Set<String> layouts = new java.util.TreeSet<>();
            LayoutNode node = Stats.columnLayout(file, i);
            if (node != null) {
                in.layouts(node, layouts);
            }
            StringBuilder enc = new StringBuilder();
            for (String e : c.encodings().keySet()) {
                enc.append(enc.isEmpty() ? "" : " ").append(short_(e));
            }
            StringBuilder lay = new StringBuilder();
            for (String l : layouts) {
                lay.append(lay.isEmpty() ? "" : " ").append(short_(l));
            }
            sb.append(name)
                    .append(" ".repeat(w - name.length() + 2))
                    .append(String.format(
                            java.util.Locale.ROOT,
                            "%-10s  %5.1f%%  ",
                            Stats.bytesText(c.storedBytes()),
                            100.0 * c.storedBytes() / Math.max(1, file.size())))
                    .append(Terminal.escape(lay.toString()))
                    .append(" / ")
                    .append(Terminal.escape(enc.toString()))
                    .append('\n');
        }
        sb.append("(jvx inspect --tree shows every layout, segment and array node; jvx stats the statistics)\n");
        return sb.toString();
    }

    private static String short_(String id) {
        return id.startsWith("vortex.") ? id.substring(7) : id;
    }

    private void layouts(LayoutNode node, java.util.Set<String> out) {
        out.add(node.encoding());
        for (LayoutNode c : node.children()) {
            layouts(c, out);
        }
    }

    private long segmentBytes(LayoutNode node) {
        long total = 0;
        for (int s : node.segments()) {
            total += file.footer().segments().get(s).length();
        }
        for (LayoutNode c : node.children()) {
            total += segmentBytes(c);
        }
        return total;
    }

    private DType childType(LayoutNode node, DType dtype, int i) {
        return switch (node.encoding()) {
            case "vortex.struct" -> {
                if (dtype instanceof DType.Struct s) {
                    int first = s.nullable() ? 1 : 0;
                    yield i < first ? new DType.Bool(false) : s.fields().get(i - first);
                }
                yield dtype;
            }
            default -> dtype;
        };
    }

    private String childName(LayoutNode node, DType dtype, int i) {
        return switch (node.encoding()) {
            case "vortex.struct" -> {
                if (dtype instanceof DType.Struct s) {
                    int first = s.nullable() ? 1 : 0;
                    yield i < first ? "validity" : s.names().get(i - first);
                }
                yield String.valueOf(i);
            }
            case "vortex.zoned", "vortex.stats" -> i == 0 ? "data" : "zones";
            case "vortex.dict" -> i == 0 ? "values" : "codes";
            default -> "[" + i + "]";
        };
    }

    private void layoutText(LayoutNode node, DType dtype, String indent, String label) {
        out.append(indent)
                .append(label.isEmpty() ? "" : Terminal.escape(label) + ": ")
                .append(Terminal.escape(node.encoding()))
                .append(", ")
                .append(node.rowCount())
                .append(" rows, ")
                .append(segmentBytes(node))
                .append(" bytes");
        if (node.encoding().equals("vortex.zoned")) {
            out.append(", zone map");
        }
        out.append('\n');
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            int seg = node.segments()[0];
            SegmentSpec spec = file.footer().segments().get(seg);
            out.append(indent)
                    .append("  segment ")
                    .append(seg)
                    .append(" at ")
                    .append(spec.offset())
                    .append(", ")
                    .append(spec.length())
                    .append(" bytes\n");
            try {
                SerializedArray sa = SerializedArray.parse(
                        file.segments().segment(seg), file.footer().arraySpecs(), "segment " + seg);
                arrayText(sa.root(), indent + "  ");
            } catch (RuntimeException e) {
                out.append(indent)
                        .append("  (unreadable: ")
                        .append(Terminal.escape(String.valueOf(e.getMessage())))
                        .append(")\n");
            }
        }
        for (int i = 0; i < node.children().size(); i++) {
            layoutText(node.children().get(i), childType(node, dtype, i), indent + "  ", childName(node, dtype, i));
        }
    }

    private void arrayText(EncodedNode n, String indent) {
        out.append(indent).append(Terminal.escape(n.encoding()));
        long bytes = 0;
        for (int b = 0; b < n.bufferCount(); b++) {
            bytes += n.buffer(b).byteSize();
        }
        if (n.bufferCount() > 0) {
            out.append(" (")
                    .append(n.bufferCount())
                    .append(n.bufferCount() == 1 ? " buffer, " : " buffers, ")
                    .append(bytes)
                    .append(" bytes)");
        }
        out.append('\n');
        for (int c = 0; c < n.childCount(); c++) {
            arrayText(n.child(c), indent + "  ");
        }
    }

    private void layoutJson(LayoutNode node, DType dtype) {
        out.append("{\"encoding\":");
        ValueFormat.quote(out, node.encoding());
        out.append(",\"rows\":").append(node.rowCount());
        out.append(",\"bytes\":").append(segmentBytes(node));
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            int seg = node.segments()[0];
            out.append(",\"segment\":").append(seg);
            try {
                SerializedArray sa = SerializedArray.parse(
                        file.segments().segment(seg), file.footer().arraySpecs(), "segment " + seg);
                out.append(",\"array\":");
                arrayJson(sa.root());
            } catch (RuntimeException e) {
                out.append(",\"error\":");
                ValueFormat.quote(out, String.valueOf(e.getMessage()));
            }
        }
        if (!node.children().isEmpty()) {
            out.append(",\"children\":[");
            for (int i = 0; i < node.children().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append("{\"name\":");
                ValueFormat.quote(out, childName(node, dtype, i));
                out.append(",\"layout\":");
                layoutJson(node.children().get(i), childType(node, dtype, i));
                out.append('}');
            }
            out.append(']');
        }
        out.append('}');
    }

    private void arrayJson(EncodedNode n) {
        out.append("{\"encoding\":");
        ValueFormat.quote(out, n.encoding());
        out.append(",\"buffers\":[");
        for (int b = 0; b < n.bufferCount(); b++) {
            if (b > 0) {
                out.append(',');
            }
            out.append(n.buffer(b).byteSize());
        }
        out.append(']');
        if (n.childCount() > 0) {
            out.append(",\"children\":[");
            for (int c = 0; c < n.childCount(); c++) {
                if (c > 0) {
                    out.append(',');
                }
                arrayJson(n.child(c));
            }
            out.append(']');
        }
        out.append('}');
    }
}
