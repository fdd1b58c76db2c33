package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.EncoderCases;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The compressor writes exactly the bytes it wrote before its schemes became classes: the
/// SHA-256 of each serialized tree (encoding ids and bytes), per input and compressor (both
/// presets, data and full, depths 1, 3 and 6), must equal the hash recorded in
/// `compressor-hashes.txt` (made by the monolithic compressor, commit `be8f784`). The encoder
/// catalogue's trees (light children) are checked against the same file where their names were
/// recorded. Writes the hashes it computed to `target/compressor-hashes.txt`.
class CompressorOutputTest {
    @Test
    void sameBytesAsBefore() throws IOException, NoSuchAlgorithmException {
        Map<String, String> recorded = recorded();
        Arena arena = Arena.ofAuto();
        Map<String, Compressor> compressors = new LinkedHashMap<>();
        compressors.put("data", Compressor.DATA);
        compressors.put("full", Compressor.FULL);
        compressors.put("data-compact", Compressor.data(CompressionPreset.COMPACT, Compressor.MAX_DEPTH));
        compressors.put("full-compact", Compressor.full(CompressionPreset.COMPACT, Compressor.MAX_DEPTH));
        compressors.put("data-depth1", Compressor.data(CompressionPreset.DEFAULT, 1));
        compressors.put("full-compact-depth6", Compressor.full(CompressionPreset.COMPACT, 6));
        Map<String, Array> inputs = new LinkedHashMap<>();
        for (CompressorTest.Case c : CompressorTest.cases(arena)) {
            inputs.put("cases/" + c.name(), c.input());
        }
        CompressionComparisonTest.columns(new Random(42), arena).forEach((k, v) -> inputs.put("columns/" + k, v));
        CompressorSizesTest.timestampColumns(new Random(7)).forEach((k, v) -> inputs.put("timestamps/" + k, v));
        CompressorSizesTest.runColumns(new Random(8)).forEach((k, v) -> inputs.put("runs/" + k, v));
        StringCompressionComparisonTest.columns(new Random(42), arena).forEach((k, v) -> inputs.put("strings/" + k, v));

        StringBuilder computed = new StringBuilder();
        List<String> differ = new ArrayList<>();
        int compressorLines = 0;
        for (Map.Entry<String, Compressor> comp : compressors.entrySet()) {
            for (Map.Entry<String, Array> e : inputs.entrySet()) {
                String key = comp.getKey() + "\t" + e.getKey();
                String hash = hash(comp.getValue().compress(e.getValue()));
                computed.append(key).append('\t').append(hash).append('\n');
                compressorLines++;
                String want = recorded.get(key);
                assertNotNull(want, "no recorded hash for " + key);
                if (!want.equals(hash)) {
                    differ.add(key);
                }
            }
        }
        long recordedCompressorLines = recorded.keySet().stream()
                .filter(k -> !k.startsWith("encoders\t"))
                .count();
        assertEquals(recordedCompressorLines, compressorLines, "compressor cases against the recorded ones");

        // The encoder catalogue (light children) and the compressor's cases that used to sit in it;
        // a case no longer there (moved to a family's own test) is not compared.
        List<EncoderCases.Case> cases = new ArrayList<>(EncoderCases.all());
        cases.addAll(CompressedCases.all());
        int compared = 0;
        for (EncoderCases.Case c : cases) {
            String key = "encoders\t" + c.name();
            String hash = hash(c.node());
            computed.append(key).append('\t').append(hash).append('\n');
            String want = recorded.get(key);
            if (want != null) {
                compared++;
                if (!want.equals(hash)) {
                    differ.add(key);
                }
            }
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "compressor-hashes.txt"), computed, StandardCharsets.UTF_8);
        System.out.println("compressor hashes: " + compressorLines + " compressed trees and " + compared
                + " encoder cases compared with the recorded hashes");
        if (!differ.isEmpty()) {
            fail(differ.size() + " trees differ from the recorded bytes, e.g. "
                    + differ.subList(0, Math.min(10, differ.size())) + " (see target/compressor-hashes.txt)");
        }
    }

    private static Map<String, String> recorded() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream in = CompressorOutputTest.class.getResourceAsStream("compressor-hashes.txt")) {
            assertNotNull(in, "compressor-hashes.txt");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isEmpty()) {
                    int tab = line.lastIndexOf('\t');
                    out.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        }
        return out;
    }

    /// The SHA-256 of the tree's encoding ids (first-use order) and its serialized bytes.
    static String hash(WriteNode node) throws NoSuchAlgorithmException {
        List<String> ids = EncodeTesting.ids(node);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(String.join(",", ids).getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(EncodeTesting.serialize(node, ids));
        return HexFormat.of().formatHex(md.digest());
    }
}
