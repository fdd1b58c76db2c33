package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.Exporter;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.expr.Binder;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/// Filtered scans of files the reference wrote. For each filter, the rows we return must be
/// (a) exactly the rows of the full, unfiltered export for which the predicate, evaluated here
/// over the exported values, is true, and (b) the rows the reference's own filtered scan returns
/// (`vortex.open(path).scan(expr=...)`, through `filter_scan.py`). Filters the reference cannot
/// express with literals of the column's type (`i > 2.5` on an integer column, nested fields) are
/// checked against (a) only.
class FilterScanTest {
    /// A filter on a corpus file; `reference` false when the reference cannot run it.
    record Case(String file, String filter, boolean reference) {}

    private static Case ref(String file, String filter) {
        return new Case(file, filter, true);
    }

    private static Case ours(String file, String filter) {
        return new Case(file, filter, false);
    }

    static final List<Case> CASES = List.of(
            ref("big", "id BETWEEN 500000 AND 501000"),
            ref("big", "id > 1099000 OR id < 100"),
            ref("big", "price > 999.5"),
            ref("big", "cat = 'beta' AND flag AND id < 300000"),
            ref("big", "cat IN ('alpha', 'delta') AND id < 2000"),
            ref("big", "id IS NULL AND price < 100"),
            ref("big", "cat LIKE 'ga%' AND price <= 1.5"),
            ref("big", "NOT flag AND price BETWEEN 10 AND 10.5"),
            ours("big", "id > 1099998.5"),
            ref("orders", "status = 'paid' AND quantity > 5"),
            ref("orders", "amount BETWEEN 10 AND 20"),
            ref("orders", "customer LIKE 'ann1%'"),
            ref("orders", "shipped_on IS NULL AND quantity = 3"),
            ref("orders", "created_at >= '2021-01-03T00:00:00Z' AND created_at < '2021-01-04T00:00:00Z'"),
            ref("orders", "shipped_on = '2021-01-05'"),
            ref("orders", "note IS NOT NULL AND amount > 100"),
            ref("orders", "NOT status IN ('new', 'paid', 'shipped')"),
            ref("orders", "order_id > 119990 OR customer < 'ann1'"),
            ours("orders", "created_at > '2021-01-05 12:00:00.1234567'"),
            ref("int_widths", "int8 < 0 AND uint8 > 200"),
            ref("int_widths", "uint64 > 9223372036854775807"),
            ref("int_widths", "int32 BETWEEN -1000 AND 1000"),
            ref("int_widths", "uint32 >= 4000000000 OR int16 = -32768"),
            ref("int_widths", "int64 < -9000000000000000000 OR uint16 = 65535"),
            ours("int_widths", "int8 > 127 OR uint8 < -1 OR int16 <= -32768.5"),
            ref("floats_special", "mixed > 0"),
            ref("floats_special", "nan_heavy = 'NaN'"),
            ref("floats_special", "neg_zero < 0"),
            ref("floats_special", "neg_zero = 0"),
            ref("floats_special", "mixed_nulls >= '-Infinity'"),
            ref("floats_special", "mixed != 1.5"),
            ref("floats_special", "mixed < 'Infinity' AND nan_heavy > 5"),
            ref("floats_f32", "f32_random > 0.5"),
            ref("floats_f32", "f32_decimal <= 33.66"),
            ref("floats_f32", "f32_special = 'Infinity' OR f32_normal_wide < -100000"),
            ref("floats_f16", "f16_random > 10.68"),
            ref("floats_f16", "f16_special IS NULL OR f16_special < 0"),
            ref("decimals", "dec_5_2 > 1.5"),
            ref("decimals", "dec_18_4 BETWEEN -10 AND 10"),
            ref("decimals", "dec_price_12_2 < 60000.05"),
            ref("decimals", "dec_38_10 > 0 AND dec_10_0 < 0"),
            ref("decimals", "dec256_60_5 > 12345.5"),
            ours("decimals", "dec_5_2 = 1.005 OR dec_5_2 >= 999.985"),
            ref("strings_mixed", "short > 'm'"),
            ref("strings_mixed", "unicode LIKE '%é%'"),
            ref("strings_mixed", "empty_or_null = ''"),
            ref("strings_mixed", "long LIKE 'a%' OR mixed_len < 'B'"),
            ref("strings_mixed", "unicode >= 'Ü' AND short NOT LIKE '%a%'"),
            ref("strings_fsst", "email LIKE 'carol%'"),
            ref("strings_fsst", "url > 'https://www.shop' AND url_nulls IS NULL"),
            ref("strings_fsst", "log_line LIKE '%ERROR%'"),
            ref("timestamps", "ts_us_utc > '2023-11-14T22:13:25Z'"),
            ref("timestamps", "ts_ns BETWEEN '1969-12-31T23:59:59' AND '1970-01-01T00:00:01'"),
            ref("timestamps", "ts_s_utc < '3000-01-01T00:00:00Z'"),
            ref("timestamps", "ts_ms_offset >= '2000-01-01T00:00:00Z' AND ts_us_new_york < '2100-01-01'"),
            ref("timestamps", "ts_ms < '1970-01-01T00:00:00.589'"),
            ref("dates_times", "date32 < '1990-01-01'"),
            ref("dates_times", "date64 >= '2000-01-01' AND date32_recent IS NOT NULL"),
            ref("dates_times", "time32_s < '12:00:00'"),
            ref("dates_times", "time64_ns > '06:30:00.5' AND time32_ms <= '04:41:55.779'"),
            ref("bools", "b_random AND b_nulls"),
            ref("bools", "b_nulls IS NULL"),
            ref("bools", "NOT b_mostly_true"),
            ref("bools", "b_const_false OR b_const_true = FALSE"),
            ref("nulls", "mostly_null_i64 > 0"),
            ref("nulls", "all_null_i64 IS NULL AND mostly_valid_i64 < 100"),
            ref("nulls", "all_null_str = 'x'"),
            ref("nulls", "mostly_null_str IS NOT NULL OR mostly_null_bool"),
            ref("low_cardinality", "lc_str >= 'm' AND lc_u8 < 100"),
            ref("low_cardinality", "lc_str_nulls IN ('blue', 'red') OR lc_int = 42"),
            ref("runs", "run_int > 5 AND run_str < 'c'"),
            ref("runs", "run_bool AND run_int_nulls IS NOT NULL"),
            ref("constants", "const_i64 = 42 OR const_str LIKE 'x%'"),
            ref("binary_types", "bin_random > 'a' AND bin_nulls IS NOT NULL"),
            ref("single_row", "i64 = -42 AND s LIKE 'only%'"),
            ref("single_row", "u64 > 0 AND dec < 0 AND ts > '2021-01-01T00:00:00Z' AND d = '2019-04-14'"),
            ref("empty", "i64 > 0"),
            ours("structs", "point.x > 0 AND person.age BETWEEN 20 AND 30"),
            ours("structs", "person.address.city = 'Paris' OR deep.l1.l2.v > 8"),
            ours("structs", "nullable IS NULL OR person.address IS NULL"),
            ours("structs", "deep.l1.flag AND person.name LIKE 'A%'"));

