package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import java.lang.foreign.Arena;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/// A column's later chunks reuse the OnPair dictionary its first chunk trained (through the
/// memo of [Compressor.Choice]) while it parses them as well, fall back to their own dictionary
/// on text unlike the first chunk's, and come out the same whatever the number of threads.
class StringTableReuseTest {
    private static final int ROWS = 8_000;
    private static final String[] WORDS = {
        "carefully", "final", "deposits", "sleep", "quickly", "among", "the", "regular", "accounts", "furiously",
        "ironic", "packages", "haggle", "blithely", "express", "requests", "boost", "slyly", "pending", "foxes"
    };

    /// Comment-like rows: a few words of a small vocabulary.
    private static VarBinViewArray comments(long seed, Arena arena) {
        Random random = new Random(seed);
        String[] rows = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 3 + random.nextInt(6); k > 0; k--) {
                sb.append(WORDS[random.nextInt(WORDS.length)]).append(k > 1 ? " " : ".");
            }
            rows[i] = sb.toString();
        }
        return EncodeTesting.strings(rows, false, arena);
    }

    /// Rows the comments' dictionary parses badly: hexadecimal digests of a few bytes each.
    private static VarBinViewArray digests(long seed, Arena arena) {
        Random random = new Random(seed);
        String[] rows = new String[ROWS];
        byte[] b = new byte[12];
        for (int i = 0; i < ROWS; i++) {
            random.nextBytes(b);
            rows[i] = "id-" + HexFormat.of().formatHex(b);
        }
        return EncodeTesting.strings(rows, false, arena);
    }

    @Test
    void laterChunksReuseTheFirstDictionaryAndFallBackOnOtherText() throws NoSuchAlgorithmException {
        Arena arena = Arena.ofAuto();
        VarBinViewArray first = comments(1, arena);
        Compressor.Result r0 = Compressor.FULL.compress(first, null);
        assertEquals("vortex.onpair", r0.node().encoding());

        // Like text: the first chunk's dictionary, exactly as the encoder reuses it.
        VarBinViewArray like = comments(2, arena);
        WriteNode reused = Compressor.FULL.compress(like, r0.choice()).node();
        Verify.check(like, reused);
        assertEquals("vortex.onpair", reused.encoding());
        OnPairEncoder.Parts p0 = OnPairEncoder.split(first, OnPairEncoder.DEFAULT_DICT_BITS);
        OnPairEncoder.Parts p1 = OnPairEncoder.split(like, OnPairEncoder.DEFAULT_DICT_BITS, p0.model(), 0.01);
        assertTrue(p1.reused(), "size per byte " + p0.model().sizePerByte() + " reused on like text");
        assertEquals(
                HexFormat.of().formatHex(dict(p1)),
                HexFormat.of()
                        .formatHex(
                                reused.buffers().getFirst().data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        // Unlike text: the dictionary is not reused, the result is the one without a first chunk.
        VarBinViewArray other = digests(3, arena);
        WriteNode fallback = Compressor.FULL.compress(other, r0.choice()).node();
        Verify.check(other, fallback);
        assertEquals(CompressorOutputTest.hash(Compressor.FULL.compress(other)), CompressorOutputTest.hash(fallback));
        assertTrue(!OnPairEncoder.split(other, OnPairEncoder.DEFAULT_DICT_BITS, p0.model(), 0.01)
                .reused());
        assertNotEquals(CompressorOutputTest.hash(Compressor.FULL.compress(like)), CompressorOutputTest.hash(reused));
    }

    /// The dictionary buffer the encoder writes for `p` (tokens, then 16 zero bytes).
    private static byte[] dict(OnPairEncoder.Parts p) {
        int length = p.dictOffsets()[p.tokens()];
        byte[] out = new byte[length + 16];
        System.arraycopy(p.dictBytes(), 0, out, 0, length);
        return out;
    }

    @Test
    void laterChunksComeOutTheSameOnAnyNumberOfThreads() throws Exception {
        Arena arena = Arena.ofAuto();
        Compressor.Result r0 = Compressor.FULL.compress(comments(10, arena), null);
        List<VarBinViewArray> later = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            later.add(k % 3 == 2 ? digests(20 + k, arena) : comments(20 + k, arena));
        }
        List<String> alone = new ArrayList<>();
        for (VarBinViewArray a : later) {
            WriteNode n = Compressor.FULL.compress(a, r0.choice()).node();
            Verify.check(a, n);
            alone.add(CompressorOutputTest.hash(n));
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Future<String>> futures = new ArrayList<>();
            for (VarBinViewArray a : later) {
                futures.add(pool.submit(() -> CompressorOutputTest.hash(
                        Compressor.FULL.compress(a, r0.choice()).node())));
            }
            for (int k = 0; k < later.size(); k++) {
                assertEquals(alone.get(k), futures.get(k).get(), "chunk " + k);
            }
        }
    }
}
