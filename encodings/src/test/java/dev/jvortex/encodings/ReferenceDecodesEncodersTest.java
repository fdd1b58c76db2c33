package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Compatibility of every encoder with the reference: each case of [EncoderCases] is serialized
/// and decoded by the reference (`src/test/python/decode_with_reference.py` in the pinned
/// `vortex-data`), which must print exactly the input's rows.
public class ReferenceDecodesEncodersTest {
    @TestFactory
    Stream<DynamicTest> referenceDecodesOurArrays() throws IOException, InterruptedException {
        return referenceDecodes(EncoderCases.all());
    }

    /// One test per case: the reference decodes the case's serialized tree to exactly its input's
    /// rows (the compress module runs its cases through this too).
    public static Stream<DynamicTest> referenceDecodes(List<EncoderCases.Case> cases)
            throws IOException, InterruptedException {
        Path python = ReferenceOracle.python();
        Path dir = Path.of("target", "reference-decode");
        Files.createDirectories(dir);
        Path input = dir.resolve("arrays.txt");
        HexFormat hex = HexFormat.of();
        try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            for (EncoderCases.Case c : cases) {
                List<String> ids = EncodeTesting.ids(c.node());
                w.write(c.name() + "\t" + EncodeTesting.dtypeSpec(c.input().dtype()) + "\t"
                        + c.input().length() + "\t" + String.join(",", ids) + "\t"
                        + hex.formatHex(EncodeTesting.serialize(c.node(), ids)) + "\n");
            }
        }
        Path script = ReferenceOracle.root().resolve("encodings/src/test/python/decode_with_reference.py");
        ReferenceOracle.Result r = ReferenceOracle.run(
                List.of(
                        python.toString(),
                        script.toString(),
                        input.toAbsolutePath().toString()),
                dir,
                1800);
        if (r.status() != 0) {
            fail("the reference decoding script failed (" + r.status() + "): " + r.stderr());
        }
        Map<String, String[]> results = new HashMap<>();
        for (String line : r.stdout().split("\n")) {
            if (!line.isEmpty()) {
                String[] parts = line.split("\t", 3);
                results.put(parts[0], parts);
            }
        }
        return cases.stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    String[] result = results.get(c.name());
                    assertNotNull(result, "no reference output for " + c.name());
                    if (!result[1].equals("OK")) {
                        fail("the reference could not decode " + c.name() + " (" + EncodeTesting.ids(c.node()) + "): "
                                + result[2]);
                    }
                    String want = EncodeTesting.render(c.input());
                    String got = result.length > 2 ? result[2] : "";
                    if (!want.equals(got)) {
                        String[] wv = want.split(",", -1);
                        String[] gv = got.split(",", -1);
                        for (int i = 0; i < Math.min(wv.length, gv.length); i++) {
                            assertEquals(wv[i], gv[i], c.name() + ": row " + i + " as the reference decodes it");
                        }
                        assertEquals(wv.length, gv.length, c.name() + ": rows the reference decoded");
                    }
                }));
    }
}
