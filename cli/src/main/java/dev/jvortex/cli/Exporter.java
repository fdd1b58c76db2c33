package dev.jvortex.cli;

import dev.jvortex.convert.text.TextExport;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/// Writes the rows of a file as JSON Lines or CSV; the implementation is
/// [dev.jvortex.convert.text.TextExport] (kept here for existing callers).
public final class Exporter {
    private Exporter() {}

    /// Writes every row of the projected columns as one JSON object per line; returns the row count.
    public static long jsonl(VortexFile file, List<String> columns, Writer out) throws IOException {
        return writeJsonl(file, ScanOptions.all().withColumns(columns), out);
    }

    /// Writes the rows a scan with `options` returns as JSON Lines; returns the row count.
    public static long writeJsonl(VortexFile file, ScanOptions options, Writer out) throws IOException {
        return TextExport.jsonl(file, options, -1, out, rows -> {});
    }

    /// Writes a header line and one CSV line per row (nested values as JSON text); returns the row count.
    public static long csv(VortexFile file, List<String> columns, Writer out) throws IOException {
        return writeCsv(file, ScanOptions.all().withColumns(columns), out);
    }

    /// Writes the rows a scan with `options` returns as CSV; returns the row count.
    public static long writeCsv(VortexFile file, ScanOptions options, Writer out) throws IOException {
        return TextExport.csv(file, options, -1, out, ',', rows -> {});
    }
}
