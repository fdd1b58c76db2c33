package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.util.HexFormat;

/// Rows of canonical arrays as text, for comparing two arrays row by row (validity, and values
/// at valid rows, floats by their bits) and with what the reference prints.
public final class ArrayRows {
    private static final HexFormat HEX = HexFormat.of();

    private ArrayRows() {}

    /// Renders the rows of a flat array as `decode_with_reference.py` prints them: `N` for null,
    /// integers in decimal (u64 unsigned), floats as the hex of their bits, bools 0/1, strings and
    /// bytes as hex, decimals as their unscaled integers, extensions as their storage;
    /// comma-separated.
    public static String render(Array a) {
        if (a instanceof ExtensionArray e) {
            return render(e.storage());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            if (!a.isValid(i)) {
                sb.append('N');
                continue;
            }
            switch (a) {
                case PrimitiveArray p -> {
                    long v = p.getLong(i);
                    switch (p.ptype()) {
                        case F16, F32, F64 -> sb.append(Long.toHexString(v));
                        case U64 -> sb.append(Long.toUnsignedString(v));
                        default -> sb.append(v);
                    }
                }
                case BoolArray b -> sb.append(b.get(i) ? '1' : '0');
                case VarBinViewArray s -> sb.append(HEX.formatHex(s.getBytes(i)));
                case DecimalArray d -> sb.append(d.getUnscaled(i));
                default -> throw new IllegalArgumentException("cannot render " + a.dtype());
            }
        }
        return sb.toString();
    }

    /// Renders row `i` of an array of any type (nested types included): `N` for null, integers
    /// and floats as the hex of [PrimitiveArray#getLong], bools 0/1, bytes as hex, decimals as
    /// their unscaled integers, structs as `{a;b;}`, lists as `[a;b;]`.
    public static String row(Array a, int i) {
        if (a instanceof ExtensionArray e) {
            return row(e.storage(), i);
        }
        if (!a.isValid(i)) {
            return "N";
        }
        return switch (a) {
            case NullArray n -> "N";
            case PrimitiveArray p -> Long.toHexString(p.getLong(i));
            case BoolArray b -> b.get(i) ? "1" : "0";
            case VarBinViewArray s -> HEX.formatHex(s.getBytes(i));
            case DecimalArray d -> d.getUnscaled(i).toString();
            case StructArray s -> {
                StringBuilder sb = new StringBuilder("{");
                for (Array f : s.fields()) {
                    sb.append(row(f, i)).append(';');
                }
                yield sb.append('}').toString();
            }
            case ListArray l -> {
                StringBuilder sb = new StringBuilder("[");
                for (long e = l.start(i); e < l.end(i); e++) {
                    sb.append(row(l.elements(), (int) e)).append(';');
                }
                yield sb.append(']').toString();
            }
            case FixedSizeListArray f -> {
                StringBuilder sb = new StringBuilder("[");
                for (int e = 0; e < f.size(); e++) {
                    sb.append(row(f.elements(), i * f.size() + e)).append(';');
                }
                yield sb.append(']').toString();
            }
            case ExtensionArray e -> row(e.storage(), i);
        };
    }

    /// Asserts that `actual` holds the same rows as `expected` (types may differ, e.g. in nullability).
    public static void assertSameRows(Array expected, Array actual, String what) {
        assertEquals(expected.length(), actual.length(), what + ": length");
        for (int i = 0; i < expected.length(); i++) {
            String w = row(expected, i);
            String g = row(actual, i);
            if (!w.equals(g)) {
                fail(what + ": row " + i + " expected " + w + " but was " + g);
            }
        }
    }

    /// Asserts that `actual` has the type of `expected` and the same rows.
    public static void assertSameTypeAndRows(Array expected, Array actual, String what) {
        assertEquals(expected.dtype(), actual.dtype(), what + ": type");
        assertSameRows(expected, actual, what);
    }

    /// Asserts that two renderings (see [#render]) are equal, naming the first row that differs.
    public static void assertSameRendering(String expected, String actual, String what) {
        if (expected.equals(actual)) {
            return;
        }
        String[] w = expected.split(",", -1);
        String[] g = actual.split(",", -1);
        for (int i = 0; i < Math.min(w.length, g.length); i++) {
            assertEquals(w[i], g[i], what + ": row " + i);
        }
        assertEquals(w.length, g.length, what + ": rows");
    }
}
