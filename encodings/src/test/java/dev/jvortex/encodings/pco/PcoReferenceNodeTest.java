package dev.jvortex.encodings.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// `vortex.pco` nodes exactly as the reference (vortex-data 0.90.0, compact preset) wrote them
/// into a file: their `PcoMetadata`, buffers and validity were lifted out of the file, and the
/// columns' values come from splitmix64, so the expected values are regenerated here
/// (`vortex-0.90-compact-nodes.py` in this package's test resources wrote the file).
class PcoReferenceNodeTest {
    private static final String RESOURCE = "vortex-0.90-compact-nodes.jsonl";

    record RefNode(
            String column,
            PType ptype,
            boolean zigzag,
            int rows,
            byte[] metadata,
            List<byte[]> buffers,
            byte[] validity) {
        @Override
        public String toString() {
            return column + " (" + ptype.shortName() + ")";
        }
    }

    static Stream<RefNode> nodes() throws IOException {
        HexFormat hex = HexFormat.of();
        Pattern field = Pattern.compile("\"(\\w+)\":(\"[0-9a-z_]*\"|\\[[^\\]]*\\]|[a-z0-9]+)");
        List<RefNode> out = new ArrayList<>();
        try (InputStream in = PcoReferenceNodeTest.class.getResourceAsStream(RESOURCE)) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                java.util.Map<String, String> f = new java.util.HashMap<>();
                Matcher m = field.matcher(line);
                while (m.find()) {
                    f.put(m.group(1), m.group(2).replace("\"", ""));
                }
                List<byte[]> buffers = new ArrayList<>();
                String list = f.get("buffers");
                for (String b : list.substring(1, list.length() - 1).split(",")) {
                    if (!b.isEmpty()) {
                        buffers.add(hex.parseHex(b));
                    }
                }
                out.add(new RefNode(
                        f.get("column"),
                        PType.valueOf(f.get("ptype").toUpperCase(Locale.ROOT)),
                        Boolean.parseBoolean(f.get("zigzag")),
                        Integer.parseInt(f.get("rows")),
                        hex.parseHex(f.get("metadata")),
                        buffers,
                        f.get("validity").equals("null") ? null : hex.parseHex(f.get("validity"))));
            }
        }
        return out.stream();
    }

    /// splitmix64, as the generator script computes it.
    static long[] splitmix(long seed, int n) {
        long[] out = new long[n];
        long s = seed;
        for (int i = 0; i < n; i++) {
            s += 0x9E3779B97F4A7C15L;
            long z = s;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            out[i] = z ^ (z >>> 31);
        }
        return out;
    }

    private static long mod(long r, long m) {
        return Long.remainderUnsigned(r, m);
    }

    /// Expected raw bits of row `i` of `column` (null rows: anything), and whether it is valid.
    static long[][] expected(String column, int n) {
        long[] bits = new long[n];
        long[] valid = new long[n];
        java.util.Arrays.fill(valid, 1);
        switch (column) {
            case "i64_walk" -> {
                long acc = 0;
                long[] r = splitmix(1, n);
                for (int i = 0; i < n; i++) {
                    acc += mod(r[i], 2001) - 1000;
                    bits[i] = acc;
                }
            }
            case "i32_nulls" -> {
                long[] r = splitmix(2, n);
                for (int i = 0; i < n; i++) {
                    valid[i] = mod(r[i], 5) == 0 ? 0 : 1;
                    int v = (int) (mod(r[i] >>> 8, 200001) - 100000);
                    bits[i] = Integer.toUnsignedLong((v << 1) ^ (v >> 31)); // the zigzag child holds these
                }
            }
            case "u16" -> {
                long[] r = splitmix(3, n);
                for (int i = 0; i < n; i++) {
                    bits[i] = mod(r[i], 5000);
                }
            }
            case "u32_mult" -> {
                long[] r = splitmix(4, n);
                for (int i = 0; i < n; i++) {
                    bits[i] = mod(r[i], 100000) * 1000;
                }
            }
            case "f32_grid" -> {
                long[] r = splitmix(8, n);
                for (int i = 0; i < n; i++) {
                    bits[i] = Float.floatToRawIntBits((float) ((r[i] & 0xFFFFFF) / 4096.0 - 2048.0));
                }
            }
            case "f16_grid" -> {
                long[] r = splitmix(9, n);
                for (int i = 0; i < n; i++) {
                    bits[i] = Float.floatToFloat16((float) ((r[i] & 2047) / 64.0 - 16.0)) & 0xFFFF;
                }
            }
            case "u32_nulls" -> {
                long[] r = splitmix(11, n);
                for (int i = 0; i < n; i++) {
                    valid[i] = mod(r[i], 4) == 0 ? 0 : 1;
                    bits[i] = mod(r[i] >>> 3, 1000000);
                }
            }
            case "f32_nulls" -> {
                long[] r = splitmix(12, n);
                for (int i = 0; i < n; i++) {
                    valid[i] = mod(r[i], 6) == 0 ? 0 : 1;
                    bits[i] = Float.floatToRawIntBits((float) ((r[i] & 0xFFFFFF) / 4096.0));
                }
            }
            default -> throw new IllegalArgumentException("no generator for column " + column);
        }
        return new long[][] {bits, valid};
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nodes")
    void decodesTheReferencesNode(RefNode ref) {
        List<MemorySegment> buffers =
                ref.buffers().stream().map(MemorySegment::ofArray).toList();
        TestNode node = ref.validity() == null
                ? TestNode.of("vortex.pco", ref.metadata(), buffers)
                : TestNode.of(
                        "vortex.pco",
                        ref.metadata(),
                        buffers,
                        TestNode.of("vortex.bool", new byte[0], List.of(MemorySegment.ofArray(ref.validity()))));
        long[][] expected = expected(ref.column(), ref.rows());
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = (PrimitiveArray)
                    Decoding.decodeRoot(node, new DType.Primitive(ref.ptype(), true), ref.rows(), arena);
            long mask = ref.ptype().bitWidth() == 64 ? -1L : (1L << ref.ptype().bitWidth()) - 1;
            int nulls = 0;
            for (int i = 0; i < ref.rows(); i++) {
                boolean valid = expected[1][i] != 0;
                assertEquals(valid, a.isValid(i), ref + " validity of row " + i);
                if (valid) {
                    assertEquals(expected[0][i] & mask, a.getLong(i) & mask, ref + " row " + i);
                } else {
                    nulls++;
                    assertEquals(0, a.getLong(i), ref + " null row " + i + " is zeroed");
                }
            }
            assertTrue(ref.validity() == null || nulls > 0, ref + " has nulls");
        }
    }
}
