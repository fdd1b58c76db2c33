package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.lang.foreign.Arena;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [Compressor#compress(Array, Compressor.Choice)]: a later chunk of a column starts from the
/// first chunk's root scheme, keeps it while its ratio stays within 10 % of the first's, and
/// otherwise runs the whole contest.
class CompressorChoiceTest {
    private static final int ROWS = 20_000;

    /// The first [#ROWS] rows (the shared string columns are longer), to keep the test short.
    private static Array head(Array a, Arena arena) {
        return ArrayOps.slice(a, 0, Math.min(ROWS, a.length()), arena);
    }

    @Test
    void laterChunksOfTheSameKindKeepTheFirstChunksScheme() {
        Arena arena = Arena.ofAuto();
        Map<String, VarBinViewArray> first = StringCompressionComparisonTest.columns(new Random(42), arena);
        Map<String, VarBinViewArray> later = StringCompressionComparisonTest.columns(new Random(43), arena);
        int reused = 0;
        for (Map.Entry<String, VarBinViewArray> e : first.entrySet()) {
            Array a = head(e.getValue(), arena);
            Compressor.Result r0 = Compressor.FULL.compress(a, null);
            Array b = head(later.get(e.getKey()), arena);
            Compressor.Result r1 = Compressor.FULL.compress(b, r0.choice());
            Verify.check(b, r1.node());
            if (r0.choice() == null) {
                continue;
            }
            assertNotNull(r1.choice(), e.getKey());
            if (r1.node().encoding().equals(r0.node().encoding())) {
                reused++;
                // Kept only within 10 % of the first chunk's ratio.
                double ratio0 = (double) CanonicalEncoder.encode(a).bufferBytes()
                        / r0.node().bufferBytes();
                double ratio1 = (double) CanonicalEncoder.encode(b).bufferBytes()
                        / r1.node().bufferBytes();
                assertTrue(ratio1 >= 0.9 * ratio0, e.getKey() + ": " + ratio1 + " against " + ratio0);
            }
        }
        assertTrue(reused >= 3, "the first chunk's scheme was kept for " + reused + " columns");
    }

    @Test
    void aChunkUnlikeTheFirstRunsTheWholeContest() throws NoSuchAlgorithmException {
        Random random = new Random(5);
        long[] small = new long[ROWS];
        long[] wide = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            small[i] = random.nextInt(16);
            wide[i] = random.nextLong() >>> 24;
        }
        Array a = Primitives.array(PType.I64, false, small, ROWS, Validity.ALL_VALID);
        Array b = Primitives.array(PType.I64, false, wide, ROWS, Validity.ALL_VALID);
        Compressor.Result r0 = Compressor.DATA.compress(a, null);
        assertNotNull(r0.choice());
        Compressor.Result r1 = Compressor.DATA.compress(b, r0.choice());
        Verify.check(b, r1.node());
        assertEquals(CompressorOutputTest.hash(Compressor.DATA.compress(b)), CompressorOutputTest.hash(r1.node()));
    }

    @Test
    void withoutAPriorTheResultIsTheUsualOne() throws NoSuchAlgorithmException {
        Arena arena = Arena.ofAuto();
        for (VarBinViewArray s :
                StringCompressionComparisonTest.columns(new Random(42), arena).values()) {
            assertEquals(
                    CompressorOutputTest.hash(Compressor.FULL.compress(s)),
                    CompressorOutputTest.hash(Compressor.FULL.compress(s, null).node()));
        }
    }
}
