package dev.jvortex.format;

import dev.jvortex.core.VortexException;
import java.lang.foreign.MemorySegment;

/// The postscript: where the dtype, layout, statistics and footer flatbuffers are.
public record Postscript(SegmentSpec dtype, SegmentSpec layout, SegmentSpec statistics, SegmentSpec footer) {
    /// Parses a postscript flatbuffer.
    public static Postscript read(MemorySegment buf) {
        FbTable t = FbTable.root(buf, "postscript");
        SegmentSpec layout = segment(t, 1);
        SegmentSpec footer = segment(t, 3);
        if (layout == null) {
            throw VortexException.corrupt("postscript has no layout segment");
        }
        if (footer == null) {
            throw VortexException.corrupt("postscript has no footer segment");
        }
        return new Postscript(segment(t, 0), layout, segment(t, 2), footer);
    }

    private static SegmentSpec segment(FbTable t, int slot) {
        FbTable s = t.getTable(slot, "postscript segment");
        if (s == null) {
            return null;
        }
        int exp = s.getU8(2, 0);
        if (exp > 32) {
            throw VortexException.corrupt("postscript segment alignment exponent " + exp + " is too large");
        }
        return new SegmentSpec(s.getU64(0, 0), s.getU32(1, 0), exp);
    }
}
