package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The writer's output, byte for byte: a varied set of files (every dtype the writer takes,
/// nested structs, nulls, NaNs, long and binary strings, dictionary columns, both presets and
/// each [WriteOptions] switch) must hash to the SHA-256 values recorded in
/// `writer-golden.txt`, which were taken from the writer before it was split into layout writers.
///
/// A deliberate change of the bytes written re-records the file: run this test with
/// `-Djvortex.golden.record=<path of writer-golden.txt>` (or `=true` for this module's own
/// resource) and review the diff.
class WriterGoldenTest {
    @TempDir
    Path dir;

    /// One generated column: its name, type and values for rows `[from, from + n)`.
    private record Col(String name, DType dtype, Gen gen) {}

    @FunctionalInterface
    private interface Gen {
        Array rows(long from, int n, Arena arena);
    }

    /// A well-mixed 64-bit hash of `(row, salt)`: the data are a function of the row number, so
    /// any batch split writes the same values.
    private static long h(long row, long salt) {
        long z = row * 0x9E3779B97F4A7C15L + salt * 0xD1B54A32D192ED03L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static boolean isNull(long row, long salt, int oneIn) {
        return Math.floorMod(h(row, salt + 1000), oneIn) == 0;
    }

    private static Gen ints(DType dtype, long salt, int nullOneIn, java.util.function.LongUnaryOperator value) {
        return (from, n, arena) -> {
            Builders.LongBuilder b = Builders.longs(dtype);
            for (int i = 0; i < n; i++) {
                long row = from + i;
                if (nullOneIn > 0 && isNull(row, salt, nullOneIn)) {
                    b.appendNull();
                } else {
                    b.append(value.applyAsLong(row));
                }
            }
            return b.build(arena);
        };
    }

    private static Gen doubles(DType dtype, long salt, int nullOneIn, java.util.function.LongToDoubleFunction value) {
        return (from, n, arena) -> {
            Builders.DoubleBuilder b = Builders.doubles(dtype);
            for (int i = 0; i < n; i++) {
                long row = from + i;
                if (nullOneIn > 0 && isNull(row, salt, nullOneIn)) {
                    b.appendNull();
                } else {
                    b.append(value.applyAsDouble(row));
                }
            }
            return b.build(arena);
        };
    }

    private static Gen strings(DType dtype, long salt, int nullOneIn, java.util.function.LongFunction<byte[]> value) {
        return (from, n, arena) -> {
            Builders.StringBuilder b = Builders.strings(dtype);
            for (int i = 0; i < n; i++) {
                long row = from + i;
                if (nullOneIn > 0 && isNull(row, salt, nullOneIn)) {
                    b.appendNull();
                } else {
                    b.append(value.apply(row));
                }
            }
            return b.build(arena);
        };
    }

    private static MemorySegment validity(long from, int n, long salt, int nullOneIn, Arena arena) {
        MemorySegment bits = arena.allocate(Math.max(8, ((n + 63) / 64) * 8L), 8);
        for (int i = 0; i < n; i++) {
            if (nullOneIn <= 0 || !isNull(from + i, salt, nullOneIn)) {
                dev.jvortex.core.array.Bits.set(bits, i);
            }
        }
        return bits;
    }

    private static Gen f16(long salt, int nullOneIn) {
        return (from, n, arena) -> {
            MemorySegment data = arena.allocate(Math.max(2L, n * 2L), 2);
            for (int i = 0; i < n; i++) {
                long row = from + i;
                float v = switch ((int) Math.floorMod(h(row, salt), 50)) {
                    case 0 -> Float.NaN;
                    case 1 -> Float.POSITIVE_INFINITY;
                    case 2 -> -0.0f;
                    default -> (Math.floorMod(h(row, salt + 1), 20_000) - 10_000) / 16.0f;
                };
                data.setAtIndex(PrimitiveArray.LE_SHORT, i, Float.floatToFloat16(v));
            }
            return new PrimitiveArray(
                    new DType.Primitive(PType.F16, true),
                    PType.F16,
                    data,
                    n,
                    Validity.ofBits(validity(from, n, salt, nullOneIn, arena)));
        };
    }

    private static Gen decimals(
            DType.Decimal t, long salt, int nullOneIn, java.util.function.LongFunction<BigInteger> value) {
        return (from, n, arena) -> {
            int w = t.minimumByteWidth();
            MemorySegment data = arena.allocate(Math.max(1L, (long) n * w), Math.min(16, w));
            for (int i = 0; i < n; i++) {
                BigInteger v = value.apply(from + i);
                byte[] be = v.toByteArray();
                byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
                for (int k = 0; k < w; k++) {
                    data.set(ValueLayout.JAVA_BYTE, (long) i * w + k, k < be.length ? be[be.length - 1 - k] : fill);
                }
            }
            Validity v = t.nullable() ? Validity.ofBits(validity(from, n, salt, nullOneIn, arena)) : Validity.ALL_VALID;
            return new DecimalArray(t, w, data, n, v);
        };
    }

    private static Gen extension(DType.Extension t, Gen storage) {
        return (from, n, arena) -> new ExtensionArray(t, storage.rows(from, n, arena));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final String MAX_CHAR = new String(Character.toChars(0x10FFFF));

    /// Every kind of column the writer takes, with nulls, extremes and overflowing sums.
    private static List<Col> allColumns() {
        List<Col> c = new ArrayList<>();
        c.add(new Col(
                "i8",
                new DType.Primitive(PType.I8, true),
                ints(new DType.Primitive(PType.I8, true), 1, 13, r -> Math.floorMod(h(r, 1), 256) - 128)));
        c.add(new Col(
                "i16",
                new DType.Primitive(PType.I16, false),
                ints(new DType.Primitive(PType.I16, false), 2, 0, r -> Math.floorMod(h(r, 2), 65_536) - 32_768)));
        c.add(new Col(
                "i32_sorted",
                new DType.Primitive(PType.I32, true),
                ints(new DType.Primitive(PType.I32, true), 3, 29, r -> r / 3 - 5000)));
        c.add(new Col(
                "i64_wide",
                new DType.Primitive(PType.I64, true),
                ints(new DType.Primitive(PType.I64, true), 4, 7, r -> h(r, 4))));
        c.add(new Col(
                "i64_const",
                new DType.Primitive(PType.I64, false),
                ints(new DType.Primitive(PType.I64, false), 5, 0, r -> 42)));
        c.add(new Col(
                "u8",
                new DType.Primitive(PType.U8, false),
                ints(new DType.Primitive(PType.U8, false), 6, 0, r -> Math.floorMod(h(r, 6), 256))));
        c.add(new Col(
                "u16",
                new DType.Primitive(PType.U16, true),
                ints(new DType.Primitive(PType.U16, true), 7, 5, r -> Math.floorMod(h(r, 7), 1000))));
        c.add(new Col(
                "u32",
                new DType.Primitive(PType.U32, false),
                ints(new DType.Primitive(PType.U32, false), 8, 0, r -> h(r, 8) >>> 32)));
        c.add(new Col(
                "u64_wide",
                new DType.Primitive(PType.U64, true),
                ints(new DType.Primitive(PType.U64, true), 9, 17, r -> h(r, 9) | Long.MIN_VALUE)));
        c.add(new Col(
                "u64_small",
                new DType.Primitive(PType.U64, false),
                ints(new DType.Primitive(PType.U64, false), 10, 0, r -> r % 100)));
        c.add(new Col("f16", new DType.Primitive(PType.F16, true), f16(11, 9)));
        c.add(new Col(
                "f32",
                new DType.Primitive(PType.F32, true),
                doubles(new DType.Primitive(PType.F32, true), 12, 11, r -> switch ((int) Math.floorMod(h(r, 12), 40)) {
                    case 0 -> Double.NaN;
                    case 1 -> Double.NEGATIVE_INFINITY;
                    default -> (Math.floorMod(h(r, 13), 1_000_000) - 500_000) / 100.0;
                })));
        c.add(new Col(
                "f64",
                new DType.Primitive(PType.F64, true),
                doubles(new DType.Primitive(PType.F64, true), 14, 6, r -> switch ((int) Math.floorMod(h(r, 14), 30)) {
                    case 0 -> Double.NaN;
                    case 1 -> -0.0;
                    case 2 -> 1e300;
                    default -> Math.floorMod(h(r, 15), 100_000) / 100.0;
                })));
        c.add(new Col(
                "f64_all_nan",
                new DType.Primitive(PType.F64, false),
                doubles(new DType.Primitive(PType.F64, false), 16, 0, r -> Double.NaN)));
        c.add(new Col("bool", new DType.Bool(true), (from, n, arena) -> {
            Builders.BoolBuilder b = Builders.bools(new DType.Bool(true));
            for (int i = 0; i < n; i++) {
                if (isNull(from + i, 17, 4)) {
                    b.appendNull();
                } else {
                    b.append((h(from + i, 17) & 1) == 0);
                }
            }
            return b.build(arena);
        }));
        c.add(new Col("bool_true", new DType.Bool(false), (from, n, arena) -> {
            Builders.BoolBuilder b = Builders.bools(new DType.Bool(false));
            for (int i = 0; i < n; i++) {
                b.append(true);
            }
            return b.build(arena);
        }));
        c.add(new Col("utf8_long", new DType.Utf8(true), strings(new DType.Utf8(true), 18, 10, r -> {
            int len = (int) Math.floorMod(h(r, 18), 120);
            StringBuilder s = new StringBuilder();
            s.append(
                    switch ((int) Math.floorMod(h(r, 19), 5)) {
                        case 0 -> "é";
                        case 1 -> MAX_CHAR;
                        case 2 -> "zz";
                        case 3 -> "";
                        default -> "a";
                    });
            for (int k = 0; k < len; k++) {
                s.append((char) ('a' + Math.floorMod(h(r, 20 + k), 26)));
            }
            if (Math.floorMod(h(r, 21), 97) == 0) {
                s.append(MAX_CHAR.repeat(30));
            }
            return utf8(s.toString());
        })));
        c.add(new Col(
                "utf8_dict",
                new DType.Utf8(true),
                strings(new DType.Utf8(true), 22, 8, r -> utf8("city-" + Math.floorMod(h(r, 22), 37)))));
        c.add(new Col(
                "utf8_medium",
                new DType.Utf8(false),
                strings(new DType.Utf8(false), 23, 0, r -> utf8("m" + Math.floorMod(h(r, 23), 2600)))));
        c.add(new Col("binary", new DType.Binary(true), strings(new DType.Binary(true), 24, 12, r -> {
            int len = (int) Math.floorMod(h(r, 24), 90);
            byte[] b = new byte[len];
            for (int k = 0; k < len; k++) {
                b[k] = Math.floorMod(h(r, 25), 3) == 0 ? (byte) 0xFF : (byte) h(r, 26 + k);
            }
            return b;
        })));
        c.add(new Col("binary_ff", new DType.Binary(false), strings(new DType.Binary(false), 27, 0, r -> {
            byte[] b = new byte[70 + (int) (r % 3)];
            java.util.Arrays.fill(b, (byte) 0xFF);
            return b;
        })));
        c.add(new Col("utf8_empty", new DType.Utf8(false), strings(new DType.Utf8(false), 28, 0, r -> new byte[0])));
        DType.Decimal d10 = new DType.Decimal(10, 2, true);
        c.add(new Col(
                "dec10",
                d10,
                decimals(
                        d10,
                        29,
                        9,
                        r -> BigInteger.valueOf(Math.floorMod(h(r, 29), 20_000_000_000L) - 10_000_000_000L))));
        DType.Decimal d4 = new DType.Decimal(4, 1, false);
        c.add(new Col(
                "dec4", d4, decimals(d4, 30, 0, r -> BigInteger.valueOf(Math.floorMod(h(r, 30), 19_999) - 9_999))));
        DType.Decimal d18 = new DType.Decimal(18, 0, true);
        c.add(new Col(
                "dec18_big",
                d18,
                decimals(
                        d18,
                        31,
                        5,
                        r -> BigInteger.valueOf(
                                900_000_000_000_000_000L + Math.floorMod(h(r, 31), 99_999_999_999_999_999L)))));
        DType.Decimal d38 = new DType.Decimal(38, 5, true);
        c.add(new Col(
                "dec38",
                d38,
                decimals(
                        d38,
                        32,
                        7,
                        r -> BigInteger.valueOf(h(r, 32))
                                .multiply(BigInteger.valueOf(h(r, 33)))
                                .mod(BigInteger.TEN.pow(38))
                                .subtract(BigInteger.TEN.pow(37)))));
        DType.Decimal d76 = new DType.Decimal(76, 0, false);
        c.add(new Col(
                "dec76",
                d76,
                decimals(d76, 34, 0, r -> BigInteger.TEN.pow(75).multiply(BigInteger.valueOf(5 + r % 4)))));
        byte[] tsMeta = {2, 3, 0, 'U', 'T', 'C'};
        DType.Extension ts = new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), tsMeta);
        c.add(new Col(
                "timestamp",
                ts,
                extension(ts, ints(ts.storage(), 35, 15, r -> 1_700_000_000_000L + r * 1000 + h(r, 35) % 1000))));
        DType.Extension date = new DType.Extension("test.day", new DType.Primitive(PType.I32, false), new byte[] {7});
        c.add(new Col("ext_i32", date, extension(date, ints(date.storage(), 36, 0, r -> 19_000 + r / 100))));
        DType.Extension extStr = new DType.Extension("test.label", new DType.Utf8(true), new byte[0]);
        c.add(new Col(
                "ext_utf8",
                extStr,
                extension(extStr, strings(extStr.storage(), 37, 6, r -> utf8("label-" + h(r, 37) % 500)))));
        DType.Extension extF =
                new DType.Extension("test.measure", new DType.Primitive(PType.F64, true), new byte[] {1, 2});
        c.add(new Col("ext_f64", extF, extension(extF, doubles(extF.storage(), 38, 9, r -> (h(r, 38) % 1000) / 8.0))));
        c.add(new Col("null", new DType.Null(), (from, n, arena) -> new NullArray(n)));
        c.add(new Col(
                "i64_all_null",
                new DType.Primitive(PType.I64, true),
                ints(new DType.Primitive(PType.I64, true), 39, 1, r -> 0)));
        c.add(new Col("utf8_all_null", new DType.Utf8(true), strings(new DType.Utf8(true), 40, 1, r -> new byte[0])));
        DType.ListType listType = new DType.ListType(new DType.Primitive(PType.I32, true), true);
        c.add(new Col("list_i32", listType, (from, n, arena) -> {
            MemorySegment offsets = arena.allocate((n + 1) * 8L, 8);
            long total = 0;
            for (int i = 0; i < n; i++) {
                offsets.setAtIndex(PrimitiveArray.LE_LONG, i, total);
                total += Math.floorMod(h(from + i, 41), 5);
            }
            offsets.setAtIndex(PrimitiveArray.LE_LONG, n, total);
            // Elements are numbered from the batch's first row times the longest list: deterministic
            // for a given batch split, which is all a hash needs.
            Array elements = ints(listType.element(), 42, 6, r -> Math.floorMod(h(r, 42), 10_000))
                    .rows(from * 4, (int) total, arena);
            return new ListArray(listType, offsets, elements, n, Validity.ofBits(validity(from, n, 43, 9, arena)));
        }));
        DType.FixedSizeList fsl = new DType.FixedSizeList(new DType.Primitive(PType.F32, false), 3, false);
        c.add(new Col(
                "fsl_f32",
                fsl,
                (from, n, arena) -> new FixedSizeListArray(
                        fsl,
                        doubles(fsl.element(), 44, 0, r -> (h(r, 44) % 10_000) / 4.0)
                                .rows(from * 3, n * 3, arena),
                        n,
                        Validity.ALL_VALID)));
        DType.MapType mapType =
                new DType.MapType(new DType.Utf8(false), new DType.Primitive(PType.I64, true), false, true);
        c.add(new Col("map", mapType, (from, n, arena) -> {
            MemorySegment offsets = arena.allocate((n + 1) * 8L, 8);
            long total = 0;
            for (int i = 0; i < n; i++) {
                offsets.setAtIndex(PrimitiveArray.LE_LONG, i, total);
                total += Math.floorMod(h(from + i, 45), 3);
            }
            offsets.setAtIndex(PrimitiveArray.LE_LONG, n, total);
            DType.Struct entry = dev.jvortex.core.array.ArrayOps.mapEntry(mapType);
            Array keys = strings(mapType.key(), 46, 0, r -> utf8("k" + Math.floorMod(h(r, 46), 7)))
                    .rows(from * 3, (int) total, arena);
            Array values = ints(mapType.value(), 47, 5, r -> h(r, 47) % 100).rows(from * 3, (int) total, arena);
            return new ListArray(
                    mapType,
                    offsets,
                    new StructArray(entry, List.of(keys, values), (int) total, Validity.ALL_VALID),
                    n,
                    Validity.ofBits(validity(from, n, 48, 10, arena)));
        }));
        DType.Struct inner = DType.struct(false, "flag", new DType.Bool(true), "code", new DType.Utf8(false));
        DType.Struct outer = DType.struct(
                true, "a", new DType.Primitive(PType.I32, true), "b", new DType.Utf8(true), "inner", inner);
        c.add(new Col("struct", outer, (from, n, arena) -> {
            Array a = ints(outer.fields().get(0), 49, 8, r -> h(r, 49) % 1000).rows(from, n, arena);
            Array b = strings(outer.fields().get(1), 50, 3, r -> utf8("b" + Math.floorMod(h(r, 50), 20_000)))
                    .rows(from, n, arena);
            Builders.BoolBuilder flags = Builders.bools(inner.fields().get(0));
            for (int i = 0; i < n; i++) {
                if (isNull(from + i, 51, 5)) {
                    flags.appendNull();
                } else {
                    flags.append((h(from + i, 51) & 2) != 0);
                }
            }
            Array code = strings(inner.fields().get(1), 52, 0, r -> utf8("c" + Math.floorMod(h(r, 52), 4)))
                    .rows(from, n, arena);
            StructArray in = new StructArray(inner, List.of(flags.build(arena), code), n, Validity.ALL_VALID);
            return new StructArray(outer, List.of(a, b, in), n, Validity.ofBits(validity(from, n, 53, 7, arena)));
        }));
        DType.Struct plain = DType.struct(false, "x", new DType.Primitive(PType.U32, false), "y", new DType.Utf8(true));
        c.add(new Col(
                "plain_struct",
                plain,
                (from, n, arena) -> new StructArray(
                        plain,
                        List.of(
                                ints(plain.fields().get(0), 54, 0, r -> r * 7).rows(from, n, arena),
                                strings(plain.fields().get(1), 55, 4, r -> utf8("y" + r % 5))
                                        .rows(from, n, arena)),
                        n,
                        Validity.ALL_VALID)));
        return c;
    }

