package dev.jvortex.convert.csv;

import dev.jvortex.core.VortexException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// A small JSON parser for one JSON Lines record: objects become `LinkedHashMap`s (key order
/// kept; a repeated key is an error), arrays `List`s, numbers [Number] (their text), strings,
/// booleans and null. Nesting is limited to 512 levels.
final class JsonText {
    private static final int MAX_DEPTH = 512;

    /// A JSON number, kept as its text.
    record Number(String text) {
        boolean integral() {
            return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
        }
    }

    private final String s;
    private final String where;
    private int pos;

    private JsonText(String s, String where) {
        this.s = s;
        this.where = where;
    }

    /// Parses `text` as one JSON value; errors name `where` and the column.
    static Object parse(String text, String where) {
        JsonText p = new JsonText(text, where);
        p.ws();
        Object v = p.value(0);
        p.ws();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the value");
        }
        return v;
    }

    private VortexException error(String what) {
        return VortexException.corrupt(where + ", column " + (pos + 1) + ": " + what);
    }

    private void ws() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                pos++;
            } else {
                break;
            }
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
        if (pos >= s.length()) {
            throw error("a value is missing");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{' -> {
                pos++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (peek() == '}') {
                    pos++;
                    return m;
                }
                while (true) {
                    ws();
                    if (peek() != '"') {
                        throw error("expected a key in quotes");
                    }
                    String key = string();
                    ws();
                    expect(':');
                    ws();
                    Object v = value(depth + 1);
                    if (m.containsKey(key)) {
                        throw error("key '" + key + "' appears twice");
                    }
                    m.put(key, v);
                    ws();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect('}');
                    return m;
                }
            }
            case '[' -> {
                pos++;
                List<Object> l = new ArrayList<>();
                ws();
                if (peek() == ']') {
                    pos++;
                    return l;
                }
                while (true) {
                    ws();
                    l.add(value(depth + 1));
                    ws();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect(']');
                    return l;
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
                return number();
            }
        }
    }

    private int peek() {
        return pos < s.length() ? s.charAt(pos) : -1;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void word(String w) {
        if (!s.startsWith(w, pos)) {
            throw error("unexpected text");
        }
        pos += w.length();
    }

    private Number number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        int digits = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos)) && s.charAt(pos) < 128) {
            pos++;
        }
        if (pos == digits) {
            throw error("unexpected text");
        }
        if (s.charAt(digits) == '0' && pos - digits > 1) {
            throw error("a number cannot start with 0");
        }
        if (peek() == '.') {
            pos++;
            int f = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                pos++;
            }
            if (pos == f) {
                throw error("digits expected after '.'");
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            int e = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                pos++;
            }
            if (pos == e) {
                throw error("digits expected in the exponent");
            }
        }
        return new Number(s.substring(start, pos));
    }

    private String string() {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= s.length()) {
                throw error("unterminated string");
            }
            char c = s.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= s.length()) {
                throw error("unterminated string");
            }
            char e = s.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > s.length()) {
                        throw error("incomplete \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> throw error("bad escape '\\" + e + "'");
            }
        }
    }

    /// Appends `v` as compact JSON text.
    static void write(StringBuilder out, Object v) {
        switch (v) {
            case null -> out.append("null");
            case Map<?, ?> m -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    dev.jvortex.convert.text.ValueFormat.quote(out, (String) e.getKey());
                    out.append(':');
                    write(out, e.getValue());
                }
                out.append('}');
            }
            case List<?> l -> {
                out.append('[');
                for (int i = 0; i < l.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(out, l.get(i));
                }
                out.append(']');
            }
            case String str -> dev.jvortex.convert.text.ValueFormat.quote(out, str);
            case Number n -> out.append(n.text());
            default -> out.append(v);
        }
    }
}
