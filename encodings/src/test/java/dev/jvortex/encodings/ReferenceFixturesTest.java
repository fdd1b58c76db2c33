package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.format.SerializedArray;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Decodes serialized arrays that the reference (vortex-data 0.90.0) wrote or decoded, and
/// compares with the values it holds. The fixtures and their generator live beside the tests
/// (`src/test/python/make_fixtures.py`, resources under `dev/jvortex/encodings/reference`).
class ReferenceFixturesTest {
    private static final String DIR = "reference/";

    @TestFactory
    Stream<DynamicTest> referenceFixtures() {
        String index = new String(resource("index.txt"), StandardCharsets.UTF_8);
        List<String> names =
                index.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
        assertTrue(names.size() >= 20, "fixture index lists " + names.size());
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> check(name)));
    }

    /// Flips and truncates bytes of every fixture: decoding must then succeed or fail with a
    /// [VortexException], and the decoders of this module must have caught the damage themselves
    /// (no runtime exception from inside them that the context merely converted).
    @TestFactory
    Stream<DynamicTest> damagedFixturesFailCleanly() {
        String index = new String(resource("index.txt"), StandardCharsets.UTF_8);
        List<String> names =
                index.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> damage(name)));
    }

    private static void damage(String name) throws IOException {
        Properties p = new Properties();
        p.load(new java.io.ByteArrayInputStream(resource(name + ".properties")));
        List<String> ids = List.of(p.getProperty("ids").split(","));
        PType ptype = PType.valueOf(p.getProperty("ptype").toUpperCase(Locale.ROOT));
        boolean nullable = Boolean.parseBoolean(p.getProperty("nullable"));
        int length = Integer.parseInt(p.getProperty("length"));
        byte[] original = resource(name + ".vxa");
        java.util.Random random = new java.util.Random(name.hashCode());
        for (int round = 0; round < 150; round++) {
            byte[] bytes = original.clone();
            if (round % 10 == 9) {
                bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            } else {
                for (int k = 0, n = 1 + random.nextInt(3); k < n; k++) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment segment =
                        arena.allocate(Math.max(1, bytes.length), 16).asSlice(0, bytes.length);
                segment.copyFrom(MemorySegment.ofArray(bytes));
                int rows = round % 7 == 3 ? length + 1 : length;
                Decoding.decodeRoot(
                        SerializedArray.parse(segment, ids, name).root(),
                        new DType.Primitive(ptype, nullable),
                        rows,
                        arena);
            } catch (VortexException e) {
                assertTrue(e.kind() != VortexException.Kind.INTERNAL, name + " round " + round + ": " + e.getMessage());
                Throwable cause = e.getCause();
                if (cause != null) {
                    for (StackTraceElement frame : cause.getStackTrace()) {
                        String c = frame.getClassName();
                        assertTrue(
                                !c.startsWith("dev.jvortex.encodings.fastlanes")
                                        && !c.startsWith("dev.jvortex.encodings.alp")
                                        && !c.startsWith("dev.jvortex.encodings.patches"),
                                name + " round " + round + ": unchecked failure inside a decoder: " + cause);
                    }
                }
            }
        }
    }

    private static void check(String name) throws IOException {
        Properties p = new Properties();
        p.load(new java.io.ByteArrayInputStream(resource(name + ".properties")));
        List<String> ids = List.of(p.getProperty("ids").split(","));
        PType ptype = PType.valueOf(p.getProperty("ptype").toUpperCase(Locale.ROOT));
        boolean nullable = Boolean.parseBoolean(p.getProperty("nullable"));
        int length = Integer.parseInt(p.getProperty("length"));
        byte[] expected;
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(resource(name + ".expected.gz")))) {
            expected = in.readAllBytes();
        }
        int width = ptype.byteWidth();
        assertEquals((long) length * width + (length + 7) / 8, expected.length, name + ": expected-values file size");
        ByteBuffer values = ByteBuffer.wrap(expected, 0, length * width).order(ByteOrder.LITTLE_ENDIAN);

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(resource(name + ".vxa").length, 16);
            segment.copyFrom(MemorySegment.ofArray(resource(name + ".vxa")));
            SerializedArray serialized = SerializedArray.parse(segment, ids, name);
            Array decoded;
            try {
                decoded = Decoding.decodeRoot(serialized.root(), new DType.Primitive(ptype, nullable), length, arena);
            } catch (VortexException e) {
                // Another family's encoding (e.g. vortex.constant) may not be merged yet.
                Assumptions.assumeTrue(e.kind() != VortexException.Kind.UNSUPPORTED, e.getMessage());
                throw e;
            }
            PrimitiveArray a = assertInstanceOf(PrimitiveArray.class, decoded);
            assertEquals(ptype, a.ptype());
            for (int i = 0; i < length; i++) {
                boolean valid = (expected[length * width + i / 8] >>> (i % 8) & 1) != 0;
                assertEquals(valid, a.isValid(i), name + ": validity of row " + i);
                if (valid) {
                    long want = switch (width) {
                        case 1 -> values.get(i) & 0xFFL;
                        case 2 -> values.getShort(i * 2) & 0xFFFFL;
                        case 4 -> values.getInt(i * 4) & 0xFFFFFFFFL;
                        default -> values.getLong(i * 8);
                    };
                    long got = a.getLong(i);
                    long mask = width == 8 ? -1L : (1L << (8 * width)) - 1;
                    assertEquals(want, got & mask, name + ": row " + i);
                }
            }
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = ReferenceFixturesTest.class.getResourceAsStream(DIR + name)) {
            assertNotNull(in, "missing test resource " + DIR + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
