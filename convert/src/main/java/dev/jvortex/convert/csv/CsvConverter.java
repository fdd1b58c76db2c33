package dev.jvortex.convert.csv;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongConsumer;

/// Converts a CSV file with a header line to a Vortex file, streaming.
///
/// Column types are inferred from the first rows (by default 10,000): bool, i64, f64, date
/// (`YYYY-MM-DD`), timestamp (ISO-8601 local date-time in microseconds; with `Z` or an offset,
/// a UTC instant) or utf8. Every column is nullable; an empty unquoted field is null. A later
/// value that does not fit the inferred type fails with its line and column. Every record must
/// have exactly as many fields as the header (otherwise: an error with the line and the first
/// missing or extra column); blank lines are skipped; text that is not UTF-8 fails with its line.
public final class CsvConverter {
    /// Inferred column kinds, from most to least specific.
    enum Kind {
        BOOL,
        INT,
        FLOAT,
        DATE,
        TIMESTAMP,
        TIMESTAMP_UTC,
        STRING
    }

    private static final byte[] DATE_DAYS = {4};
    private static final byte[] TS_MICROS = {1, 0, 0};
    private static final byte[] TS_MICROS_UTC = {1, 3, 0, 'U', 'T', 'C'};

    private final int sampleRows;
    private final int batchRows;
    private final char delimiter;

