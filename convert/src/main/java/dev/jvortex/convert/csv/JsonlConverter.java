package dev.jvortex.convert.csv;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;

/// Converts JSON Lines (one JSON object per line) to a Vortex file, streaming.
///
/// The schema is inferred from the first lines (by default 10,000), as for CSV: the columns are
/// the keys in the order they are first seen; a column whose values are all JSON booleans is
/// bool, all integers that fit 64 bits i64, numbers f64 (integers and decimals mixed), strings
/// that all read as `YYYY-MM-DD` a date, as ISO-8601 date-times a timestamp (in microseconds; a
/// UTC instant when they carry `Z` or an offset), other strings utf8. Objects and arrays, and
/// columns whose values mix kinds, become utf8 holding the value's JSON text. Every column is
/// nullable: `null` and a missing key are null. A later line with a key not seen in the sample,
/// or a value that does not fit its column's type, fails with the line and the key. Blank lines
/// are skipped; a line that is not a JSON object fails with its line and column.
public final class JsonlConverter {
    private final int sampleRows;
    private final int batchRows;

    /// Creates a converter sampling `sampleRows` lines for types and writing `batchRows` rows at a time.
    public JsonlConverter(int sampleRows, int batchRows) {
        if (sampleRows < 1 || batchRows < 1) {
            throw VortexException.misuse("JSON Lines sample and batch rows must be positive");
        }
        this.sampleRows = sampleRows;
        this.batchRows = batchRows;
    }

    /// A converter with the defaults: 10,000 sample lines, 65,536-row batches.
    public static JsonlConverter defaults() {
        return new JsonlConverter(10_000, 65_536);
    }

    /// Converts the JSON Lines file `in` to the Vortex file `out`; `progress` is told the rows written so far.
    public CsvConverter.Result convert(Path in, Path out, WriteOptions options, LongConsumer progress)
            throws IOException {
        try (InputStream stream = Files.newInputStream(in)) {
            return convert(stream, in.toString(), out, options, progress);
        }
    }

    /// Converts the JSON Lines text read from `in` (named `name` in errors; not closed) to `out`.
    public CsvConverter.Result convert(
            InputStream in, String name, Path out, WriteOptions options, LongConsumer progress) throws IOException {
        Lines lines = new Lines(new BufferedReader(new Utf8Reader(in), 1 << 16), name);
        List<Map<String, Object>> sample = new ArrayList<>();
        List<Long> sampleLines = new ArrayList<>();
        LinkedHashMap<String, CsvConverter.Kind> kinds = new LinkedHashMap<>();
        while (sample.size() < sampleRows) {
            Map<String, Object> rec = lines.next();
            if (rec == null) {
                break;
            }
            sample.add(rec);
            sampleLines.add(lines.line);
            for (Map.Entry<String, Object> e : rec.entrySet()) {
                kinds.putIfAbsent(e.getKey(), null);
                Object v = e.getValue();
                if (v == null) {
                    continue;
                }
                CsvConverter.Kind k = kindOf(v);
                kinds.put(e.getKey(), CsvConverter.widen(kinds.get(e.getKey()), k));
            }
        }
        if (kinds.isEmpty() && !sample.isEmpty()) {
            throw VortexException.corrupt(name + ": the JSON objects have no keys");
        }
        List<String> names = new ArrayList<>(kinds.keySet());
        CsvConverter.Kind[] kindArray = new CsvConverter.Kind[names.size()];
        for (int c = 0; c < names.size(); c++) {
            CsvConverter.Kind k = kinds.get(names.get(c));
            kindArray[c] = k == null ? CsvConverter.Kind.STRING : k;
        }
        DType.Struct schema = CsvConverter.schema(names, kindArray);
        long rows = 0;
        try (VortexWriter writer = VortexWriter.create(out, schema, options)) {
            CsvConverter.Batch batch = new CsvConverter.Batch("JSON Lines", schema, kindArray);
            try {
                for (int r = 0; r < sample.size(); r++) {
                    batch.add(
                            fields(sample.get(r), names, kindArray, sampleLines.get(r), name),
                            sampleLines.get(r),
                            names);
                    if (batch.size() == batchRows) {
                        rows += batch.flush(writer);
                        progress.accept(rows);
                    }
                }
                sample.clear();
                while (true) {
                    Map<String, Object> rec = lines.next();
                    if (rec == null) {
                        break;
                    }
                    batch.add(fields(rec, names, kindArray, lines.line, name), lines.line, names);
                    if (batch.size() == batchRows) {
                        rows += batch.flush(writer);
                        progress.accept(rows);
                    }
                }
                rows += batch.flush(writer);
                progress.accept(rows);
            } catch (RuntimeException | IOException e) {
                writer.abort();
                throw e;
            }
            writer.finish();
        }
        return new CsvConverter.Result(rows, schema);
    }

