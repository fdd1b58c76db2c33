package dev.jvortex.encodings;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.compress.CompressionPreset;
import dev.jvortex.encodings.compress.Compressor;
import dev.jvortex.encodings.compress.CompressorTest;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Baseline: SHA-256 of the serialized compressor output per case and preset.
class CompressorOutputTest {
    @Test
    void hashes() throws IOException, NoSuchAlgorithmException {
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
        StringBuilder out = new StringBuilder();
        long t0 = System.nanoTime();
        for (Map.Entry<String, Compressor> comp : compressors.entrySet()) {
            for (Map.Entry<String, Array> e : inputs.entrySet()) {
                out.append(comp.getKey()).append('\t').append(e.getKey()).append('\t')
                        .append(hash(comp.getValue().compress(e.getValue()))).append('\n');
            }
            System.out.println(comp.getKey() + " " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
        for (EncoderCases.Case c : EncoderCases.all()) {
            out.append("encoders\t").append(c.name()).append('\t').append(hash(c.node())).append('\n');
        }
        System.out.println("encoders " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        Files.writeString(Path.of("/tmp/compress-baseline/hashes-" + System.getProperty("hashes.tag", "before") + ".txt"), out,
                StandardCharsets.UTF_8);
    }

    static String hash(WriteNode node) throws NoSuchAlgorithmException {
        List<String> ids = EncodeTesting.ids(node);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(String.join(",", ids).getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(EncodeTesting.serialize(node, ids));
        return HexFormat.of().formatHex(md.digest());
    }
}
