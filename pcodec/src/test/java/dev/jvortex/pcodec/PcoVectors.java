package dev.jvortex.pcodec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// The golden vectors in `src/test/resources/pco` (streams written by pco 1.0.2 and 0.4.4 with
/// their expected values), parsed with a minimal JSON reader. Shared with the encodings module's
/// `vortex.pco` tests.
public final class PcoVectors {
    private PcoVectors() {}

    public static final String V102 = "pco/pco-1.0.2-vectors.jsonl";
    public static final String V044 = "pco/pco-0.4.4-vectors.jsonl";

    /// One page: its value count and bytes.
    public record Page(int n, byte[] bytes) {}

    /// One chunk: meta bytes, pco's description, pages.
    public record Chunk(byte[] meta, String desc, List<Page> pages) {}

    /// One vector.
    public record Vector(String file, String name, PcoType ptype, byte[] header, List<Chunk> chunks, byte[] values) {
        public int valueCount() {
            return values.length / ptype.byteWidth();
        }

        @Override
        public String toString() {
            return (file.contains("0.4.4") ? "0.4.4 " : "1.0.2 ") + name;
        }
    }

    /// Returns every vector of both files.
    public static List<Vector> all() {
        List<Vector> out = new ArrayList<>(load(V102));
        out.addAll(load(V044));
        return out;
    }

    /// Returns the vector named `name` from `file`.
    public static Vector named(String file, String name) {
        for (Vector v : load(file)) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no vector " + name + " in " + file);
    }

    /// Parses one JSONL resource.
    @SuppressWarnings("unchecked")
    public static List<Vector> load(String resource) {
        HexFormat hex = HexFormat.of();
        List<Vector> out = new ArrayList<>();
        try (InputStream in = PcoVectors.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                Map<String, Object> o = (Map<String, Object>) new Json(line).value();
                List<Chunk> chunks = new ArrayList<>();
                for (Object c : (List<Object>) o.get("chunks")) {
                    Map<String, Object> chunk = (Map<String, Object>) c;
                    List<Page> pages = new ArrayList<>();
                    for (Object p : (List<Object>) chunk.get("pages")) {
                        Map<String, Object> page = (Map<String, Object>) p;
                        pages.add(
                                new Page(((Number) page.get("n")).intValue(), hex.parseHex((String) page.get("hex"))));
                    }
                    chunks.add(new Chunk(hex.parseHex((String) chunk.get("meta")), (String) chunk.get("desc"), pages));
                }
                PcoType ptype = PcoType.valueOf(((String) o.get("dtype")).toUpperCase(java.util.Locale.ROOT));
                out.add(new Vector(
                        resource,
                        (String) o.get("name"),
                        ptype,
                        hex.parseHex((String) o.get("header")),
                        chunks,
                        hex.parseHex((String) o.get("values"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /// Just enough JSON for these files: objects, arrays, strings, numbers, literals.
    private static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            skipSpace();
            char c = s.charAt(i);
            return switch (c) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> number();
            };
        }

        private Map<String, Object> object() {
            Map<String, Object> out = new LinkedHashMap<>();
            i++;
            skipSpace();
            if (s.charAt(i) == '}') {
                i++;
                return out;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                out.put(key, value());
                skipSpace();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect('}');
                    return out;
                }
            }
        }

        private List<Object> array() {
            List<Object> out = new ArrayList<>();
            i++;
            skipSpace();
            if (s.charAt(i) == ']') {
                i++;
                return out;
            }
            while (true) {
                out.add(value());
                skipSpace();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect(']');
                    return out;
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> sb.append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
        }

        private Object number() {
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String t = s.substring(start, i);
            if (t.indexOf('.') >= 0 || t.indexOf('e') >= 0 || t.indexOf('E') >= 0) {
                return Double.parseDouble(t);
            }
            return Long.parseLong(t);
        }

        private Object literal(String word, Object v) {
            if (!s.startsWith(word, i)) {
                throw new IllegalArgumentException("bad JSON at " + i);
            }
            i += word.length();
            return v;
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + i + " but found '" + s.charAt(i) + "'");
            }
            i++;
        }

        private void skipSpace() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
