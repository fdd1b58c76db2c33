/// Conversion to Vortex: Parquet ([dev.jvortex.convert.parquet.ParquetConverter], over our own
/// pure-Java Parquet reader [dev.jvortex.convert.parquet.ParquetFile]) and CSV
/// ([dev.jvortex.convert.csv.CsvConverter]). No third-party dependency.
module dev.jvortex.convert {
    requires transitive dev.jvortex.core;
    requires transitive dev.jvortex.file;
    requires dev.jvortex.zstd;

    exports dev.jvortex.convert.csv;
    exports dev.jvortex.convert.parquet;
}
