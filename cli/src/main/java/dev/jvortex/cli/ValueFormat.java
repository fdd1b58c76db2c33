package dev.jvortex.cli;

import dev.jvortex.core.array.Array;

/// The `jvx export` value conventions; the implementation moved to
/// [dev.jvortex.convert.text.ValueFormat] (kept here for existing callers).
public final class ValueFormat {
    private ValueFormat() {}

    /// Appends row `i` of `a` as a JSON value.
    public static void json(StringBuilder out, Array a, int i) {
        dev.jvortex.convert.text.ValueFormat.json(out, a, i);
    }

    /// Appends `s` as a JSON string.
    public static void quote(StringBuilder out, String s) {
        dev.jvortex.convert.text.ValueFormat.quote(out, s);
    }
}
