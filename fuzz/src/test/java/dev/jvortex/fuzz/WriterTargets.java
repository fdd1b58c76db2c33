package dev.jvortex.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.convert.csv.CsvConverter;
import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/// Fuzz target bodies for the writer (arbitrary values in, the same values out) and the
/// converters (arbitrary CSV and Parquet bytes in, a classified error or a file out).
final class WriterTargets {
    private WriterTargets() {}

    private static final DType.Extension TS =
            new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 0, 0});

    /// Column types the writer target picks from.
    private static final List<DType> TYPES = List.of(
            new DType.Primitive(PType.I8, true),
            new DType.Primitive(PType.U16, false),
            new DType.Primitive(PType.I32, true),
            new DType.Primitive(PType.I64, false),
            new DType.Primitive(PType.U64, true),
            new DType.Primitive(PType.F32, true),
            new DType.Primitive(PType.F64, false),
            new DType.Bool(true),
            new DType.Utf8(true),
            new DType.Binary(false),
            TS);

    private static Path scratch() {
        try {
            return Files.createTempDirectory("jvortex-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /// Writes 1-4 columns of fuzzer-chosen types and values (runs, repeats, nulls, NaNs, any
    /// bytes) with fuzzer-chosen options, reads the file back and checks every value.
    static void writeAndRead(FuzzedDataProvider data) {
        int columns = data.consumeInt(1, 4);
        int rows = data.consumeInt(0, 3000);
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            names.add("c" + c);
            types.add(data.pickValue(TYPES));
        }
        DType.Struct schema = new DType.Struct(names, types, false);
        WriteOptions options = WriteOptions.defaults()
                .withRowBlock(data.pickValue(new Integer[] {8, 100, 1024, 8192}))
                .withTargetChunkBytes(data.pickValue(new Long[] {512L, 8192L, 1L << 20}))
                .withDictionaries(data.consumeBoolean())
                .withZoneMaps(data.consumeBoolean())
                .withPreset(data.consumeBoolean() ? CompressionPreset.COMPACT : CompressionPreset.DEFAULT)
                .withParallelism(1);
        Object[][] values = new Object[columns][rows];
        for (int c = 0; c < columns; c++) {
            fill(data, types.get(c), values[c]);
        }
        Path dir = scratch();
        try (Arena arena = Arena.ofConfined()) {
            Path file = dir.resolve("w.vortex");
            List<Array> arrays = new ArrayList<>();
            for (int c = 0; c < columns; c++) {
                arrays.add(build(types.get(c), values[c], arena));
            }
            try (VortexWriter w = VortexWriter.create(file, schema, options)) {
                w.write(arrays);
                w.finish();
            }
            try (VortexFile f = VortexFile.open(file);
                    Scan scan = f.scan(ScanOptions.all().withParallelism(1))) {
                if (f.rowCount() != rows) {
                    throw new AssertionError("wrote " + rows + " rows, read " + f.rowCount());
                }
                for (Batch b : scan) {
                    try (b) {
                        for (int c = 0; c < columns; c++) {
                            for (int i = 0; i < b.rowCount(); i++) {
                                int row = (int) b.rowIndex(i);
                                Object got = value(b.column(c), i);
                                if (!same(values[c][row], got)) {
                                    throw new AssertionError("column " + c + " (" + types.get(c) + ") row " + row
                                            + ": wrote " + show(values[c][row]) + ", read " + show(got));
                                }
                            }
                        }
                    }
                }
            }
        } catch (VortexException e) {
            Targets.expected(e);
            throw new AssertionError("valid values were refused: " + e.getMessage(), e);
        } finally {
            delete(dir);
        }
    }

    private static void fill(FuzzedDataProvider data, DType t, Object[] out) {
        int i = 0;
        while (i < out.length) {
            // A run of one value (possibly null), as data often has.
            int run = Math.min(out.length - i, data.consumeBoolean() ? 1 : data.consumeInt(1, 300));
            Object v = t.nullable() && data.consumeInt(0, 7) == 0 ? null : one(data, t);
            Arrays.fill(out, i, i + run, v);
            i += run;
        }
    }

    private static Object one(FuzzedDataProvider data, DType t) {
        return switch (t) {
            case DType.Primitive p ->
                switch (p.ptype()) {
                    case I8 -> (long) data.consumeByte();
                    case U16 -> (long) (data.consumeShort() & 0xFFFF);
                    case I32 -> (long) data.consumeInt();
                    case F32 -> (double) data.consumeRegularFloat();
                    case F64 ->
                        data.consumeBoolean()
                                ? data.pickValue(new Double[] {Double.NaN, -0.0, Double.POSITIVE_INFINITY, 1e308})
                                : data.consumeDouble();
                    default -> data.consumeLong();
                };
            case DType.Bool b -> data.consumeBoolean();
            case DType.Utf8 u -> data.consumeString(data.consumeInt(0, 64));
            case DType.Binary b -> data.consumeBytes(data.consumeInt(0, 64));
            default -> data.consumeLong();
        };
    }

    private static Array build(DType t, Object[] values, Arena arena) {
        return switch (t) {
            case DType.Extension e -> new ExtensionArray(e, build(e.storage(), values, arena));
            case DType.Primitive p
            when p.ptype().isFloat() -> {
                Builders.DoubleBuilder b = Builders.doubles(t);
                for (Object v : values) {
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append((Double) v);
                    }
                }
                yield b.build(arena);
            }
            case DType.Primitive p -> {
                Builders.LongBuilder b = Builders.longs(t);
                for (Object v : values) {
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append((Long) v);
                    }
                }
                yield b.build(arena);
            }
            case DType.Bool bt -> {
                Builders.BoolBuilder b = Builders.bools(t);
                for (Object v : values) {
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append((Boolean) v);
                    }
                }
                yield b.build(arena);
            }
            default -> {
                Builders.StringBuilder b = Builders.strings(t);
                for (Object v : values) {
                    switch (v) {
                        case null -> b.appendNull();
                        case String s -> b.append(s);
                        default -> b.append((byte[]) v);
                    }
                }
                yield b.build(arena);
            }
        };
    }

    private static Object value(Array a, int i) {
        if (a instanceof ExtensionArray e) {
            return value(e.storage(), i);
        }
        if (!a.validity().isValid(i)) {
            return null;
        }
        return switch (a) {
            case PrimitiveArray p -> p.ptype().isFloat() ? (Object) p.getDouble(i) : (Object) p.getLong(i);
            case BoolArray b -> b.get(i);
            case VarBinViewArray v -> v.dtype() instanceof DType.Utf8 ? v.getString(i) : v.getBytes(i);
            default ->
                throw new AssertionError("unexpected array " + a.getClass().getSimpleName());
        };
    }

    private static boolean same(Object wrote, Object read) {
        if (wrote instanceof Double d && read instanceof Double e) {
            return Double.doubleToLongBits(d) == Double.doubleToLongBits(e) || (Double.isNaN(d) && Double.isNaN(e));
        }
        if (wrote instanceof byte[] a && read instanceof byte[] b) {
            return Arrays.equals(a, b);
        }
        return Objects.equals(wrote, read);
    }

    private static String show(Object v) {
        return v instanceof byte[] b ? Arrays.toString(b) : String.valueOf(v);
    }

    /// Converts `bytes` as a CSV file (delimiter chosen by the first byte).
    static void convertCsv(byte[] bytes) {
        convert(bytes, ".csv", (in, out) -> {
            char delimiter = bytes.length > 0 && bytes[0] == ';' ? ';' : ',';
            new CsvConverter(100, 1000, delimiter).convert(in, out, WriteOptions.defaults(), n -> {});
        });
    }

    /// Converts `bytes` as a Parquet file.
    static void convertParquet(byte[] bytes) {
        convert(bytes, ".parquet", (in, out) -> ParquetConverter.convert(in, out, WriteOptions.defaults(), n -> {}));
    }

    private interface Conversion {
        void run(Path in, Path out) throws IOException;
    }

    private static void convert(byte[] bytes, String suffix, Conversion conversion) {
        Path dir = scratch();
        try {
            Path in = dir.resolve("in" + suffix);
            Path out = dir.resolve("out.vortex");
            Files.write(in, bytes);
            try {
                conversion.run(in, out);
            } catch (VortexException e) {
                Targets.expected(e);
                return;
            } catch (CharacterCodingException e) {
                // Invalid UTF-8 in a CSV: issue 18 item 6 (a clear error with the line) belongs to
                // the convert module; an I/O error is what it gives until then.
                return;
            }
            // A converted file must read back.
            Targets.openAndScan(Files.readAllBytes(out));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }
}
