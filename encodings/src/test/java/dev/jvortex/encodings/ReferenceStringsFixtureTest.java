package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.EncodedNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// Decodes array trees that the reference (Python `vortex-data` 0.90.0) serialized and checks the
/// rows against the reference's own decoding. The fixtures and their format are made by
/// `encodings/src/test/python/make_fixtures_strings.py`.
class ReferenceStringsFixtureTest {
    private static final String DIR = "/fixtures/strings/";

    record Fixture(String name, DType dtype, int len, EncodedNode root, List<String> values) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Fixture> fixtures() throws IOException {
        List<Fixture> out = new ArrayList<>();
        for (String name : lines(DIR + "index.txt")) {
            if (!name.isBlank()) {
                out.add(parse(name.strip(), lines(DIR + name.strip() + ".txt")));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void decodesLikeTheReference(Fixture f) {
        try (Arena arena = Arena.ofConfined()) {
            Array a = Decoding.decodeRoot(f.root(), f.dtype(), f.len(), arena);
            assertEquals(f.len(), a.length());
            assertEquals(f.len(), f.values().size(), "fixture value count");
            check(f, a);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void cutBuffersFailCleanly(Fixture f) {
        // Every buffer of the tree, one at a time, loses its last byte: decoding must either still
        // succeed (the byte was padding) or fail with a VortexException, never anything else.
        List<TestNode> variants = new ArrayList<>();
        truncations((TestNode) f.root(), variants);
        for (TestNode variant : variants) {
            try (Arena arena = Arena.ofConfined()) {
                try {
                    Decoding.decodeRoot(variant, f.dtype(), f.len(), arena);
                } catch (dev.jvortex.core.VortexException expected) {
                    assertNotNull(expected.getMessage());
                }
            }
        }
    }

    private static void truncations(TestNode node, List<TestNode> out) {
        for (int b = 0; b < node.buffers().size(); b++) {
            MemorySegment buf = node.buffers().get(b);
            if (buf.byteSize() > 0) {
                List<MemorySegment> buffers = new ArrayList<>(node.buffers());
                buffers.set(b, buf.asSlice(0, buf.byteSize() - 1));
                out.add(new TestNode(node.encoding(), node.metadata(), buffers, node.children()));
            }
        }
        for (int c = 0; c < node.children().size(); c++) {
            List<TestNode> inner = new ArrayList<>();
            truncations((TestNode) node.children().get(c), inner);
            for (TestNode replacement : inner) {
                List<EncodedNode> children = new ArrayList<>(node.children());
                children.set(c, replacement);
                out.add(new TestNode(node.encoding(), node.metadata(), node.buffers(), children));
            }
        }
    }

    private static void check(Fixture f, Array a) {
        List<String> v = f.values();
        switch (f.dtype()) {
            case DType.Utf8 t -> StringTestArrays.assertStrings(expectedBytes(v), a, f.name());
            case DType.Binary t -> StringTestArrays.assertStrings(expectedBytes(v), a, f.name());
            case DType.Primitive p -> {
                PrimitiveArray pa = assertInstanceOf(PrimitiveArray.class, a, f.name());
                for (int i = 0; i < f.len(); i++) {
                    assertRow(
                            f,
                            i,
                            pa,
                            v.get(i) == null ? null : parseInteger(v.get(i), p.ptype()),
                            pa.isValid(i) ? pa.getLong(i) : 0);
                }
            }
            case DType.Bool b -> {
                BoolArray ba = assertInstanceOf(BoolArray.class, a, f.name());
                for (int i = 0; i < f.len(); i++) {
                    assertRow(
                            f, i, ba, v.get(i) == null ? null : ("true".equals(v.get(i)) ? 1L : 0L), ba.get(i) ? 1 : 0);
                }
            }
            case DType.Decimal d -> {
                DecimalArray da = assertInstanceOf(DecimalArray.class, a, f.name());
                for (int i = 0; i < f.len(); i++) {
                    String s = v.get(i);
                    assertEquals(s != null, da.isValid(i), f.name() + " row " + i + " validity");
                    if (s != null) {
                        assertEquals(new BigInteger(s), da.getUnscaled(i), f.name() + " row " + i);
                    }
                }
            }
            case DType.Extension e -> {
                ExtensionArray ea = assertInstanceOf(ExtensionArray.class, a, f.name());
                assertEquals(e, ea.dtype());
                PrimitiveArray storage = assertInstanceOf(PrimitiveArray.class, ea.storage(), f.name());
                for (int i = 0; i < f.len(); i++) {
                    assertRow(
                            f,
                            i,
                            ea,
                            v.get(i) == null ? null : Long.parseLong(v.get(i)),
                            storage.isValid(i) ? storage.getLong(i) : 0);
                }
            }
            default -> throw new AssertionError("no check for " + f.dtype());
        }
    }

    private static void assertRow(Fixture f, int i, Array a, Long expected, long actual) {
        String label = f.name() + " row " + i;
        assertEquals(expected != null, a.isValid(i), label + " validity");
        if (expected != null) {
            assertEquals((long) expected, actual, label);
        }
    }

    private static long parseInteger(String s, PType ptype) {
        return ptype == PType.U64 ? Long.parseUnsignedLong(s) : Long.parseLong(s);
    }

    private static byte[][] expectedBytes(List<String> values) {
        byte[][] out = new byte[values.size()][];
        for (int i = 0; i < out.length; i++) {
            String s = values.get(i);
            if (s != null) {
                assertTrue(s.startsWith("x"), s);
                out[i] = HexFormat.of().parseHex(s.substring(1));
            }
        }
        return out;
    }

    // ---- reading the fixture text ----

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = ReferenceStringsFixtureTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, "missing test resource " + resource);
            List<String> out = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.startsWith("#")) {
                    out.add(line);
                }
            }
            return out;
        }
    }

