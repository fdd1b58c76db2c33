package dev.jvortex.cli;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/// Writes the rows of a file as JSON Lines or CSV.
public final class Exporter {
    private Exporter() {}

    /// Writes every row of the projected columns as one JSON object per line; returns the row count.
    public static long jsonl(VortexFile file, List<String> columns, Writer out) throws IOException {
        return writeJsonl(file, ScanOptions.all().withColumns(columns), out);
    }

    /// Writes the rows a scan with `options` returns as JSON Lines; returns the row count.
    public static long writeJsonl(VortexFile file, ScanOptions options, Writer out) throws IOException {
        boolean table = file.dtype() instanceof DType.Struct;
        long rows = 0;
        try (Scan scan = file.scan(options)) {
            List<String> names = scan.columnNames();
            StringBuilder sb = new StringBuilder(1 << 16);
            for (Batch batch : scan) {
                try (batch) {
                    int n = batch.rowCount();
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
                        if (sb.length() > (1 << 16)) {
                            out.append(sb);
                            sb.setLength(0);
                        }
                    }
                    rows += n;
                }
            }
            out.append(sb);
        }
        out.flush();
        return rows;
    }

    /// Writes a header line and one CSV line per row (nested values as JSON text); returns the row count.
    public static long csv(VortexFile file, List<String> columns, Writer out) throws IOException {
        return writeCsv(file, ScanOptions.all().withColumns(columns), out);
    }

    /// Writes the rows a scan with `options` returns as CSV; returns the row count.
    public static long writeCsv(VortexFile file, ScanOptions options, Writer out) throws IOException {
        long rows = 0;
        try (Scan scan = file.scan(options)) {
            List<String> names = scan.columnNames();
            StringBuilder sb = new StringBuilder(1 << 16);
            for (int c = 0; c < names.size(); c++) {
                if (c > 0) {
                    sb.append(',');
                }
                csvField(sb, names.get(c));
            }
            sb.append('\n');
            StringBuilder cell = new StringBuilder();
            for (Batch batch : scan) {
                try (batch) {
                    int n = batch.rowCount();
                    for (int i = 0; i < n; i++) {
                        for (int c = 0; c < batch.columnCount(); c++) {
                            if (c > 0) {
                                sb.append(',');
                            }
                            Array a = batch.column(c);
                            if (!a.isValid(i)) {
                                continue;
                            }
                            cell.setLength(0);
                            if (a instanceof VarBinViewArray s && s.dtype() instanceof DType.Utf8) {
                                cell.append(s.getString(i));
                            } else if (a instanceof DecimalArray d) {
                                cell.append(d.get(i).toPlainString());
                            } else {
                                ValueFormat.json(cell, a, i);
                                if (cell.length() >= 2 && cell.charAt(0) == '"' && !(a instanceof PrimitiveArray)) {
                                    // Plain strings (dates, base64, ...) lose their JSON quotes in CSV.
                                    String unq = cell.substring(1, cell.length() - 1);
                                    if (unq.indexOf('\\') < 0) {
                                        cell.setLength(0);
                                        cell.append(unq);
                                    }
                                }
                            }
                            csvField(sb, cell.toString());
                        }
                        sb.append('\n');
                        if (sb.length() > (1 << 16)) {
                            out.append(sb);
                            sb.setLength(0);
                        }
                    }
                    rows += n;
                }
            }
            out.append(sb);
        }
        out.flush();
        return rows;
    }

    private static void csvField(StringBuilder sb, String s) {
        boolean quote = s.isEmpty()
                ? false
                : s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
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
