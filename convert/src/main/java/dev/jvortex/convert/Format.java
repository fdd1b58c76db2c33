package dev.jvortex.convert;

import dev.jvortex.core.VortexException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/// A file format `jvx convert` and [Converter] know, with its names and file extensions.
public enum Format {
    /// Vortex (`.vortex`, `.vtx`).
    VORTEX(List.of("vortex", "vtx"), List.of(".vortex", ".vtx")),
    /// Apache Parquet (`.parquet`, `.pq`).
    PARQUET(List.of("parquet", "pq"), List.of(".parquet", ".pq")),
    /// Comma-separated values with a header line (`.csv`; `.tsv` means tab-separated).
    CSV(List.of("csv", "tsv"), List.of(".csv", ".tsv")),
    /// JSON Lines: one JSON object per line (`.jsonl`, `.ndjson`).
    JSONL(List.of("jsonl", "ndjson", "json"), List.of(".jsonl", ".ndjson")),
    /// Arrow IPC file format (`.arrow`, `.feather`).
    ARROW_FILE(List.of("arrow", "feather", "arrow-file"), List.of(".arrow", ".feather")),
    /// Arrow IPC stream format (`.arrows`).
    ARROW_STREAM(List.of("arrows", "arrow-stream"), List.of(".arrows"));

    private final List<String> names;
    private final List<String> extensions;

    Format(List<String> names, List<String> extensions) {
        this.names = names;
        this.extensions = extensions;
    }

    /// Returns the names `--from`/`--to` accept for this format (the first is the canonical one).
    public List<String> names() {
        return names;
    }

    /// Returns the file extensions that mean this format.
    public List<String> extensions() {
        return extensions;
    }

    /// Returns the canonical name.
    public String label() {
        return names.getFirst();
    }

    /// Returns the format named `name` (case-insensitive), or throws a misuse error listing the names.
    public static Format named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            if (f.names.contains(n)) {
                return f;
            }
        }
        throw VortexException.misuse("unknown format '" + name + "'; formats are " + allNames());
    }

    /// Returns the format a file name's extension means, or null when the extension is not known.
    public static Format ofExtension(Path file) {
        if (file.getFileName() == null) {
            return null;
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            for (String ext : f.extensions) {
                if (name.endsWith(ext) && name.length() > ext.length()) {
                    return f;
                }
            }
        }
        return null;
    }

    /// Returns every accepted name, comma-separated.
    public static String allNames() {
        List<String> all = new ArrayList<>();
        for (Format f : values()) {
            all.addAll(f.names);
        }
        return String.join(", ", all);
    }
}
