package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/// [Taking] against `ArrayOps.take` of the whole decode, for every case of [EncoderCases] and a
/// range of index sets; trees made only of encodings with a take kernel must not fall back to
/// decoding a node whole. Also: an index outside the rows is misuse.
class TakingTest {
    /// Encodings whose take may decode a node whole (no kernel). Forms a kernel leaves to the whole
    /// decode (legacy delta tails, legacy FSST, string zstd frames without value counts) do not
    /// occur in the catalogue.
    private static final Set<String> MAY_DECODE_WHOLE = Set.of("vortex.zstd_buffers");

    @TestFactory
    Stream<DynamicTest> everyEncoderCase() {
        return EncoderCases.all().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    List<String> ids = EncodeTesting.ids(c.node());
                    boolean kernelsOnly = ids.stream().noneMatch(MAY_DECODE_WHOLE::contains);
                    Random random = new Random(c.name().hashCode());
                    try (Arena arena = Arena.ofConfined()) {
                        EncodedNode root = TakeTesting.parse(c.node(), arena);
                        int len = c.input().length();
                        for (Map.Entry<String, int[]> e :
                                TakeTesting.indexSets(len, random).entrySet()) {
                            int whole = TakeTesting.check(
                                    root, c.input().dtype(), len, e.getValue(), c.name() + " " + e.getKey());
                            if (kernelsOnly) {
                                assertEquals(
                                        0, whole, c.name() + " " + e.getKey() + " " + ids + ": nodes decoded whole");
                            }
                        }
                    }
                }));
    }

    @Test
    void outOfRangeIndexIsMisuse() {
        try (Arena arena = Arena.ofConfined()) {
            EncodedNode root = TestArrays.primitive(PType.I32, new long[] {1, 2, 3});
            DType dtype = new DType.Primitive(PType.I32, false);
            for (int bad : new int[] {3, -1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                VortexException e = assertThrows(
                        VortexException.class, () -> Taking.take(root, dtype, 3, new int[] {0, bad, 1}, arena));
                assertEquals(VortexException.Kind.MISUSE, e.kind());
                assertTrue(
                        e.getMessage().contains(String.valueOf(bad))
                                && e.getMessage().contains("length 3"),
                        e.getMessage());
            }
            assertEquals(
                    VortexException.Kind.MISUSE,
                    assertThrows(VortexException.class, () -> Taking.take(root, dtype, 0, new int[] {0}, arena))
                            .kind());
            assertEquals(2, Taking.take(root, dtype, 3, new int[] {2, 2}, arena).length());
        }
    }
}
