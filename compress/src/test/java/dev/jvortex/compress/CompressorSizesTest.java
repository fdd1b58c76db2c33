package dev.jvortex.compress;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Sizes the data compressor reaches on the comparison columns and on the larger inputs of
/// [CompressorTest], with the chosen tree; every result is verified to decode to its input.
/// Prints a table and writes it to `target/compressor-sizes.txt` (for before/after comparisons).
class CompressorSizesTest {
    @Test
    void reportSizes() throws IOException {
        Arena arena = Arena.ofAuto();
        Map<String, Array> columns = new LinkedHashMap<>(CompressionComparisonTest.columns(new Random(42), arena));
        columns.putAll(timestampColumns(new Random(7)));
        columns.putAll(runColumns(new Random(8)));
        for (CompressorTest.Case c : CompressorTest.cases(arena)) {
            if (c.input().length() == 70000) {
                columns.put(c.name(), c.input());
            }
        }
        StringBuilder table = new StringBuilder();
        long total = 0;
        for (Map.Entry<String, Array> e : columns.entrySet()) {
            WriteNode node = Compressor.DATA.compress(e.getValue());
            Verify.check(e.getValue(), node);
            long raw = CanonicalEncoder.encode(e.getValue()).bufferBytes();
            total += node.bufferBytes();
            table.append(String.format(
                    Locale.ROOT, "%-34s %10d %10d  %s%n", e.getKey(), raw, node.bufferBytes(), tree(node)));
        }
        table.append(String.format(Locale.ROOT, "%-34s %10s %10d%n", "total", "", total));
        System.out.print(table);
        Files.writeString(Path.of("target", "compressor-sizes.txt"), table, StandardCharsets.UTF_8);
    }

    /// Timestamp columns: event times (ms, increasing), a nullable µs column with a zone, dates at midnight (s).
    static Map<String, Array> timestampColumns(Random random) {
        int n = 100_000;
        long[] events = new long[n];
        long[] micros = new long[n];
        long[] midnight = new long[n];
        boolean[] valid = new boolean[n];
        long t = 1_700_000_000_000L;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(2000);
            events[i] = t;
            micros[i] = 1_600_000_000_000_000L + random.nextLong(1_000_000_000_000_000L);
            midnight[i] = (18_000 + random.nextInt(3000)) * 86_400L;
            valid[i] = random.nextInt(8) != 0;
        }
        Map<String, Array> out = new LinkedHashMap<>();
        out.put("timestamps ms", timestamps(2, null, events, null));
        out.put("timestamps us tz?", timestamps(1, "UTC", micros, valid));
        out.put("timestamps s midnight", timestamps(3, null, midnight, null));
        return out;
    }

    /// Held values: readings that repeat for a few rows (nullable, wide), prices held for runs.
    static Map<String, Array> runColumns(Random random) {
        int n = 100_000;
        long[] readings = new long[n];
        double[] prices = new double[n];
        boolean[] valid = new boolean[n];
        long v = 0;
        double p = 100;
        for (int i = 0, run = 0; i < n; i++, run--) {
            if (run <= 0) {
                run = 1 + random.nextInt(12);
                v = random.nextInt(1 << 24);
                p = Math.round(random.nextDouble() * 1_000_000) / 100.0;
            }
            readings[i] = v;
            prices[i] = p;
            valid[i] = random.nextInt(10) != 0;
        }
        Map<String, Array> out = new LinkedHashMap<>();
        out.put("held readings i32?", EncodeTesting.ints(PType.I32, readings, valid));
        out.put("held readings i32", EncodeTesting.ints(PType.I32, readings, null));
        out.put("held prices f64", EncodeTesting.doubles(prices, null));
        return out;
    }

    static ExtensionArray timestamps(int unit, String zone, long[] values, boolean[] valid) {
        byte[] tz = zone == null ? new byte[0] : zone.getBytes(StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        System.arraycopy(tz, 0, meta, 3, tz.length);
        DType.Extension dtype =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, valid != null), meta);
        return new ExtensionArray(dtype, EncodeTesting.ints(PType.I64, values, valid));
    }

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
