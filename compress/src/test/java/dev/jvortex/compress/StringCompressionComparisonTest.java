package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.ReferenceOracle;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/// Sizes of string columns: FSST and OnPair (light children), our cascading compressor's choice,
/// and the reference's default compressor (`vortex.compress`) on the same values; encode speeds.
/// Prints a table and writes it to `target/reference-decode/strings.txt`; fails when our
/// compressor's result is more than 10 % larger than the reference's (all inputs are seeded).
class StringCompressionComparisonTest {
    private static final int ROWS = 100_000;

    @Test
    void stringColumnsAgainstTheReferenceCompressor() throws IOException, InterruptedException {
        Path python = ReferenceOracle.python();
        Map<String, VarBinViewArray> columns = columns(new Random(42), Arena.ofAuto());
        Path dir = Path.of("target", "reference-decode");
        Files.createDirectories(dir);
        Path input = dir.resolve("string-columns.txt");
        HexFormat hex = HexFormat.of();
        Map<String, long[]> sizes = new LinkedHashMap<>();
        Map<String, String> trees = new LinkedHashMap<>();
        Map<String, double[]> speeds = new LinkedHashMap<>();
        try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, VarBinViewArray> e : columns.entrySet()) {
                VarBinViewArray a = e.getValue();
                long raw = 0;
                for (int i = 0; i < a.length(); i++) {
                    raw += a.isValid(i) ? a.byteLength(i) : 0;
                }
                WriteNode fsst = FsstEncoder.encode(a, LightEncoder.PACKED);
                WriteNode onPair = OnPairEncoder.encode(a, LightEncoder.PACKED);
                WriteNode chosen = Compressor.DATA.compress(a);
                try (Arena arena = Arena.ofConfined()) {
                    EncodeTesting.assertSameRows(
                            a, EncodeTesting.roundTrip(chosen, a.dtype(), a.length(), arena), e.getKey());
                    EncodeTesting.assertSameRows(
                            a, EncodeTesting.roundTrip(onPair, a.dtype(), a.length(), arena), e.getKey());
                }
                sizes.put(e.getKey(), new long[] {raw, fsst.bufferBytes(), onPair.bufferBytes(), chosen.bufferBytes()});
                trees.put(e.getKey(), chosen.encoding());
                speeds.put(e.getKey(), new double[] {
                    mbPerSecond(raw, () -> OnPairEncoder.split(a, OnPairEncoder.DEFAULT_DICT_BITS)),
                    mbPerSecond(raw, () -> FsstEncoder.split(a, FsstEncoder.train(a))),
                    mbPerSecond(raw, () -> Compressor.DATA.compress(a))
                });
                WriteNode plain = CanonicalEncoder.encode(a);
                List<String> ids = EncodeTesting.ids(plain);
                w.write(e.getKey() + "\t" + EncodeTesting.dtypeSpec(a.dtype()) + "\t" + a.length() + "\t"
                        + String.join(",", ids) + "\t" + hex.formatHex(EncodeTesting.serialize(plain, ids)) + "\n");
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
        List<String> lines = r.stdout().lines().toList();
        assertEquals(columns.size(), lines.size(), r.stdout());
        StringBuilder table =
                new StringBuilder("| column (" + ROWS + " rows) | raw | FSST | OnPair | compressor | reference "
                        + "| ours/ref | ours | reference | OnPair MB/s | FSST MB/s | compressor MB/s |\n"
                        + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (String line : lines) {
            String[] parts = line.split("\t");
            long[] s = sizes.get(parts[0]);
            double[] v = speeds.get(parts[0]);
            long theirs = Long.parseLong(parts[1]);
            assertTrue(theirs > 0, line);
            String refRoot = parts[2].contains("(") ? parts[2].substring(0, parts[2].indexOf('(')) : parts[2];
            table.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %d | %d | %d | %.3f | %s | %s | %.0f | %.0f | %.0f |%n",
                    parts[0],
                    s[0],
                    s[1],
                    s[2],
                    s[3],
                    theirs,
                    (double) s[3] / theirs,
                    trees.get(parts[0]),
                    refRoot,
                    v[0],
                    v[1],
                    v[2]));
            assertTrue(s[3] <= 1.1 * theirs + 64, parts[0] + ": " + s[3] + " bytes against the reference's " + theirs);
        }
        System.out.print(table);
        Files.writeString(dir.resolve("strings.txt"), table, StandardCharsets.UTF_8);
    }

    /// Best of three runs after two warm-up runs, in MB (10^6 bytes) of input per second.
    private static double mbPerSecond(long bytes, Runnable work) {
        long best = Long.MAX_VALUE;
        for (int k = 0; k < 5; k++) {
            long t = System.nanoTime();
            work.run();
            long dt = System.nanoTime() - t;
            if (k >= 2) {
                best = Math.min(best, dt);
            }
        }
        return bytes / 1e6 / (best / 1e9);
    }

    private static <T> T pick(Random random, T[] values) {
        return values[random.nextInt(values.length)];
    }

    /// The columns: the string columns of the corpus table `strings_fsst` (same shapes as
    /// `conformance/src/test/python/gen_corpus.py`), plus e-mails, words, UUIDs, TPC-H-like
    /// comments and low-cardinality names.
    static Map<String, VarBinViewArray> columns(Random random, Arena arena) {
        Map<String, VarBinViewArray> out = new LinkedHashMap<>();
        String[] domains = {"example.com", "vortex.dev", "data.example.org", "shop.example.net", "mail.test"};
        String[] paths = {"products", "api/v1/items", "blog/posts", "users/profile", "search"};
        String[] words = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"};
        String[] first = {"john", "jane", "alice", "bob", "carol", "dave", "eve", "mallory"};
        String[] levels = {"INFO", "WARN", "ERROR", "DEBUG"};
        String[] urls = new String[ROWS];
        String[] emails = new String[ROWS];
        String[] urlNulls = new String[ROWS];
        String[] logs = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            String d = pick(random, domains);
            urls[i] = "https://www." + d + "/" + pick(random, paths) + "/" + random.nextInt(1_000_000) + "?q="
                    + pick(random, words) + "&page=1";
            emails[i] = pick(random, first) + "." + pick(random, words) + random.nextInt(1000) + "@"
                    + pick(random, domains);
            int s = random.nextInt(86400);
            logs[i] = String.format(
                    Locale.ROOT,
                    "2024-05-01T%02d:%02d:%02dZ %s [svc-%s] request %d served from %s",
                    s / 3600,
                    s / 60 % 60,
                    s % 60,
                    pick(random, levels),
                    pick(random, words),
                    random.nextInt(1_000_000),
                    d);
        }
        for (int i = 0; i < ROWS; i++) {
            urlNulls[i] = random.nextInt(10) == 0 ? null : urls[ROWS - 1 - i];
        }
        out.put("strings_fsst.url", EncodeTesting.strings(urls, false, arena));
        out.put("strings_fsst.email", EncodeTesting.strings(emails, false, arena));
        out.put("strings_fsst.url_nulls", EncodeTesting.strings(urlNulls, true, arena));
        out.put("strings_fsst.log_line", EncodeTesting.strings(logs, false, arena));

        String[] mailDomains = {"example.com", "mail.example.org", "university.edu", "company.co.uk", "gmail.com"};
        String[] categories = {"books", "garden", "electronics", "toys", "kitchen", "sports"};
        String[] userMails = new String[ROWS];
        String[] productUrls = new String[ROWS];
        String[] uuids = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            userMails[i] = "user." + random.nextInt(1_000_000) + "@" + pick(random, mailDomains);
            productUrls[i] = "https://www.example.com/products/" + pick(random, categories) + "/"
                    + random.nextInt(100_000) + "?ref=" + Integer.toHexString(random.nextInt());
            uuids[i] = new UUID(random.nextLong(), random.nextLong()).toString();
        }
        out.put("emails", EncodeTesting.strings(userMails, false, arena));
        out.put("product urls", EncodeTesting.strings(productUrls, false, arena));
        out.put("uuids", EncodeTesting.strings(uuids, false, arena));

        // Words: a Zipf-like draw from a vocabulary of made-up words.
        String[] vocab = new String[5000];
        for (int v = 0; v < vocab.length; v++) {
            StringBuilder sb = new StringBuilder();
            int n = 3 + random.nextInt(8);
            for (int k = 0; k < n; k++) {
                sb.append("etaoinshrdlcumwfgypbvkjxqz".charAt((int) Math.min(25, Math.abs(random.nextGaussian()) * 8)));
            }
            vocab[v] = sb.toString();
        }
        String[] wordColumn = new String[ROWS];
        String[] comments = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            wordColumn[i] = vocab[zipf(random, vocab.length)];
            StringBuilder sb = new StringBuilder();
            int n = 4 + random.nextInt(12);
            for (int k = 0; k < n; k++) {
                sb.append(k == 0 ? "" : " ").append(TPCH_WORDS[zipf(random, TPCH_WORDS.length)]);
            }
            comments[i] = sb.toString();
        }
        out.put("words", EncodeTesting.strings(wordColumn, false, arena));
        out.put("tpch-like comments", EncodeTesting.strings(comments, false, arena));
        return out;
    }

    private static int zipf(Random random, int n) {
        // Inverse of a 1/x density on [1, n + 1).
        return Math.min(n - 1, (int) Math.floor(Math.exp(random.nextDouble() * Math.log(n + 1))) - 1);
    }

    /// Words of the TPC-H text grammar (nouns, verbs, adjectives, adverbs, prepositions).
    private static final String[] TPCH_WORDS = {
        "foxes",
        "ideas",
        "theodolites",
        "pinto",
        "beans",
        "instructions",
        "dependencies",
        "excuses",
        "platelets",
        "asymptotes",
        "courts",
        "dolphins",
        "multipliers",
        "sauternes",
        "warthogs",
        "frets",
        "dinos",
        "attainments",
        "somas",
        "Tiresias",
        "patterns",
        "forges",
        "braids",
        "hockey",
        "players",
        "frays",
        "warhorses",
        "dugouts",
        "notornis",
        "epitaphs",
        "pearls",
        "tithes",
        "waters",
        "orbits",
        "gifts",
        "sheaves",
        "depths",
        "sentiments",
        "decoys",
        "realms",
        "pains",
        "grouches",
        "escapades",
        "sleep",
        "wake",
        "are",
        "cajole",
        "haggle",
        "nag",
        "use",
        "boost",
        "affix",
        "detect",
        "integrate",
        "maintain",
        "nod",
        "was",
        "lose",
        "sublate",
        "solve",
        "thrash",
        "promise",
        "engage",
        "hinder",
        "print",
        "x-ray",
        "breach",
        "eat",
        "grow",
        "impress",
        "mold",
        "poach",
        "serve",
        "run",
        "dazzle",
        "snooze",
        "doze",
        "unwind",
        "kindle",
        "play",
        "hang",
        "believe",
        "doubt",
        "furious",
        "sly",
        "careful",
        "blithe",
        "quick",
        "fluffy",
        "slow",
        "quiet",
        "ruthless",
        "thin",
        "close",
        "dogged",
        "daring",
        "brave",
        "stealthy",
        "permanent",
        "enticing",
        "idle",
        "busy",
        "regular",
        "final",
        "ironic",
        "even",
        "bold",
        "silent",
        "sometimes",
        "always",
        "never",
        "furiously",
        "slyly",
        "carefully",
        "blithely",
        "quickly",
        "fluffily",
        "about",
        "above",
        "according",
        "to",
        "across",
        "after",
        "against",
        "along",
        "alongside",
        "of",
        "among",
        "around",
        "at",
        "atop",
        "before",
        "behind",
        "beneath",
        "beside",
        "besides",
        "between",
        "beyond",
        "by",
        "despite",
        "during",
        "except",
        "for",
        "from",
        "in",
        "place",
        "inside",
        "instead",
        "into",
        "near",
        "on",
        "outside",
        "over",
        "past",
        "since",
        "through",
        "throughout",
        "toward",
        "under",
        "until",
        "up",
        "upon",
        "without",
        "with",
        "within"
    };
}