    private static Fixture parse(String name, List<String> lines) {
        Iterator<String> it = lines.iterator();
        DType dtype = parseDType(field(it.next(), "dtype"));
        int len = Integer.parseInt(field(it.next(), "len"));
        EncodedNode root = parseNode(it, name);
        assertEquals("values", it.next(), name);
        List<String> values = new ArrayList<>();
        while (it.hasNext()) {
            String v = it.next();
            values.add("null".equals(v) ? null : v);
        }
        return new Fixture(name, dtype, len, root, values);
    }

    private static String field(String line, String key) {
        assertTrue(line.startsWith(key + " "), "expected '" + key + "' but got: " + line);
        return line.substring(key.length() + 1);
    }

    private static TestNode parseNode(Iterator<String> it, String name) {
        String[] parts = field(it.next(), "node").split(" ");
        byte[] metadata = "-".equals(parts[1]) ? new byte[0] : HexFormat.of().parseHex(parts[1]);
        int buffers = Integer.parseInt(parts[2]);
        int children = Integer.parseInt(parts[3]);
        List<MemorySegment> bufs = new ArrayList<>();
        for (int b = 0; b < buffers; b++) {
            String hex = field(it.next(), "buffer");
            // Copied into fresh heap memory so a decoder reading past its slice would fail loudly.
            bufs.add(MemorySegment.ofArray(
                    "-".equals(hex) ? new byte[0] : HexFormat.of().parseHex(hex)));
        }
        List<EncodedNode> kids = new ArrayList<>();
        for (int c = 0; c < children; c++) {
            kids.add(parseNode(it, name));
        }
        return new TestNode(parts[0], metadata, bufs, kids);
    }

    private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),(-?\\d+)\\)");
    private static final Pattern TIMESTAMP = Pattern.compile("timestamp\\((ns|us|ms|s)(?:,(.+))?\\)");

    /// Parses the fixture type notation, e.g. `utf8?`, `u16`, `decimal(12,2)?`, `timestamp(ms,UTC)?`.
    static DType parseDType(String text) {
        boolean nullable = text.endsWith("?");
        String base = nullable ? text.substring(0, text.length() - 1) : text;
        Matcher m = DECIMAL.matcher(base);
        if (m.matches()) {
            return new DType.Decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), nullable);
        }
        m = TIMESTAMP.matcher(base);
        if (m.matches()) {
            int unit = List.of("ns", "us", "ms", "s").indexOf(m.group(1));
            byte[] tz = m.group(2) == null ? new byte[0] : m.group(2).getBytes(StandardCharsets.UTF_8);
            byte[] meta = new byte[3 + tz.length];
            meta[0] = (byte) unit;
            meta[1] = (byte) tz.length;
            meta[2] = (byte) (tz.length >>> 8);
            System.arraycopy(tz, 0, meta, 3, tz.length);
            return new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, nullable), meta);
        }
        return switch (base) {
            case "utf8" -> new DType.Utf8(nullable);
            case "binary" -> new DType.Binary(nullable);
            case "bool" -> new DType.Bool(nullable);
            default -> new DType.Primitive(PType.valueOf(base.toUpperCase(Locale.ROOT)), nullable);
        };
    }

    @org.junit.jupiter.api.Test
    void everyFixtureListedIsPresentAndNonTrivial() throws IOException {
        List<Fixture> all = fixtures().toList();
        assertTrue(all.size() >= 15, "fixtures: " + all.size());
        for (Fixture f : all) {
            assertFalse(f.values().isEmpty(), f.name());
        }
    }
}