    private static CsvConverter.Kind kindOf(Object v) {
        return switch (v) {
            case Boolean b -> CsvConverter.Kind.BOOL;
            case JsonText.Number n ->
                n.integral() && CsvConverter.parseLong(n.text()) != null
                        ? CsvConverter.Kind.INT
                        : CsvConverter.Kind.FLOAT;
            case String s -> {
                CsvConverter.Kind k = CsvConverter.kindOf(s);
                yield k == CsvConverter.Kind.DATE
                                || k == CsvConverter.Kind.TIMESTAMP
                                || k == CsvConverter.Kind.TIMESTAMP_UTC
                        ? k
                        : CsvConverter.Kind.STRING;
            }
            default -> CsvConverter.Kind.STRING;
        };
    }

    /// The record's values in column order, as the text the CSV batch parses.
    private static List<String> fields(
            Map<String, Object> rec, List<String> names, CsvConverter.Kind[] kinds, long line, String name) {
        for (String key : rec.keySet()) {
            if (!names.contains(key)) {
                throw VortexException.corrupt(name + ": JSON Lines line " + line + ": key '" + key
                        + "' was not in the lines the schema was inferred from; the columns are " + names);
            }
        }
        List<String> out = new ArrayList<>(names.size());
        for (int c = 0; c < names.size(); c++) {
            Object v = rec.get(names.get(c));
            if (v == null) {
                out.add(null);
                continue;
            }
            CsvConverter.Kind k = kinds[c];
            boolean fits = switch (k) {
                case BOOL -> v instanceof Boolean;
                case INT, FLOAT -> v instanceof JsonText.Number;
                case DATE, TIMESTAMP, TIMESTAMP_UTC -> v instanceof String;
                case STRING -> true;
            };
            if (!fits) {
                StringBuilder sb = new StringBuilder();
                JsonText.write(sb, v);
                throw VortexException.corrupt(name + ": JSON Lines line " + line + ", key '" + names.get(c) + "': "
                        + sb + " is not a " + k.name().toLowerCase(Locale.ROOT)
                        + " (the type was inferred from the first lines)");
            }
            if (v instanceof String s) {
                out.add(s);
            } else {
                StringBuilder sb = new StringBuilder();
                JsonText.write(sb, v);
                out.add(sb.toString());
            }
        }
        return out;
    }

    /// Reads one JSON object per non-blank line.
    private static final class Lines {
        private final BufferedReader reader;
        private final String name;
        long line;

        Lines(BufferedReader reader, String name) {
            this.reader = reader;
            this.name = name;
        }

        @SuppressWarnings("unchecked") // JsonText returns LinkedHashMap<String, Object> for objects
        Map<String, Object> next() throws IOException {
            while (true) {
                String text;
                try {
                    text = reader.readLine();
                } catch (CharacterCodingException e) {
                    throw VortexException.corrupt(
                            name + ": JSON Lines line " + (line + 1) + ": the text is not valid UTF-8");
                }
                if (text == null) {
                    return null;
                }
                line++;
                if (text.isBlank()) {
                    continue;
                }
                Object v = JsonText.parse(text, name + ": JSON Lines line " + line);
                if (!(v instanceof Map)) {
                    throw VortexException.corrupt(name + ": JSON Lines line " + line + ": expected a JSON object");
                }
                return (Map<String, Object>) v;
            }
        }
    }
}