    /// Creates a converter sampling `sampleRows` rows for types and writing `batchRows` rows at a time.
    public CsvConverter(int sampleRows, int batchRows, char delimiter) {
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw VortexException.misuse("the CSV delimiter cannot be a quote or a line break");
        }
        if (sampleRows < 1 || batchRows < 1) {
            throw VortexException.misuse("CSV sample and batch rows must be positive");
        }
        this.sampleRows = sampleRows;
        this.batchRows = batchRows;
        this.delimiter = delimiter;
    }

    /// A converter with the defaults: 10,000 sample rows, 65,536-row batches, comma-separated.
    public static CsvConverter defaults() {
        return new CsvConverter(10_000, 65_536, ',');
    }

    /// What a conversion did.
    ///
    /// @param rows rows written
    /// @param schema the schema written
    public record Result(long rows, DType.Struct schema) {}

    /// Converts `csv` to the Vortex file `out`; `progress` is told the rows written so far.
    public Result convert(Path csv, Path out, WriteOptions options, LongConsumer progress) throws IOException {
        try (InputStream in = Files.newInputStream(csv)) {
            return convert(in, csv.toString(), out, options, progress);
        }
    }

    /// Converts the CSV text read from `in` (named `name` in errors; not closed) to the Vortex
    /// file `out`; `progress` is told the rows written so far.
    public Result convert(InputStream in, String name, Path out, WriteOptions options, LongConsumer progress)
            throws IOException {
        Path csv = Path.of(name);
        {
            Reader reader = new Utf8Reader(in);
            CsvParser parser = new CsvParser(reader, delimiter);
            List<String> header = parser.next();
            if (header == null) {
                throw VortexException.corrupt(csv + ": empty CSV file (no header line)");
            }

            List<String> names = new ArrayList<>();
            for (int i = 0; i < header.size(); i++) {
                String h = header.get(i);
                names.add(h == null || h.isEmpty() ? "column_" + i : h);
            }
            List<List<String>> sample = new ArrayList<>();
            List<Long> sampleLines = new ArrayList<>();
            while (sample.size() < sampleRows) {
                long line = parser.line();
                List<String> rec = parser.next();
                if (rec == null) {
                    break;
                }
                sample.add(rec);
                sampleLines.add(line);
            }
            Kind[] kinds = infer(names.size(), sample);
            DType.Struct schema = schema(names, kinds);
            long rows = 0;
            try (VortexWriter writer = VortexWriter.create(out, schema, options)) {
                Batch batch = new Batch(schema, kinds);
                try {
                    for (int r = 0; r < sample.size(); r++) {
                        batch.add(sample.get(r), sampleLines.get(r), names);
                        if (batch.size() == batchRows) {
                            rows += batch.flush(writer);
                            progress.accept(rows);
                        }
                    }
                    sample.clear();
                    while (true) {
                        long line = parser.line();
                        List<String> rec = parser.next();
                        if (rec == null) {
                            break;
                        }
                        batch.add(rec, line, names);
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
            return new Result(rows, schema);
        }
    }

    static Kind[] infer(int columns, List<List<String>> sample) {
        Kind[] kinds = new Kind[columns];
        for (int c = 0; c < columns; c++) {
            Kind k = null;
            for (List<String> rec : sample) {
                String v = c < rec.size() ? rec.get(c) : null;
                if (v == null) {
                    continue;
                }
                k = widen(k, kindOf(v));
                if (k == Kind.STRING) {
                    break;
                }
            }
            kinds[c] = k == null ? Kind.STRING : k;
        }
        return kinds;
    }

    static Kind widen(Kind a, Kind b) {
        if (a == null || a == b) {
            return b;
        }
        if ((a == Kind.INT && b == Kind.FLOAT) || (a == Kind.FLOAT && b == Kind.INT)) {
            return Kind.FLOAT;
        }
        if ((a == Kind.DATE && b == Kind.TIMESTAMP) || (a == Kind.TIMESTAMP && b == Kind.DATE)) {
            return Kind.TIMESTAMP;
        }
        return Kind.STRING;
    }

    static Kind kindOf(String v) {
        String s = v.trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
            return Kind.BOOL;
        }
        if (parseLong(s) != null) {
            return Kind.INT;
        }
        if (isFloat(s)) {
            return Kind.FLOAT;
        }
        if (s.length() == 10 && parseDate(s) != null) {
            return Kind.DATE;
        }
        if (s.length() >= 16 && s.charAt(4) == '-') {
            if (parseTimestamp(s) != null) {
                return Kind.TIMESTAMP;
            }
            if (parseInstant(s) != null) {
                return Kind.TIMESTAMP_UTC;
            }
        }
        return Kind.STRING;
    }

    static Long parseLong(String s) {
        if (s.isEmpty() || s.length() > 20) {
            return null;
        }
        char c0 = s.charAt(0);
        int start = c0 == '-' || c0 == '+' ? 1 : 0;
        if (start == s.length()) {
            return null;
        }
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static boolean isFloat(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        if (t.equals("nan") || t.equals("inf") || t.equals("-inf") || t.equals("infinity") || t.equals("-infinity")) {
            return true;
        }
        boolean digit = false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if ("+-.e".indexOf(c) < 0) {
                return false;
            }
        }
        if (!digit) {
            return false;
        }
        try {
            Double.parseDouble(t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static double parseDouble(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    static LocalDate parseDate(String s) {
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static LocalDateTime parseTimestamp(String s) {
        try {
            return LocalDateTime.parse(
                    s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static OffsetDateTime parseInstant(String s) {
        try {
            return OffsetDateTime.parse(
                    s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static DType.Struct schema(List<String> names, Kind[] kinds) {
        List<DType> types = new ArrayList<>();
        for (Kind k : kinds) {
            types.add(
                    switch (k) {
                        case BOOL -> new DType.Bool(true);
                        case INT -> new DType.Primitive(PType.I64, true);
                        case FLOAT -> new DType.Primitive(PType.F64, true);
                        case DATE ->
                            new DType.Extension("vortex.date", new DType.Primitive(PType.I32, true), DATE_DAYS);
                        case TIMESTAMP ->
                            new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), TS_MICROS);
                        case TIMESTAMP_UTC ->
                            new DType.Extension(
                                    "vortex.timestamp", new DType.Primitive(PType.I64, true), TS_MICROS_UTC);
                        case STRING -> new DType.Utf8(true);
                    });
        }
        return new DType.Struct(names, types, false);
    }

    /// Rows collected for one write.
    static final class Batch {
        private final String format;
        private final Kind[] kinds;
        private final Object[] builders;
        private int size;

        Batch(DType.Struct schema, Kind[] kinds) {
            this("CSV", schema, kinds);
        }

        Batch(String format, DType.Struct schema, Kind[] kinds) {
            this.format = format;
            this.kinds = kinds;
            this.builders = new Object[kinds.length];
            for (int c = 0; c < kinds.length; c++) {
                DType t = schema.fields().get(c);
                builders[c] = switch (kinds[c]) {
                    case BOOL -> Builders.bools(t);
                    case INT, DATE, TIMESTAMP, TIMESTAMP_UTC -> Builders.longs(t);
                    case FLOAT -> Builders.doubles(t);
                    case STRING -> Builders.strings(t);
                };
            }
        }

        int size() {
            return size;
        }

        void add(List<String> rec, long line, List<String> names) {
            if (rec.size() != kinds.length) {
                throw VortexException.corrupt(
                        "CSV line " + line + ", column " + (Math.min(rec.size(), kinds.length) + 1)
                                + ": " + rec.size() + (rec.size() == 1 ? " field" : " fields") + " but the header has "
                                + kinds.length
                                + (rec.size() < kinds.length
                                        ? " (column '" + names.get(rec.size()) + "' is missing)"
                                        : " (field " + (kinds.length + 1) + " has no column)"));
            }
            for (int c = 0; c < kinds.length; c++) {
                String v = c < rec.size() ? rec.get(c) : null;
                try {
                    set(c, v);
                } catch (RuntimeException e) {
                    throw VortexException.corrupt(format + " line " + line + ", column " + (c + 1) + " '" + names.get(c)
                            + "': '" + v
                            + "' is not a " + kinds[c].name().toLowerCase(Locale.ROOT)
                            + " (the type was inferred from the first rows)");
                }
            }
            size++;
        }

        private void set(int c, String v) {
            switch (kinds[c]) {
                case BOOL -> {
                    Builders.BoolBuilder b = (Builders.BoolBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else if (v.trim().equalsIgnoreCase("true")) {
                        b.append(true);
                    } else if (v.trim().equalsIgnoreCase("false")) {
                        b.append(false);
                    } else {
                        throw new IllegalArgumentException();
                    }
                }
                case INT -> {
                    Builders.LongBuilder b = (Builders.LongBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        Long x = parseLong(v.trim());
                        if (x == null) {
                            throw new IllegalArgumentException();
                        }
                        b.append(x);
                    }
                }
                case FLOAT -> {
                    Builders.DoubleBuilder b = (Builders.DoubleBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append(parseDouble(v));
                    }
                }
                case DATE -> {
                    Builders.LongBuilder b = (Builders.LongBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append(LocalDate.parse(v.trim()).toEpochDay());
                    }
                }
                case TIMESTAMP -> {
                    Builders.LongBuilder b = (Builders.LongBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        LocalDateTime t = v.trim().length() == 10
                                ? LocalDate.parse(v.trim()).atStartOfDay()
                                : parseTimestamp(v.trim());
                        if (t == null) {
                            throw new IllegalArgumentException();
                        }
                        b.append(micros(t.toEpochSecond(ZoneOffset.UTC), t.getNano()));
                    }
                }
                case TIMESTAMP_UTC -> {
                    Builders.LongBuilder b = (Builders.LongBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        OffsetDateTime t = parseInstant(v.trim());
                        if (t == null) {
                            throw new IllegalArgumentException();
                        }
                        b.append(micros(t.toEpochSecond(), t.getNano()));
                    }
                }
                case STRING -> {
                    Builders.StringBuilder b = (Builders.StringBuilder) builders[c];
                    if (v == null) {
                        b.appendNull();
                    } else {
                        b.append(v);
                    }
                }
            }
        }

        private static long micros(long seconds, int nanos) {
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1000);
        }

        long flush(VortexWriter writer) {
            if (size == 0) {
                return 0;
            }
            try (Arena arena = Arena.ofConfined()) {
                List<Array> cols = new ArrayList<>();
                for (Object b : builders) {
                    cols.add(((Builders.Base) b).build(arena));
                    ((Builders.Base) b).reset();
                }
                writer.write(cols);
            }
            int n = size;
            size = 0;
            return n;
        }
    }
}
