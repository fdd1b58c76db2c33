package dev.jvortex.file.layout;

import java.util.HashMap;
import java.util.Map;

/// The layouts by their id on the wire (bytes of each in [Layouts]).
///
/// A file names each layout node by its string id; [#parse] turns it into a constant here or,
/// for an id jvortex does not know, a [ParsedLayoutId.Unknown] keeping the string for the error
/// message. The layout readers dispatch with an exhaustive `switch` over the constants (no
/// `default`), and the writer writes `X.id()`, never a string literal.
public enum LayoutId implements ParsedLayoutId {
    /// `vortex.flat`: one serialized array in one segment.
    FLAT("vortex.flat"),
    /// `vortex.struct`: one child per field, plus an optional validity child.
    STRUCT("vortex.struct"),
    /// `vortex.chunked`: children in row order.
    CHUNKED("vortex.chunked"),
    /// `vortex.zoned`: data plus a table of per-zone aggregates (zone maps).
    ZONED("vortex.zoned"),
    /// `vortex.stats`: the older form of `vortex.zoned`, its statistics named by a bit set.
    STATS("vortex.stats"),
    /// `vortex.dict`: a dictionary of values and a layout of codes.
    DICT("vortex.dict");

    private static final Map<String, LayoutId> BY_ID = new HashMap<>();

    static {
        for (LayoutId l : values()) {
            BY_ID.put(l.id, l);
        }
    }

    private final String id;

    LayoutId(String id) {
        this.id = id;
    }

    /// Returns the id as written in files, e.g. `vortex.chunked`.
    @Override
    public String id() {
        return id;
    }

    /// Returns the layout with id `id`, or a [ParsedLayoutId.Unknown] holding `id`.
    public static ParsedLayoutId parse(String id) {
        LayoutId known = BY_ID.get(id);
        return known != null ? known : new ParsedLayoutId.Unknown(id);
    }
}
