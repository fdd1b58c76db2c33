package dev.jvortex.format;

import dev.jvortex.core.VortexException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// The footer: the array and layout id tables and the segment map.
public record Footer(List<String> arraySpecs, List<String> layoutSpecs, List<SegmentSpec> segments) {
    /// Parses a footer flatbuffer.
    public static Footer read(MemorySegment buf) {
        FbTable t = FbTable.root(buf, "footer");
        List<String> arrays = ids(t.getVector(0), "array spec");
        List<String> layouts = ids(t.getVector(1), "layout spec");
        FbVector segs = t.getVector(2);
        if (segs == null) {
            throw VortexException.corrupt("footer has no segment specs");
        }
        int n = segs.length();
        MemorySegment raw = segs.inline(16);
        List<SegmentSpec> segments = new ArrayList<>(n);
        long prev = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long off = raw.get(FbTable.U64, i * 16L);
            long len = Integer.toUnsignedLong(raw.get(FbTable.U32, i * 16L + 8));
            int exp = Byte.toUnsignedInt(raw.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i * 16L + 12));
            if (off < 0) {
                throw VortexException.corrupt("segment " + i + " has a negative offset");
            }
            if (off < prev) {
                throw VortexException.corrupt("segment specs are not sorted by offset at segment " + i);
            }
            if (exp > 32) {
                throw VortexException.corrupt("segment " + i + " alignment exponent " + exp + " is too large");
            }
            prev = off;
            segments.add(new SegmentSpec(off, len, exp));
        }
        return new Footer(arrays, layouts, List.copyOf(segments));
    }

    private static List<String> ids(FbVector v, String what) {
        if (v == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(v.length());
        for (int i = 0; i < v.length(); i++) {
            String id = v.table(i, what).getString(0);
            if (id == null) {
                throw VortexException.corrupt(what + " " + i + " has no id");
            }
            out.add(id);
        }
        return List.copyOf(out);
    }
}
