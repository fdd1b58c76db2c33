/// Conversion between Vortex and other formats ([dev.jvortex.convert.Converter]): Parquet in
/// ([dev.jvortex.convert.parquet.ParquetConverter], over our own pure-Java reader
/// [dev.jvortex.convert.parquet.ParquetFile]) and out ([dev.jvortex.convert.parquet.ParquetWriter]),
/// CSV and JSON Lines in ([dev.jvortex.convert.csv.CsvConverter],
/// [dev.jvortex.convert.csv.JsonlConverter]) and out ([dev.jvortex.convert.text.TextExport]).
/// No third-party dependency.
module dev.jvortex.convert {
    requires transitive dev.jvortex.core;
    requires transitive dev.jvortex.file;
    requires dev.jvortex.zstd;

    exports dev.jvortex.convert;
    exports dev.jvortex.convert.csv;
    exports dev.jvortex.convert.parquet;
    exports dev.jvortex.convert.text;

    uses dev.jvortex.convert.FormatProvider;
}
