package dev.jvortex.conformance;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.testing.Json;
import java.util.List;
import java.util.Map;

/// Compares an exported JSON value with the expected one, directed by the column type:
/// floats are compared in their own width (bit for bit, any NaN equal to any NaN), integers
/// and decimals exactly, everything else structurally.
final class ValueComparator {
    private ValueComparator() {}

    /// Returns null when equal, else a description of the first difference.
    static String diff(DType type, Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            return expected == actual ? null : path + ": expected " + expected + " but was " + actual;
        }
        switch (type) {
            case DType.Primitive p
            when p.ptype().isFloat() -> {
                return floats(p.ptype(), expected, actual, path);
            }
            case DType.Primitive p -> {
                if (expected instanceof Json.Num e
                        && actual instanceof Json.Num a
                        && e.decimal().compareTo(a.decimal()) == 0) {
                    return null;
                }
                return path + ": expected " + show(expected) + " but was " + show(actual);
            }
            case DType.Struct s -> {
                if (!(expected instanceof Map<?, ?> e) || !(actual instanceof Map<?, ?> a)) {
                    return path + ": expected object " + show(expected) + " but was " + show(actual);
                }
                if (!List.copyOf(e.keySet()).equals(List.copyOf(a.keySet()))) {
                    return path + ": keys " + e.keySet() + " but was " + a.keySet();
                }
                for (int i = 0; i < s.size(); i++) {
                    String k = s.names().get(i);
                    String d = diff(s.fields().get(i), e.get(k), a.get(k), path + "." + k);
                    if (d != null) {
                        return d;
                    }
                }
                return null;
            }
            case DType.ListType l -> {
                return list(l.element(), expected, actual, path);
            }
            case DType.FixedSizeList l -> {
                return list(l.element(), expected, actual, path);
            }
            case DType.MapType m -> {
                return list(
                        new DType.Struct(List.of("key", "value"), List.of(m.key(), m.value()), false),
                        expected,
                        actual,
                        path);
            }
            case DType.Extension x
            when !x.id().startsWith("vortex.") -> {
                return diff(x.storage(), expected, actual, path);
            }
            default -> {
                if (expected instanceof Json.Num e && actual instanceof Json.Num a) {
                    return e.decimal().compareTo(a.decimal()) == 0
                            ? null
                            : path + ": expected " + e.text() + " but was " + a.text();
                }
                return expected.equals(actual)
                        ? null
                        : path + ": expected " + show(expected) + " but was " + show(actual);
            }
        }
    }

    private static String list(DType element, Object expected, Object actual, String path) {
        if (!(expected instanceof List<?> e) || !(actual instanceof List<?> a)) {
            return path + ": expected array " + show(expected) + " but was " + show(actual);
        }
        if (e.size() != a.size()) {
            return path + ": expected " + e.size() + " elements but was " + a.size() + " (" + show(actual) + ")";
        }
        for (int i = 0; i < e.size(); i++) {
            String d = diff(element, e.get(i), a.get(i), path + "[" + i + "]");
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String floats(PType t, Object expected, Object actual, String path) {
        long e = bits(t, expected);
        long a = bits(t, actual);
        if (e == a || (isNaN(expected) && isNaN(actual))) {
            return null;
        }
        return path + ": expected " + show(expected) + " but was " + show(actual) + " (" + t.shortName() + ")";
    }

    private static boolean isNaN(Object v) {
        return "NaN".equals(v);
    }

    private static long bits(PType t, Object v) {
        double d;
        if (v instanceof String s) {
            d = switch (s) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new IllegalArgumentException("not a float: " + s);
            };
            return switch (t) {
                case F16 -> Float.floatToFloat16((float) d);
                case F32 -> Float.floatToIntBits((float) d);
                default -> Double.doubleToLongBits(d);
            };
        }
        String text = ((Json.Num) v).text();
        return switch (t) {
            case F16 -> Float.floatToFloat16(Float.parseFloat(text));
            case F32 -> Float.floatToRawIntBits(Float.parseFloat(text));
            default -> Double.doubleToRawLongBits(Double.parseDouble(text));
        };
    }

    private static String show(Object v) {
        if (v instanceof Json.Num n) {
            return n.text();
        }
        if (v instanceof String s) {
            return '"' + (s.length() > 80 ? s.substring(0, 80) + "..." : s) + '"';
        }
        String s = String.valueOf(v);
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }
}
