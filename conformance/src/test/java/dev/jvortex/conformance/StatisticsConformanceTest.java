package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.ZoneMap;
import dev.jvortex.testing.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Checks the statistics the reference stored (file statistics and zone maps of numeric
/// columns) against the values computed from the source tables.
class StatisticsConformanceTest {
    @TestFactory
    Stream<DynamicTest> numericStatistics() throws IOException {
        Path corpus = Corpus.of("default");
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
            tests.add(DynamicTest.dynamicTest((String) entry.get("name"), () -> check(corpus, entry)));
        }
        return tests.stream();
    }

    private static void check(Path corpus, Map<String, Object> entry) throws IOException {
        try (VortexFile f = VortexFile.open(corpus.resolve((String) entry.get("file")))) {
            if (!(f.dtype() instanceof DType.Struct s)) {
                return;
            }
            List<Integer> numeric = new ArrayList<>();
            for (int c = 0; c < s.size(); c++) {
                if (s.fields().get(c) instanceof DType.Primitive) {
                    numeric.add(c);
                }
            }
            if (numeric.isEmpty() || f.rowCount() == 0) {
                return;
            }
            List<List<Object>> columns = new ArrayList<>();
            for (int ignored : numeric) {
                columns.add(new ArrayList<>());
            }
            try (BufferedReader r =
                    Files.newBufferedReader(corpus.resolve((String) entry.get("expected")), StandardCharsets.UTF_8)) {
                String line;
                while ((line = r.readLine()) != null) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> row = (Map<String, Object>) Json.parse(line);
                    for (int k = 0; k < numeric.size(); k++) {
                        columns.get(k).add(row.get(s.names().get(numeric.get(k))));
                    }
                }
            }
            for (int k = 0; k < numeric.size(); k++) {
                int c = numeric.get(k);
                String name = s.names().get(c);
                List<Object> values = columns.get(k);
                VortexFile.ColumnStatistics st = f.statistics(c);
                if (st != null) {
                    dev.jvortex.core.PType pt = ((DType.Primitive) s.fields().get(c)).ptype();
                    Range all = Range.of(values, 0, values.size(), pt);
                    if (st.nullCount() != null) {
                        assertEquals(all.nulls, st.nullCount().longValue(), name + ": file null count");
                    }
                    if (st.min() != null && all.min != null) {
                        assertTrue(
                                same(all.min, decimal(st.min().value(), pt)),
                                name + ": file min " + all.min + " vs " + st.min());
                    }
                    if (st.max() != null && all.max != null) {
                        assertTrue(
                                same(all.max, decimal(st.max().value(), pt)),
                                name + ": file max " + all.max + " vs " + st.max());
                    }
                }
                try (ZoneMap zm = f.zoneMap(name)) {
                    if (zm == null) {
                        continue;
                    }
                    assertTrue(zm.zoneCount() > 0, name + ": no zones");
                    for (int z = 0; z < zm.zoneCount(); z++) {
                        Range range = Range.of(
                                values,
                                (int) zm.zoneStart(z),
                                (int) zm.zoneEnd(z),
                                ((DType.Primitive) s.fields().get(c)).ptype());
                        Array min = zm.statistic("vortex.min()");
                        Array max = zm.statistic("vortex.max()");
                        Array nulls = zm.statistic("vortex.null_count()");
                        if (nulls instanceof PrimitiveArray p && p.isValid(z)) {
                            assertEquals(range.nulls, p.getLong(z), name + " zone " + z + ": null count");
                        }
                        if (min instanceof PrimitiveArray p && p.isValid(z) && range.min != null) {
                            assertTrue(
                                    same(range.min, number(p, z)),
                                    name + " zone " + z + ": min " + range.min + " vs " + number(p, z));
                        }
                        if (max instanceof PrimitiveArray p && p.isValid(z) && range.max != null) {
                            assertTrue(
                                    same(range.max, number(p, z)),
                                    name + " zone " + z + ": max " + range.max + " vs " + number(p, z));
                        }
                    }
                }
            }
        }
    }

    /// Compares an expected extreme with a stored one: floats by value (so -0.0 equals 0.0), ints exactly.
    private static boolean same(Object expected, Object stored) {
        if (expected instanceof Double e) {
            double d = ((Number) stored).doubleValue();
            return e == d;
        }
        return ((BigDecimal) expected).compareTo((BigDecimal) stored) == 0;
    }

    private static Object number(PrimitiveArray p, int i) {
        if (p.ptype().isFloat()) {
            return p.getDouble(i);
        }
        if (p.ptype() == dev.jvortex.core.PType.U64) {
            return new BigDecimal(Long.toUnsignedString(p.getLong(i)));
        }
        return BigDecimal.valueOf(p.getLong(i));
    }

    private static Object decimal(Object v, dev.jvortex.core.PType pt) {
        return switch (v) {
            case Long l ->
                pt == dev.jvortex.core.PType.U64 ? new BigDecimal(Long.toUnsignedString(l)) : BigDecimal.valueOf(l);
            case Double d -> d;
            case Float fl -> (double) fl;
            case Short h -> (double) Float.float16ToFloat(h);
            default -> throw new IllegalArgumentException(String.valueOf(v));
        };
    }

    private record Range(Object min, Object max, long nulls) {
        static Range of(List<Object> values, int from, int to, dev.jvortex.core.PType type) {
            Object min = null;
            Object max = null;
            long nulls = 0;
            for (int i = from; i < to; i++) {
                Object v = values.get(i);
                if (v == null) {
                    nulls++;
                    continue;
                }
                Object x;
                if (type.isFloat()) {
                    double d;
                    if (v instanceof Json.Num n) {
                        d = switch (type) {
                            case F16 -> Float.float16ToFloat(Float.floatToFloat16(Float.parseFloat(n.text())));
                            case F32 -> Float.parseFloat(n.text());
                            default -> Double.parseDouble(n.text());
                        };
                    } else if ("Infinity".equals(v)) {
                        d = Double.POSITIVE_INFINITY;
                    } else if ("-Infinity".equals(v)) {
                        d = Double.NEGATIVE_INFINITY;
                    } else {
                        continue; // NaN is skipped by min and max
                    }
                    x = d;
                    min = min == null || d < (Double) min ? x : min;
                    max = max == null || d > (Double) max ? x : max;
                } else {
                    BigDecimal d = ((Json.Num) v).decimal();
                    min = min == null || d.compareTo((BigDecimal) min) < 0 ? d : min;
                    max = max == null || d.compareTo((BigDecimal) max) > 0 ? d : max;
                }
            }
            return new Range(min, max, nulls);
        }
    }
}
