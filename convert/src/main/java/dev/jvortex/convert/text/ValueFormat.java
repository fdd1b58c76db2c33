package dev.jvortex.convert.text;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
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
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.Base64;
import java.util.Locale;

/// Formats values of canonical arrays as JSON, following the `jvx export` conventions:
/// integers as numbers (full u64 range), floats as the shortest decimal that round-trips in
/// their own width (NaN and infinities as strings), decimals as strings with every scale digit,
/// binary as base64, dates `YYYY-MM-DD`, times and timestamps in ISO-8601 with the unit's full
/// precision (`Z` suffix when the timestamp has a zone), UUIDs canonical.
public final class ValueFormat {
    private ValueFormat() {}

    /// Appends row `i` of `a` as a JSON value.
    public static void json(StringBuilder out, Array a, int i) {
        if (!a.isValid(i)) {
            out.append("null");
            return;
        }
        switch (a) {
            case NullArray n -> out.append("null");
            case BoolArray b -> out.append(b.get(i));
            case PrimitiveArray p -> number(out, p, i);
            case DecimalArray d -> quote(out, d.get(i).toPlainString());
            case VarBinViewArray s -> {
                if (s.dtype() instanceof DType.Utf8) {
                    quote(out, s.getString(i));
                } else {
                    quote(out, Base64.getEncoder().encodeToString(s.getBytes(i)));
                }
            }
            case StructArray s -> {
                out.append('{');
                for (int f = 0; f < s.fields().size(); f++) {
                    if (f > 0) {
                        out.append(',');
                    }
                    quote(out, s.dtype().names().get(f));
                    out.append(':');
                    json(out, s.field(f), i);
                }
                out.append('}');
            }
            case ListArray l -> {
                if (l.dtype() instanceof DType.MapType) {
                    mapEntries(out, l, i);
                    return;
                }
                out.append('[');
                int start = (int) l.start(i);
                int end = (int) l.end(i);
                for (int e = start; e < end; e++) {
                    if (e > start) {
                        out.append(',');
                    }
                    json(out, l.elements(), e);
                }
                out.append(']');
            }
            case FixedSizeListArray f -> {
                out.append('[');
                int size = f.size();
                for (int e = 0; e < size; e++) {
                    if (e > 0) {
                        out.append(',');
                    }
                    json(out, f.elements(), i * size + e);
                }
                out.append(']');
            }
            case ExtensionArray e -> extension(out, e, i);
        }
    }

    private static void mapEntries(StringBuilder out, ListArray l, int i) {
        out.append('[');
        StructArray entries = (StructArray) l.elements();
        int start = (int) l.start(i);
        int end = (int) l.end(i);
        for (int e = start; e < end; e++) {
            if (e > start) {
                out.append(',');
            }
            out.append("{\"key\":");
            json(out, entries.field(0), e);
            out.append(",\"value\":");
            json(out, entries.field(1), e);
            out.append('}');
        }
        out.append(']');
    }

    private static void number(StringBuilder out, PrimitiveArray p, int i) {
        PType t = p.ptype();
        switch (t) {
            case U64 -> out.append(Long.toUnsignedString(p.getLong(i)));
            case F64 -> floating(out, p.getDouble(i), Double.toString(p.getDouble(i)));
            case F32 -> floating(out, p.getFloat(i), Float.toString(p.getFloat(i)));
            case F16 -> {
                short bits = (short) p.getLong(i);
                float f = Float.float16ToFloat(bits);
                floating(out, f, shortestF16(bits));
            }
            default -> out.append(p.getLong(i));
        }
    }

    private static void floating(StringBuilder out, double v, String text) {
        if (Double.isNaN(v)) {
            out.append("\"NaN\"");
        } else if (Double.isInfinite(v)) {
            out.append(v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
        } else {
            out.append(text);
        }
    }

    /// Returns the shortest decimal that parses back to the same binary16 value.
    static String shortestF16(short bits) {
        float f = Float.float16ToFloat(bits);
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return Float.toString(f);
        }
        if (f == 0) {
            return (bits & 0x8000) != 0 ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(f);
        for (int digits = 1; digits <= 8; digits++) {
            BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (Float.floatToFloat16(candidate.floatValue()) == bits) {
                String s = candidate.stripTrailingZeros().toString();
                return s.contains(".") || s.contains("E") ? s : s + ".0";
            }
        }
        return Float.toString(f);
    }

    private static void extension(StringBuilder out, ExtensionArray e, int i) {
        DType.Extension t = e.dtype();
        Array storage = e.storage();
        byte[] meta = t.metadata();
        switch (t.id()) {
            case "vortex.date" -> {
                if (storage instanceof PrimitiveArray p && meta.length >= 1) {
                    long v = p.getLong(i);
                    long days = meta[0] == 4 ? v : Math.floorDiv(v, 86_400_000L);
                    if (days < -365_243_219_162L || days > 365_241_780_471L) {
                        throw dev.jvortex.core.VortexException.corrupt(
                                "date " + v + " is outside the years -999999999..999999999");
                    }
                    quote(out, LocalDate.ofEpochDay(days).toString());
                    return;
                }
            }
            case "vortex.time" -> {
                if (storage instanceof PrimitiveArray p && meta.length >= 1) {
                    quote(out, Temporal.time(p.getLong(i), meta[0]));
                    return;
                }
            }
            case "vortex.timestamp" -> {
                if (storage instanceof PrimitiveArray p && meta.length >= 3) {
                    int tzLen = (meta[1] & 0xFF) | (meta[2] & 0xFF) << 8;
                    quote(out, Temporal.timestamp(p.getLong(i), meta[0], tzLen > 0));
                    return;
                }
            }
            case "vortex.uuid" -> {
                if (storage instanceof FixedSizeListArray f
                        && f.size() == 16
                        && f.elements() instanceof PrimitiveArray b) {
                    StringBuilder hex = new StringBuilder(36);
                    for (int k = 0; k < 16; k++) {
                        if (k == 4 || k == 6 || k == 8 || k == 10) {
                            hex.append('-');
                        }
                        long v = b.getLong(i * 16 + k);
                        hex.append(Character.forDigit((int) (v >> 4) & 0xF, 16))
                                .append(Character.forDigit((int) v & 0xF, 16));
                    }
                    quote(out, hex.toString());
                    return;
                }
            }
            default -> {}
        }
        json(out, storage, i);
    }

    /// Appends `s` as a JSON string.
    public static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