    private static DType.Struct schema(List<Col> cols) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Col c : cols) {
            names.add(c.name());
            types.add(c.dtype());
        }
        return new DType.Struct(names, types, false);
    }

    private static List<Col> only(List<Col> all, String... names) {
        List<Col> out = new ArrayList<>();
        for (String n : names) {
            for (Col c : all) {
                if (c.name().equals(n)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /// Writes `rows` rows of `cols` in batches of the sizes in `batches` (repeated; zero-row
    /// batches included) and returns the file's SHA-256.
    private String write(String name, List<Col> cols, long rows, int[] batches, WriteOptions options)
            throws IOException {
        Path target = dir.resolve(name + ".vortex");
        DType.Struct schema = schema(cols);
        try (VortexWriter w = VortexWriter.create(target, schema, options)) {
            long from = 0;
            int k = 0;
            while (from < rows || (rows == 0 && k < batches.length && batches[k] == 0)) {
                int n = (int) Math.min(batches[k % batches.length], rows - from);
                k++;
                try (Arena arena = Arena.ofConfined()) {
                    List<Array> batch = new ArrayList<>();
                    for (Col c : cols) {
                        batch.add(c.gen().rows(from, n, arena));
                    }
                    w.write(batch);
                }
                from += n;
            }
            w.finish();
        }
        try (dev.jvortex.file.VortexFile f = dev.jvortex.file.VortexFile.open(target)) {
            assertEquals(rows, f.rowCount(), name);
        }
        try {
            String hash = HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(target)));
            Files.delete(target);
            return hash;
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /// The cases: name -> hash.
    private Map<String, String> hashes() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        List<Col> all = allColumns();
        WriteOptions base =
                WriteOptions.defaults().withTargetChunkBytes(64 * 1024).withRowBlock(2048);
        int[] odd = {7001, 0, 1, 3333, 12_000};
        Map<String, WriteOptions> variants = new LinkedHashMap<>();
        variants.put("default", base);
        variants.put("compact", base.withPreset(CompressionPreset.COMPACT));
        variants.put("no-zones", base.withZoneMaps(false));
        variants.put("no-dicts", base.withDictionaries(false));
        variants.put(
                "no-stats",
                new WriteOptions(
                        base.targetChunkBytes(),
                        base.rowBlock(),
                        true,
                        false,
                        true,
                        true,
                        base.preset(),
                        base.cascadeDepth(),
                        base.parallelism(),
                        null));
        variants.put("canonical", base.compress(false));
        variants.put("small-chunks", base.withTargetChunkBytes(4096).withRowBlock(256));
        variants.put("depth-1", base.withCascadeDepth(1));
        variants.put("serial", base.withParallelism(1));
        variants.put("parallel-3", base.withParallelism(3));
        for (Map.Entry<String, WriteOptions> v : variants.entrySet()) {
            out.put("all-" + v.getKey(), write("all-" + v.getKey(), all, 12_000, odd, v.getValue()));
        }
        out.put("all-reference-defaults", write("all-ref", all, 20_000, new int[] {20_000}, WriteOptions.defaults()));
        out.put("all-one-row", write("one", all, 1, new int[] {1}, base));
        out.put("all-no-rows", write("none", all, 0, new int[] {0}, base));
        out.put("all-never-written", write("never", all, 0, new int[] {1}, base));
        out.put("no-columns", write("nocols", List.of(), 0, new int[] {1}, base));
        out.put(
                "compact-small-no-dicts",
                write(
                        "csc",
                        all,
                        9000,
                        new int[] {1000, 999},
                        base.withPreset(CompressionPreset.COMPACT)
                                .withTargetChunkBytes(8192)
                                .withRowBlock(512)
                                .withDictionaries(false)));
        // A dictionary column that fills its dictionary (a chunked run of dictionaries) and one
        // with more codes than fit a code chunk.
        Col filling = new Col(
                "filling",
                new DType.Utf8(true),
                strings(new DType.Utf8(true), 60, 7, r -> utf8(r < 10_000 ? "v" + (r % 10) : "value-" + (r / 2))));
        Col many = new Col(
                "many",
                new DType.Utf8(false),
                strings(new DType.Utf8(false), 61, 0, r -> utf8("w" + Math.floorMod(h(r, 61), 9))));
        out.put(
                "dict-filling",
                write("dict-filling", List.of(filling), 200_000, new int[] {65_536}, WriteOptions.defaults()));
        out.put(
                "dict-many-codes",
                write("dict-many", List.of(many), 600_000, new int[] {100_000}, WriteOptions.defaults()));
        out.put(
                "dict-many-codes-canonical",
                write(
                        "dict-many-c",
                        List.of(many),
                        600_000,
                        new int[] {100_000},
                        WriteOptions.defaults().compress(false)));
        out.put(
                "numbers-big-chunks",
                write(
                        "numbers",
                        only(all, "i64_wide", "u64_wide", "f64", "dec38", "timestamp"),
                        100_000,
                        new int[] {30_000},
                        WriteOptions.defaults()));
        return out;
    }

    @Test
    void writtenBytesMatchTheRecordedHashes() throws IOException {
        Map<String, String> actual = hashes();
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> e : actual.entrySet()) {
            text.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
        }
        String record = System.getProperty("jvortex.golden.record");
        if (record != null && !record.isEmpty()) {
            // `true` (as GoldenWritesTest takes it) records into this module's own resource.
            Path target = record.equals("true")
                    ? Path.of("src/test/resources/dev/jvortex/file/write/writer-golden.txt")
                    : Path.of(record);
            Files.writeString(target, text.toString());
            return;
        }
        String expected;
        try (InputStream in = WriterGoldenTest.class.getResourceAsStream("writer-golden.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(expected, text.toString());
    }
}