    @TestFactory
    Stream<DynamicTest> filteredScansMatchTheExportAndTheReference() throws IOException {
        Path corpus = Corpus.of("default");
        Map<String, Map<String, Object>> entries = new LinkedHashMap<>();
        for (Map<String, Object> e : CorpusConformanceTest.manifest(corpus)) {
            entries.put((String) e.get("name"), e);
        }
        Map<String, List<Case>> byFile = new LinkedHashMap<>();
        for (Case c : CASES) {
            byFile.computeIfAbsent(c.file(), k -> new ArrayList<>()).add(c);
        }
        return byFile.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey() + " (" + e.getValue().size() + " filters)",
                        () -> check(
                                corpus.resolve((String) entries.get(e.getKey()).get("file")), e.getValue())));
    }

    private static void check(Path path, List<Case> cases) throws Exception {
        try (VortexFile f = VortexFile.open(path)) {
            DType.Struct schema = (DType.Struct) f.dtype();
            List<String> all = export(f, ScanOptions.all());
            List<Map<String, Object>> rows = new ArrayList<>(all.size());
            for (String line : all) {
                @SuppressWarnings("unchecked")
                Map<String, Object> row = (Map<String, Object>) Json.parse(line);
                rows.add(row);
            }
            List<Case> withReference = cases.stream().filter(Case::reference).toList();
            List<Map<String, Object>> reference = reference(path, withReference, schema);
            for (Case c : cases) {
                Expr e = Expr.parse(c.filter());
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < all.size(); i++) {
                    if (Boolean.TRUE.equals(eval(e, rows.get(i), schema))) {
                        expected.add(all.get(i));
                    }
                }
                List<String> ours = export(f, ScanOptions.all().withFilter(e));
                assertLines(expected, ours, path.getFileName() + ": " + c.filter() + " (against the export)");
                assertLines(
                        expected,
                        export(f, ScanOptions.all().withFilter(e).withParallelism(1)),
                        path.getFileName() + ": " + c.filter() + " (one thread, against the export)");
                System.out.println("filter " + path.getFileName() + ": " + c.filter() + " -> " + ours.size() + " of "
                        + all.size() + " rows");
                if (c.reference()) {
                    Map<String, Object> r = reference.get(withReference.indexOf(c));
                    if (r.containsKey("error")) {
                        fail(path.getFileName() + ": " + c.filter() + ": the reference failed: " + r.get("error"));
                    }
                    @SuppressWarnings("unchecked")
                    List<Object> lines = (List<Object>) r.get("lines");
                    assertEquals(
                            lines.size(),
                            ours.size(),
                            path.getFileName() + ": " + c.filter() + " rows (reference vs ours)");
                    for (int i = 0; i < lines.size(); i++) {
                        String d = ValueComparator.diff(
                                schema,
                                Json.parse((String) lines.get(i)),
                                Json.parse(ours.get(i)),
                                c.filter() + ", row " + i);
                        if (d != null) {
                            fail(path.getFileName() + " (against the reference): " + d);
                        }
                    }
                }
            }
        }
    }

    private static void assertLines(List<String> expected, List<String> actual, String what) {
        if (!expected.equals(actual)) {
            for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
                if (!expected.get(i).equals(actual.get(i))) {
                    fail(what + ": first difference at returned row " + i + ": expected " + expected.get(i)
                            + " but was " + actual.get(i) + " (" + expected.size() + " vs " + actual.size() + " rows)");
                }
            }
            fail(what + ": expected " + expected.size() + " rows but got " + actual.size());
        }
    }

    private static List<String> export(VortexFile f, ScanOptions options) throws IOException {
        StringWriter w = new StringWriter();
        Exporter.writeJsonl(f, options, w);
        String text = w.toString();
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
    }

    // ---- the reference ----

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> reference(Path file, List<Case> cases, DType.Struct schema)
            throws Exception {
        if (cases.isEmpty()) {
            return List.of();
        }
        StringBuilder json = new StringBuilder("[");
        for (Case c : cases) {
            json.append(json.length() > 1 ? "," : "").append(toJson(Expr.parse(c.filter()), schema));
        }
        json.append(']');
        Path in = Files.createTempFile("jvortex-filters", ".json");
        try {
            Files.writeString(in, json, StandardCharsets.UTF_8);
            Oracle.Result r = Oracle.run(
                    List.of(
                            "bash",
                            "-c",
                            "exec \"$0\" filter_scan.py \"$1\" < \"$2\"",
                            Oracle.python().toString(),
                            file.toString(),
                            in.toString()),
                    Oracle.root().resolve("conformance/src/test/python"),
                    900);
            assertEquals(0, r.status(), r.stderr());
            Map<String, Object> out =
                    (Map<String, Object>) Json.parse(r.stdout().strip());
            return (List<Map<String, Object>>) (List<?>) out.get("results");
        } finally {
            Files.deleteIfExists(in);
        }
    }

    private static String toJson(Expr e, DType.Struct schema) {
        return switch (e) {
            case Expr.And a -> "{\"and\":[" + toJson(a.left(), schema) + "," + toJson(a.right(), schema) + "]}";
            case Expr.Or o -> "{\"or\":[" + toJson(o.left(), schema) + "," + toJson(o.right(), schema) + "]}";
            case Expr.Not n -> "{\"not\":" + toJson(n.child(), schema) + "}";
            case Expr.Column c -> "{\"col\":" + quote(c.name()) + "}";
            case Expr.IsNull n -> "{\"is_null\":" + quote(((Expr.Column) n.child()).name()) + "}";
            case Expr.IsNotNull n -> "{\"is_not_null\":" + quote(((Expr.Column) n.child()).name()) + "}";
            case Expr.Compare c -> {
                Expr.Column col = (Expr.Column) c.left();
                String op = switch (c.op()) {
                    case EQ -> "eq";
                    case NE -> "not_eq";
                    case LT -> "lt";
                    case LE -> "lt_eq";
                    case GT -> "gt";
                    case GE -> "gt_eq";
                };
                yield "{\"cmp\":\"" + op + "\",\"col\":" + quote(col.name()) + ",\"lit\":"
                        + literal(col, c.right(), schema) + "}";
            }
            case Expr.Between b -> {
                Expr.Column col = (Expr.Column) b.value();
                yield "{\"between\":" + quote(col.name()) + ",\"lo\":" + literal(col, b.lower(), schema) + ",\"hi\":"
                        + literal(col, b.upper(), schema) + "}";
            }
            case Expr.InList in -> {
                Expr.Column col = (Expr.Column) in.value();
                StringBuilder sb = new StringBuilder("{\"in\":" + quote(col.name()) + ",\"values\":[");
                for (int i = 0; i < in.values().size(); i++) {
                    sb.append(i == 0 ? "" : ",").append(literal(col, in.values().get(i), schema));
                }
                yield sb.append("]}").toString();
            }
            case Expr.Like l ->
                "{\"like\":" + quote(((Expr.Column) l.value()).name()) + ",\"pattern\":" + quote(l.pattern())
                        + ",\"negated\":" + l.negated() + "}";
            case Expr.Literal l -> throw new IllegalArgumentException("no JSON form for a bare literal");
        };
    }

    /// The literal's value for the reference, typed by the column (temporal text as storage units).
    private static String literal(Expr.Column col, Expr lit, DType.Struct schema) {
        Scalar bound = ((Expr.Literal) ((Expr.Compare) Binder.bind(col.eq(lit), schema)).right()).value();
        Object v = bound.value();
        return switch (v) {
            case null -> "{\"null\":true}";
            case Boolean b -> "{\"bool\":" + b + "}";
            case String s -> "{\"str\":" + quote(s) + "}";
            case byte[] b -> "{\"str\":" + quote(new String(b, StandardCharsets.UTF_8)) + "}";
            case BigInteger unscaled ->
                "{\"dec\":\"" + new BigDecimal(unscaled, ((DType.Decimal) bound.dtype()).scale()).toPlainString()
                        + "\"}";
            case Long l ->
                bound.dtype() instanceof DType.Primitive p && p.ptype() == PType.U64
                        ? "{\"int\":\"" + Long.toUnsignedString(l) + "\"}"
                        : "{\"int\":\"" + l + "\"}";
            case Double d ->
                Double.isFinite(d)
                        ? "{\"float\":" + d + "}"
                        : "{\"float\":\"" + (Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity") + "\"}";
            default -> throw new IllegalArgumentException("no JSON form for " + bound);
        };
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder();
        dev.jvortex.cli.ValueFormat.quote(sb, s);
        return sb.toString();
    }

    // ---- the predicate over exported values (three-valued: null is "unknown") ----

    private static Boolean eval(Expr e, Map<String, Object> row, DType.Struct schema) {
        return switch (e) {
            case Expr.Column c -> (Boolean) value(c, row);
            case Expr.Literal l -> (Boolean) l.value().value();
            case Expr.And a -> and(eval(a.left(), row, schema), eval(a.right(), row, schema));
            case Expr.Or o -> not(and(not(eval(o.left(), row, schema)), not(eval(o.right(), row, schema))));
            case Expr.Not n -> not(eval(n.child(), row, schema));
            case Expr.IsNull n -> value((Expr.Column) n.child(), row) == null;
            case Expr.IsNotNull n -> value((Expr.Column) n.child(), row) != null;
            case Expr.Compare c -> compare(c.op(), (Expr.Column) c.left(), (Expr.Literal) c.right(), row, schema);
            case Expr.Between b ->
                and(
                        compare(Expr.Operator.GE, (Expr.Column) b.value(), (Expr.Literal) b.lower(), row, schema),
                        compare(Expr.Operator.LE, (Expr.Column) b.value(), (Expr.Literal) b.upper(), row, schema));
            case Expr.InList in -> {
                Boolean out = false;
                for (Expr v : in.values()) {
                    out = not(and(
                            not(out),
                            not(compare(Expr.Operator.EQ, (Expr.Column) in.value(), (Expr.Literal) v, row, schema))));
                }
                yield out;
            }
            case Expr.Like l -> {
                Object v = value((Expr.Column) l.value(), row);
                yield v == null
                        ? null
                        : l.negated() != like(l.pattern()).matcher((String) v).matches();
            }
        };
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Boolean not(Boolean a) {
        return a == null ? null : !a;
    }

    private static Object value(Expr.Column c, Map<String, Object> row) {
        Object v = row;
        for (String name : c.path()) {
            if (!(v instanceof Map<?, ?> m)) {
                return null;
            }
            v = m.get(name);
        }
        return v;
    }

    private static Boolean compare(
            Expr.Operator op, Expr.Column col, Expr.Literal lit, Map<String, Object> row, DType.Struct schema) {
        Object json = value(col, row);
        Object l = lit.value().value();
        if (json == null || l == null) {
            return null;
        }
        DType t = Binder.typeOf(col, schema);
        int c = switch (t) {
            case DType.Primitive p
            when p.ptype().isFloat() -> Double.compare(floatValue(json, p.ptype()), floatLiteral(lit, p.ptype()));
            case DType.Primitive p -> ((Json.Num) json).decimal().compareTo(number(lit));
            case DType.Decimal d -> new BigDecimal((String) json).compareTo(number(lit));
            case DType.Bool b -> Boolean.compare((Boolean) json, (Boolean) l);
            case DType.Utf8 u ->
                Arrays.compareUnsigned(
                        ((String) json).getBytes(StandardCharsets.UTF_8),
                        ((String) l).getBytes(StandardCharsets.UTF_8));
            case DType.Binary b ->
                Arrays.compareUnsigned(
                        Base64.getDecoder().decode((String) json), ((String) l).getBytes(StandardCharsets.UTF_8));
            case DType.Extension x -> temporal(x, (String) json).compareTo(temporal(x, (String) l));
            default -> throw new IllegalArgumentException("cannot compare " + t);
        };
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }

    private static BigDecimal number(Expr.Literal lit) {
        Scalar s = lit.value();
        return switch (s.value()) {
            case Long l ->
                s.dtype() instanceof DType.Primitive p && p.ptype() == PType.U64
                        ? new BigDecimal(Long.toUnsignedString(l))
                        : BigDecimal.valueOf(l);
            case BigInteger unscaled -> new BigDecimal(unscaled, ((DType.Decimal) s.dtype()).scale());
            case Double d -> new BigDecimal(d);
            default -> throw new IllegalArgumentException("not a number: " + s);
        };
    }

    private static double round(double d, PType width) {
        return switch (width) {
            case F32 -> (float) d;
            case F16 -> Float.float16ToFloat(Float.floatToFloat16((float) d));
            default -> d;
        };
    }

    private static double floatValue(Object json, PType width) {
        if (json instanceof String s) {
            return s.equals("NaN")
                    ? Double.NaN
                    : s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        String text = ((Json.Num) json).text();
        return width == PType.F64 ? Double.parseDouble(text) : round(Float.parseFloat(text), width);
    }

    private static double floatLiteral(Expr.Literal lit, PType width) {
        Object v = lit.value().value();
        if (v instanceof String s) {
            return floatValue(s, width);
        }
        BigDecimal n = number(lit);
        return round(width == PType.F64 ? n.doubleValue() : n.floatValue(), width);
    }

    /// Dates, times and timestamps as text → nanoseconds (since the epoch, or since midnight).
    private static BigDecimal temporal(DType.Extension t, String text) {
        return switch (t.id()) {
            case "vortex.date" -> BigDecimal.valueOf(LocalDate.parse(text).toEpochDay());
            case "vortex.time" -> BigDecimal.valueOf(LocalTime.parse(text).toNanoOfDay());
            default -> {
                String s = text.length() > 10 && text.charAt(10) == ' '
                        ? text.substring(0, 10) + "T" + text.substring(11)
                        : text;
                Instant i;
                if (s.length() == 10) {
                    i = LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC);
                } else {
                    try {
                        i = OffsetDateTime.parse(s).toInstant();
                    } catch (DateTimeParseException e) {
                        i = LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
                    }
                }
                yield BigDecimal.valueOf(i.getEpochSecond())
                        .multiply(BigDecimal.valueOf(1_000_000_000L))
                        .add(BigDecimal.valueOf(i.getNano()));
            }
        };
    }

    private static Pattern like(String pattern) {
        StringBuilder re = new StringBuilder();
        for (int k = 0; k < pattern.length(); k++) {
            char ch = pattern.charAt(k);
            if (ch == '\\' && k + 1 < pattern.length()) {
                re.append(Pattern.quote(String.valueOf(pattern.charAt(++k))));
            } else if (ch == '%') {
                re.append(".*");
            } else if (ch == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    // ---- pruning on the big file ----

    @Test
    void selectiveFilterOnTheBigFileSkipsMostZones() throws IOException {
        Path corpus = Corpus.of("default");
        try (VortexFile f = VortexFile.open(corpus.resolve("big.vortex"))) {
            ScanOptions selective = ScanOptions.all().withFilter("id BETWEEN 500000 AND 501000");
            ScanStatistics s = null;
            long rows = 0;
            long best = Long.MAX_VALUE;
            for (int it = 0; it < 5; it++) {
                long start = System.nanoTime();
                rows = count(f, selective);
                best = Math.min(best, System.nanoTime() - start);
            }
            try (Scan scan = f.scan(selective)) {
                for (Batch b : scan) {
                    b.close();
                }
                s = scan.statistics();
            }
            long fullBest = Long.MAX_VALUE;
            for (int it = 0; it < 3; it++) {
                long start = System.nanoTime();
                count(f, ScanOptions.all());
                fullBest = Math.min(fullBest, System.nanoTime() - start);
            }
            System.out.printf(
                    Locale.ROOT,
                    "pruning (big): %s; selective scan best %.1f ms, full scan best %.1f ms%n",
                    s,
                    best / 1e6,
                    fullBest / 1e6);
            assertEquals(1_100_000, s.rowsInFile());
            assertEquals(rows, s.rowsReturned());
            assertTrue(rows > 900 && rows <= 1001, "rows " + rows);
            assertTrue(s.zones() >= 130, s.toString());
            assertTrue(s.zonesSkipped() >= s.zones() - 2, "most zones skipped: " + s);
            assertTrue(s.rowsAfterPruning() <= 2 * 8192, s.toString());
            assertTrue(s.chunksSkipped() >= s.chunks() - 4, "one chunk per column read at most: " + s);
            assertTrue(s.rowsRead() <= 2 * 8192, s.toString());

            // Random access: five rows far apart decode only their chunks.
            long[] idx = {3, 131_073, 500_000, 777_777, 1_099_999};
            try (Scan scan = f.scan(ScanOptions.columns("id", "cat").withRowIndices(idx))) {
                List<Long> got = new ArrayList<>();
                for (Batch b : scan) {
                    try (b) {
                        for (int i = 0; i < b.rowCount(); i++) {
                            got.add(b.rowIndex(i));
                        }
                    }
                }
                ScanStatistics r = scan.statistics();
                System.out.println("random access (big): " + r);
                assertEquals(Arrays.stream(idx).boxed().toList(), got);
                assertEquals(5, r.rowsRead());
                assertTrue(r.chunksSkipped() >= r.chunks() - 10, r.toString());
            }
        }
    }

    private static long count(VortexFile f, ScanOptions options) {
        long rows = 0;
        try (Scan scan = f.scan(options)) {
            for (Batch b : scan) {
                try (b) {
                    rows += b.rowCount();
                }
            }
        }
        return rows;
    }
}
