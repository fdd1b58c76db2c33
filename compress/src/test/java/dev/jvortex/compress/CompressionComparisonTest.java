package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.ReferenceOracle;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.alp.AlpRdEncoder;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.dict.DictEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import dev.jvortex.encodings.sequence.SequenceEncoder;
import dev.jvortex.encodings.sparse.SparseEncoder;
import dev.jvortex.encodings.zigzag.ZigZagEncoder;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Sizes of typical columns with the best of our encoders (one level, no sampling: a stand-in
/// until the cascading compressor exists) next to the reference's default compressor
/// (`vortex.compress` in the pinned `vortex-data`) on the same values. Prints a table and writes
/// it to `target/reference-decode/compression.txt`; fails only if we are far behind.
class CompressionComparisonTest {
    private static final int ROWS = 100_000;

    @Test
    void typicalColumnsAgainstTheReferenceCompressor() throws IOException, InterruptedException {
        Path python = ReferenceOracle.python();
        Map<String, Array> columns = columns(new Random(42), Arena.ofAuto());
        Map<String, WriteNode> ours = new LinkedHashMap<>();
        Path dir = Path.of("target", "reference-decode");
        Files.createDirectories(dir);
        Path input = dir.resolve("columns.txt");
        HexFormat hex = HexFormat.of();
        try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Array> e : columns.entrySet()) {
                WriteNode node = best(e.getValue());
                ours.put(e.getKey(), node);
                try (Arena arena = Arena.ofConfined()) {
                    EncodeTesting.assertSameRows(
                            e.getValue(),
                            EncodeTesting.roundTrip(
                                    node, e.getValue().dtype(), e.getValue().length(), arena),
                            e.getKey());
                }
                // The reference compresses the values it decodes from our canonical form.
                WriteNode plain = CanonicalEncoder.encode(e.getValue());
                List<String> ids = EncodeTesting.ids(plain);
                w.write(e.getKey() + "\t" + EncodeTesting.dtypeSpec(e.getValue().dtype()) + "\t"
                        + e.getValue().length() + "\t" + String.join(",", ids) + "\t"
                        + hex.formatHex(EncodeTesting.serialize(plain, ids)) + "\n");
            }
        }
        Path script = ReferenceOracle.root().resolve("encodings/src/test/python/compress_with_reference.py");
        ReferenceOracle.Result r = ReferenceOracle.run(
                List.of(
                        python.toString(),
                        script.toString(),
                        input.toAbsolutePath().toString()),
                dir,
                1800);
        if (r.status() != 0) {
            fail("the reference compression script failed (" + r.status() + "): " + r.stderr());
        }
        StringBuilder table = new StringBuilder(String.format(
                Locale.ROOT,
                "%-26s %10s %10s %7s %10s %7s  %s | %s%n",
                "column (" + ROWS + " rows)",
                "raw",
                "jvortex",
                "ratio",
                "reference",
                "ratio",
                "jvortex tree",
                "reference tree"));
        List<String> lines = r.stdout().lines().toList();
        assertEquals(columns.size(), lines.size(), r.stdout());
        for (String line : lines) {
            String[] parts = line.split("\t");
            Array column = columns.get(parts[0]);
            long raw = CanonicalEncoder.encode(column).bufferBytes();
            long mine = ours.get(parts[0]).bufferBytes();
            long theirs = Long.parseLong(parts[1]);
            table.append(String.format(
                    Locale.ROOT,
                    "%-26s %10d %10d %7s %10d %7s  %s | %s%n",
                    parts[0],
                    raw,
                    mine,
                    ratio(raw, mine),
                    theirs,
                    ratio(raw, theirs),
                    tree(ours.get(parts[0])),
                    parts[2]));
            assertTrue(theirs >= 0, line);
            assertTrue(mine <= 2 * theirs + 64, parts[0] + ": " + mine + " bytes against the reference's " + theirs);
        }
        System.out.print(table);
        Files.writeString(dir.resolve("compression.txt"), table, StandardCharsets.UTF_8);
    }

    private static String ratio(long raw, long compressed) {
        return compressed == 0 ? "inf" : String.format(Locale.ROOT, "%.2f", (double) raw / compressed);
    }

    /// The typical columns of the comparison.
    static Map<String, Array> columns(Random random, Arena arena) {
        Map<String, Array> out = new LinkedHashMap<>();
        long[] ids = new long[ROWS];
        long[] times = new long[ROWS];
        long[] narrow = new long[ROWS];
        long[] signed = new long[ROWS];
        long[] outliers = new long[ROWS];
        long[] runs = new long[ROWS];
        double[] prices = new double[ROWS];
        double[] reals = new double[ROWS];
        long t = 1_700_000_000_000L;
        long[] sparse = new long[ROWS];
        boolean[] someNull = new boolean[ROWS];
        for (int i = 0, run = 0, value = 0; i < ROWS; i++, run--) {
            if (run <= 0) {
                run = 20 + random.nextInt(180);
                value = random.nextInt(1_000_000);
            }
            runs[i] = value;
        }
        for (int i = 0; i < ROWS; i++) {
            sparse[i] = random.nextInt(20) == 0 ? random.nextInt(1 << 20) : 0;
            someNull[i] = random.nextInt(10) != 0;
            ids[i] = i;
            t += 1 + random.nextInt(1000);
            times[i] = t;
            narrow[i] = random.nextInt(1000);
            signed[i] = random.nextInt(1000) - 500;
            outliers[i] = random.nextInt(100) == 0 ? random.nextInt() & 0x7FFFFFFF : random.nextInt(64);
            prices[i] = Math.round(random.nextDouble() * 1_000_000) / 100.0;
            reals[i] = random.nextDouble() * 1000;
        }
        out.put("sorted ids i64", EncodeTesting.ints(PType.I64, ids, null));
        out.put("sorted timestamps i64", EncodeTesting.ints(PType.I64, times, null));
        out.put("narrow ints i32", EncodeTesting.ints(PType.I32, narrow, null));
        out.put("small signed ints i32", EncodeTesting.ints(PType.I32, signed, null));
        out.put("ints with outliers u32", EncodeTesting.ints(PType.U32, outliers, null));
        out.put("nullable narrow ints i32?", EncodeTesting.ints(PType.I32, narrow, someNull));
        out.put("runs i32", EncodeTesting.ints(PType.I32, runs, null));
        out.put("95% zero i64", EncodeTesting.ints(PType.I64, sparse, null));
        out.put("prices (2 decimals) f64", EncodeTesting.doubles(prices, null));
        out.put("random doubles f64", EncodeTesting.doubles(reals, null));
        String[] countries = {
            "Germany",
            "France",
            "United Kingdom",
            "Italy",
            "Spain",
            "Poland",
            "Netherlands",
            "Belgium",
            "Sweden",
            "Portugal",
            "Czech Republic",
            "Greece",
            "Hungary",
            "Austria",
            "Switzerland",
            "Denmark",
            "Finland",
            "Norway",
            "Ireland",
            "Luxembourg"
        };
        String[] low = new String[ROWS];
        String[] lowNull = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            low[i] = countries[random.nextInt(countries.length)];
            lowNull[i] = random.nextInt(10) == 0 ? null : low[i];
        }
        out.put("low-cardinality utf8", EncodeTesting.strings(low, false, arena));
        out.put("low-cardinality utf8?", EncodeTesting.strings(lowNull, true, arena));
        String[] domains = {"example.com", "mail.example.org", "university.edu", "company.co.uk", "gmail.com"};
        String[] categories = {"books", "garden", "electronics", "toys", "kitchen", "sports"};
        String[] emails = new String[ROWS];
        String[] urls = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            emails[i] = "user." + random.nextInt(1_000_000) + "@" + domains[random.nextInt(domains.length)];
            urls[i] = "https://www.example.com/products/" + categories[random.nextInt(categories.length)] + "/"
                    + random.nextInt(100_000) + "?ref=" + Integer.toHexString(random.nextInt());
        }
        out.put("emails utf8", EncodeTesting.strings(emails, false, arena));
        out.put("urls utf8", EncodeTesting.strings(urls, false, arena));
        return out;
    }

    /// The smallest of every encoder (with light children) that applies to `a`, or canonical.
    static WriteNode best(Array a) {
        List<WriteNode> candidates = new ArrayList<>();
        candidates.add(CanonicalEncoder.encode(a));
        candidates.add(ConstantEncoder.encode(a));
        if (a instanceof PrimitiveArray p && p.ptype().isInteger()) {
            candidates.add(SequenceEncoder.encode(p));
            candidates.add(LightEncoder.packInts(p));
            candidates.add(ZigZagEncoder.encode(p, LightEncoder.PACKED));
        }
        if (a instanceof PrimitiveArray p && AlpEncoder.applies(p)) {
            candidates.add(AlpEncoder.encode(p, LightEncoder.PACKED));
            candidates.add(AlpRdEncoder.encode(p, LightEncoder.PACKED));
        }
        if (a instanceof VarBinViewArray v) {
            candidates.add(FsstEncoder.encode(v, LightEncoder.PACKED));
        }
        candidates.add(DictEncoder.encode(a, LightEncoder.PACKED));
        candidates.add(RunEndEncoder.encode(a, LightEncoder.PACKED));
        candidates.add(SparseEncoder.encode(a, LightEncoder.PACKED));
        WriteNode best = null;
        for (WriteNode c : candidates) {
            if (c != null && (best == null || c.bufferBytes() < best.bufferBytes())) {
                best = c;
            }
        }
        return best;
    }

    /// The encoding tree as `root(child, ...)`.
    static String tree(WriteNode node) {
        if (node.children().isEmpty()) {
            return node.encoding();
        }
        List<String> kids = new ArrayList<>();
        for (WriteNode c : node.children()) {
            kids.add(tree(c));
        }
        return node.encoding() + "(" + String.join(", ", kids) + ")";
    }
}
