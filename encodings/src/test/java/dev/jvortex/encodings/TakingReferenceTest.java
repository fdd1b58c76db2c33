package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.format.SerializedArray;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// [Taking] against `ArrayOps.take` of the whole decode over arrays the reference (vortex-data
/// 0.90.0) wrote: the fixtures of [ReferenceFixturesTest] (bit-packed with patches and sliced
/// with an offset into the first block, FoR, ALP, ALP-RD, patched, delta, RLE) and of
/// [ReferenceStringsFixtureTest] (FSST, OnPair, run-end, dictionary codes, sequence, zigzag,
/// date-time parts, decimal byte parts).
class TakingReferenceTest {
    private static final Set<String> MAY_DECODE_WHOLE = Set.of("vortex.zstd_buffers");

    @TestFactory
    Stream<DynamicTest> primitiveFixtures() {
        String index = new String(resource("index.txt"), StandardCharsets.UTF_8);
        List<String> names =
                index.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
        assertTrue(names.size() >= 20, "fixture index lists " + names.size());
        return names.stream()
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    Properties p = new Properties();
                    p.load(new java.io.ByteArrayInputStream(resource(name + ".properties")));
                    List<String> ids = List.of(p.getProperty("ids").split(","));
                    PType ptype = PType.valueOf(p.getProperty("ptype").toUpperCase(Locale.ROOT));
                    boolean nullable = Boolean.parseBoolean(p.getProperty("nullable"));
                    int length = Integer.parseInt(p.getProperty("length"));
                    byte[] bytes = resource(name + ".vxa");
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment segment = arena.allocate(bytes.length, 16);
                        segment.copyFrom(MemorySegment.ofArray(bytes));
                        EncodedNode root =
                                SerializedArray.parse(segment, ids, name).root();
                        checkAll(root, new DType.Primitive(ptype, nullable), length, name);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> stringAndOtherFixtures() throws IOException {
        List<ReferenceStringsFixtureTest.Fixture> fixtures =
                ReferenceStringsFixtureTest.fixtures().toList();
        assertTrue(fixtures.size() >= 20, "fixtures: " + fixtures.size());
        return fixtures.stream()
                .map(f -> DynamicTest.dynamicTest(f.name(), () -> checkAll(f.root(), f.dtype(), f.len(), f.name())));
    }

    private static void checkAll(EncodedNode root, DType dtype, int len, String name) {
        List<String> ids = new ArrayList<>();
        collect(root, ids);
        boolean kernelsOnly = ids.stream().noneMatch(MAY_DECODE_WHOLE::contains);
        Random random = new Random(name.hashCode());
        for (Map.Entry<String, int[]> e : TakeTesting.indexSets(len, random).entrySet()) {
            int whole = TakeTesting.check(root, dtype, len, e.getValue(), name + " " + e.getKey());
            if (kernelsOnly) {
                assertEquals(0, whole, name + " " + e.getKey() + " " + ids + ": nodes decoded whole");
            }
        }
    }

    private static void collect(EncodedNode node, List<String> out) {
        out.add(node.encoding());
        for (int i = 0; i < node.childCount(); i++) {
            collect(node.child(i), out);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = ReferenceFixturesTest.class.getResourceAsStream("reference/" + name)) {
            assertNotNull(in, "missing test resource reference/" + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
