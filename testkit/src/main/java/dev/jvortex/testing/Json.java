package dev.jvortex.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// A small strict JSON reader for what the reference scripts print and the test resources hold.
///
/// Values map to Java as: object -> `LinkedHashMap<String, Object>` (keys in document order),
/// array -> `ArrayList<Object>`, string -> `String` (unescaped), `true`/`false` -> `Boolean`,
/// `null` -> `null`, number -> [Num], which keeps the number's text so that callers compare
/// by the type they expect (a 64-bit integer, a decimal, a double) without loss.
public final class Json {
    /// A JSON number, kept as written.
    ///
    /// @param text the number's text
    public record Num(String text) {
        /// Returns the number as a decimal (exact).
        public BigDecimal decimal() {
            return new BigDecimal(text);
        }

        /// Returns the number as a long; fails when it is not an integer in the long range.
        public long longValue() {
            return decimal().longValueExact();
        }

        /// Returns the number as an int; fails when it is not an integer in the int range.
        public int intValue() {
            return decimal().intValueExact();
        }

        /// Returns the number as the nearest double.
        public double doubleValue() {
            return Double.parseDouble(text);
        }
    }

    private final String s;
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    /// Parses one JSON value that must fill `text` (surrounding white space allowed).
    ///
    /// @throws IllegalArgumentException when `text` is not a single JSON value
    public static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.ws();
        if (j.pos != text.length()) {
            throw new IllegalArgumentException("trailing characters at " + j.pos + " in " + abbreviate(text));
        }
        return v;
    }

    /// Parses a JSON object (see [#parse]).
    ///
    /// @throws IllegalArgumentException when `text` is not a JSON object
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object v = parse(text);
        if (!(v instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("not a JSON object: " + abbreviate(text));
        }
        return (Map<String, Object>) v;
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }

    private char peek() {
        if (pos >= s.length()) {
            throw new IllegalArgumentException("unexpected end of JSON at " + pos + " in " + abbreviate(s));
        }
        return s.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void ws() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private Object value() {
        ws();
        char c = peek();
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
                    String k = string();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                    if (peek() == ',') {
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
                if (peek() == ']') {
                    pos++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    ws();
                    if (peek() == ',') {
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
        char found = peek();
        if (found != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + pos + " but found '" + found + "'");
        }
        pos++;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                char e = next();
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > s.length()) {
                            throw new IllegalArgumentException("truncated \\u escape at " + pos);
                        }
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
