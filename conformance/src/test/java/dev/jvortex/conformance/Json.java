package dev.jvortex.conformance;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// A small strict JSON parser for comparing export lines: objects keep key order, numbers are
/// kept as their text (compared by type later), strings are unescaped.
final class Json {
    /// A JSON number, kept as written.
    record Num(String text) {
        BigDecimal decimal() {
            return new BigDecimal(text);
        }
    }

    private final String s;
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.ws();
        if (j.pos != text.length()) {
            throw new IllegalArgumentException("trailing characters at " + j.pos + " in " + text);
        }
        return v;
    }

    private void ws() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private Object value() {
        ws();
        char c = s.charAt(pos);
        switch (c) {
            case '{' -> {
                pos++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (s.charAt(pos) == '}') {
                    pos++;
                    return m;
                }
                while (true) {
                    ws();
                    String k = string();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                    if (s.charAt(pos) == ',') {
                        pos++;
                    } else {
                        expect('}');
                        return m;
                    }
                }
            }
            case '[' -> {
                pos++;
                List<Object> l = new ArrayList<>();
                ws();
                if (s.charAt(pos) == ']') {
                    pos++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(pos) == ',') {
                        pos++;
                    } else {
                        expect(']');
                        return l;
                    }
                }
            }
            case '"' -> {
                return string();
            }
            case 't' -> {
                word("true");
                return Boolean.TRUE;
            }
            case 'f' -> {
                word("false");
                return Boolean.FALSE;
            }
            case 'n' -> {
                word("null");
                return null;
            }
            default -> {
                int start = pos;
                while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                    pos++;
                }
                if (start == pos) {
                    throw new IllegalArgumentException("unexpected '" + c + "' at " + pos);
                }
                return new Num(s.substring(start, pos));
            }
        }
    }

    private void word(String w) {
        if (!s.startsWith(w, pos)) {
            throw new IllegalArgumentException("expected " + w + " at " + pos);
        }
        pos += w.length();
    }

    private void expect(char c) {
        if (s.charAt(pos) != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + pos + " but found '" + s.charAt(pos) + "'");
        }
        pos++;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = s.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
    }
}
