package dev.jvortex.format;

import dev.jvortex.core.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/// One node of the layout tree, with its encoding id resolved through the footer.
///
/// @param encoding the layout id, e.g. `vortex.flat`
/// @param rowCount the number of rows this node covers
/// @param metadata the layout-specific bytes (empty when absent)
/// @param children the child layouts
/// @param segments indices into the footer's segment map
public record LayoutNode(String encoding, long rowCount, byte[] metadata, List<LayoutNode> children, int[] segments) {
    /// Deepest layout tree accepted.
    public static final int MAX_DEPTH = 64;
    /// Most layout nodes accepted in one file.
    public static final int MAX_NODES = 1_000_000;

    /// Parses the layout flatbuffer, resolving ids through `footer`.
    public static LayoutNode read(MemorySegment buf, Footer footer) {
        int[] count = {0};
        return read(FbTable.root(buf, "layout flatbuffer"), footer, 0, count, "root");
    }

    private static LayoutNode read(FbTable t, Footer footer, int depth, int[] count, String path) {
        if (depth > MAX_DEPTH) {
            throw VortexException.corrupt("layout tree deeper than " + MAX_DEPTH + " at " + path);
        }
        if (++count[0] > MAX_NODES) {
            throw VortexException.corrupt("layout tree has more than " + MAX_NODES + " nodes");
        }
        int enc = t.getU16(0, 0);
        if (enc >= footer.layoutSpecs().size()) {
            throw VortexException.corrupt("layout " + path + " uses encoding index " + enc + " but the footer lists "
                    + footer.layoutSpecs().size() + " layout ids");
        }
        long rows = t.getU64(1, 0);
        if (rows < 0) {
            throw VortexException.corrupt("layout " + path + " has row count " + Long.toUnsignedString(rows));
        }
        MemorySegment meta = t.getBytes(2);
        FbVector kids = t.getVector(3);
        List<LayoutNode> children = new ArrayList<>();
        if (kids != null) {
            for (int i = 0; i < kids.length(); i++) {
                children.add(read(kids.table(i, "layout"), footer, depth + 1, count, path + "." + i));
            }
        }
        FbVector segs = t.getVector(4);
        int[] segments = new int[segs == null ? 0 : segs.length()];
        for (int i = 0; i < segments.length; i++) {
            long s = segs.u32(i);
            if (s >= footer.segments().size()) {
                throw VortexException.corrupt("layout " + path + " references segment " + s + " but the file has "
                        + footer.segments().size());
            }
            segments[i] = (int) s;
        }
        return new LayoutNode(
                footer.layoutSpecs().get(enc),
                rows,
                meta == null ? new byte[0] : meta.toArray(ValueLayout.JAVA_BYTE),
                List.copyOf(children),
                segments);
    }
}
