package dev.jvortex.conformance;

import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/// Counts the layout and array encoding ids used by corpus files and whether the files using
/// them decoded to the expected values.
final class Coverage {
    private final Map<String, long[]> layouts = new TreeMap<>();
    private final Map<String, long[]> arrays = new TreeMap<>();

    /// Records every id in `file`; `ok` says whether all its values matched.
    synchronized void record(VortexFile file, boolean ok) {
        walk(file, file.layout(), ok);
    }

    private void walk(VortexFile file, LayoutNode node, boolean ok) {
        count(layouts, node.encoding(), ok);
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            try {
                SerializedArray sa = SerializedArray.parse(
                        file.segments().segment(node.segments()[0]),
                        file.footer().arraySpecs(),
                        "segment");
                walk(sa.root(), ok);
            } catch (RuntimeException e) {
                count(arrays, "(unparseable segment)", false);
            }
        }
        for (LayoutNode c : node.children()) {
            walk(file, c, ok);
        }
    }

    private void walk(EncodedNode node, boolean ok) {
        count(arrays, node.encoding(), ok);
        for (int i = 0; i < node.childCount(); i++) {
            walk(node.child(i), ok);
        }
    }

    private static void count(Map<String, long[]> m, String id, boolean ok) {
        long[] c = m.computeIfAbsent(id, k -> new long[2]);
        c[0]++;
        if (ok) {
            c[1]++;
        }
    }

    /// Returns the table as Markdown.
    synchronized String table(String title) {
        StringBuilder sb = new StringBuilder("## " + title
                + "\n\n| kind | id | nodes | in files read exactly | all decoded |\n|---|---|---|---|---|\n");
        for (var e : layouts.entrySet()) {
            row(sb, "layout", e.getKey(), e.getValue());
        }
        for (var e : arrays.entrySet()) {
            row(sb, "array", e.getKey(), e.getValue());
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String kind, String id, long[] c) {
        sb.append("| ")
                .append(kind)
                .append(" | ")
                .append(id)
                .append(" | ")
                .append(c[0])
                .append(" | ")
                .append(c[1])
                .append(" | ")
                .append(c[0] == c[1] ? "yes" : "NO")
                .append(" |\n");
    }

    /// Writes the table to `path` and prints it.
    void write(Path path, String title) throws IOException {
        String t = table(title);
        Files.createDirectories(path.getParent());
        Files.writeString(path, t);
        System.out.println(t);
    }
}
