package dev.jvortex.convert.text;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongConsumer;

/// Writes the rows of a Vortex scan as JSON Lines or CSV (UTF-8), streaming batch by batch and
/// stopping after a row limit without reading further.
///
/// JSON Lines: one object per row, keys in column order, values as [ValueFormat] writes them
/// (nested values as JSON objects and arrays). CSV: a header line, then one line per row; a null
/// is an empty field, an empty string is `""`; strings are written as they are, decimals in plain
/// notation, other values as their JSON text without quotes where the text is a plain string
/// (dates, timestamps, base64 binary) and nested values as JSON text; fields holding the
/// delimiter, a quote or a line break are quoted (RFC 4180).
public final class TextExport {
    private static final int FLUSH_CHARS = 1 << 16;

    private TextExport() {}

    /// Writes the rows a scan with `options` returns as JSON Lines to `out`, at most `limit`
    /// rows (-1: all); returns the row count. `out` is flushed, not closed.
    public static long jsonl(VortexFile file, ScanOptions options, long limit, OutputStream out, LongConsumer progress)
            throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), FLUSH_CHARS);
        long rows = jsonl(file, options, limit, w, progress);
        w.flush();
        return rows;
    }

    /// Writes the rows as JSON Lines to `out` (see the class doc); returns the row count.
    public static long jsonl(VortexFile file, ScanOptions options, long limit, Writer out, LongConsumer progress)
            throws IOException {
        boolean table = file.dtype() instanceof DType.Struct;
        long rows = 0;
        try (Scan scan = file.scan(options)) {
            List<String> names = scan.columnNames();
            StringBuilder sb = new StringBuilder(FLUSH_CHARS + 1024);
            for (Batch batch : scan) {
                try (batch) {
                    int n = remaining(batch.rowCount(), rows, limit);
                    int cols = batch.columnCount();
                    Array[] arrays = new Array[cols];
                    for (int c = 0; c < cols; c++) {
                        arrays[c] = batch.column(c);
                    }
                    for (int i = 0; i < n; i++) {
                        if (table) {
                            sb.append('{');
                            for (int c = 0; c < cols; c++) {
                                if (c > 0) {
                                    sb.append(',');
                                }
                                ValueFormat.quote(sb, names.get(c));
                                sb.append(':');
                                ValueFormat.json(sb, arrays[c], i);
                            }
                            sb.append('}');
                        } else {
                            ValueFormat.json(sb, arrays[0], i);
                        }
                        sb.append('\n');
                        if (sb.length() > FLUSH_CHARS) {
                            out.append(sb);
                            sb.setLength(0);
                        }
                    }
                    rows += n;
                }
                out.append(sb);
                sb.setLength(0);
                progress.accept(rows);
                if (limit >= 0 && rows >= limit) {
                    break;
                }
            }
            out.append(sb);
        }
        out.flush();
        return rows;
    }

    /// Writes the rows as CSV with `delimiter` to `out` (flushed, not closed); returns the row count.
    public static long csv(
            VortexFile file, ScanOptions options, long limit, OutputStream out, char delimiter, LongConsumer progress)
            throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), FLUSH_CHARS);
        long rows = csv(file, options, limit, w, delimiter, progress);
        w.flush();
        return rows;
    }

    /// Writes the rows as CSV with `delimiter` to `out` (see the class doc); returns the row count.
    public static long csv(
            VortexFile file, ScanOptions options, long limit, Writer out, char delimiter, LongConsumer progress)
            throws IOException {
        long rows = 0;
        try (Scan scan = file.scan(options)) {
            List<String> names = scan.columnNames();
            StringBuilder sb = new StringBuilder(FLUSH_CHARS + 1024);
            for (int c = 0; c < names.size(); c++) {
                if (c > 0) {
                    sb.append(delimiter);
                }
                field(sb, names.get(c), delimiter, true);
            }
            sb.append('\n');
            StringBuilder cell = new StringBuilder();
            for (Batch batch : scan) {
                try (batch) {
                    int n = remaining(batch.rowCount(), rows, limit);
                    int cols = batch.columnCount();
                    for (int i = 0; i < n; i++) {
                        for (int c = 0; c < cols; c++) {
                            if (c > 0) {
                                sb.append(delimiter);
                            }
                            Array a = batch.column(c);
                            if (!a.isValid(i)) {
                                continue;
                            }
                            cell.setLength(0);
                            cellText(cell, a, i);
                            field(sb, cell, delimiter, true);
                        }
                        sb.append('\n');
                        if (sb.length() > FLUSH_CHARS) {
                            out.append(sb);
                            sb.setLength(0);
                        }
                    }
                    rows += n;
                }
                out.append(sb);
                sb.setLength(0);
                progress.accept(rows);
                if (limit >= 0 && rows >= limit) {
                    break;
                }
            }
            out.append(sb);
        }
        out.flush();
        return rows;
    }

    private static int remaining(int batchRows, long done, long limit) {
        return limit < 0 ? batchRows : (int) Math.max(0, Math.min(batchRows, limit - done));
    }

    /// Appends the CSV text of a non-null value (before quoting).
    private static void cellText(StringBuilder cell, Array a, int i) {
        if (a instanceof VarBinViewArray s && s.dtype() instanceof DType.Utf8) {
            cell.append(s.getString(i));
        } else if (a instanceof DecimalArray d) {
            cell.append(d.get(i).toPlainString());
        } else {
            ValueFormat.json(cell, a, i);
            if (cell.length() >= 2 && cell.charAt(0) == '"') {
                // Plain strings (dates, base64, NaN, ...) lose their JSON quotes in CSV.
                String unquoted = cell.substring(1, cell.length() - 1);
                if (unquoted.indexOf('\\') < 0) {
                    cell.setLength(0);
                    cell.append(unquoted);
                }
            }
        }
    }

    /// Appends a CSV field, quoted when it holds the delimiter, a quote or a line break, or
    /// when it is empty and `emptyQuoted` (so it reads back as an empty string, not a null).
    private static void field(StringBuilder sb, CharSequence s, char delimiter, boolean emptyQuoted) {
        boolean quote = s.isEmpty() && emptyQuoted;
        for (int k = 0; k < s.length() && !quote; k++) {
            char ch = s.charAt(k);
            quote = ch == delimiter || ch == '"' || ch == '\n' || ch == '\r';
        }
        if (!quote) {
            sb.append(s);
            return;
        }
        sb.append('"');
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == '"') {
                sb.append('"');
            }
            sb.append(ch);
        }
        sb.append('"');
    }
}
