package dev.jvortex.sql;

import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/// The TPC-H SF0.1 fixture shared by the SQL tests, made once into `sql/target/tpch-sf0.1`:
/// tpchgen-cli's Parquet tables, the same tables written by the reference (`reference/`) and by
/// jvortex's Parquet converter (`jvortex/`), and DuckDB's answers to the queries in
/// `src/test/resources/tpch` (`expected/`). Needs the oracle venv (which has tpchgen-cli and
/// duckdb); under CI a missing venv fails the tests.
final class Tpch {
    static final String SCALE = "0.1";
    static final List<String> QUERIES =
            List.of("q1", "q3", "q5", "q6", "q10", "q12", "q14", "q19", "stats_minmax", "filtered_aggregate", "lookup");
    static final List<String> TABLES =
            List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");

    private static Path jvortex;

    private Tpch() {}

    /// Returns the fixture folder, generating it on first use.
    static Path data() {
        Path root = Oracle.root();
        Path out = root.resolve("sql/target/tpch-sf" + SCALE);
        List<String> args = new ArrayList<>(List.of(
                out.toString(),
                SCALE,
                root.resolve("sql/src/test/resources/tpch").toString()));
        args.addAll(QUERIES);
        return Oracle.generated(out, "done", "sql/src/test/python/tpch.py", args, 900);
    }

    /// Returns the folder of the reference-written tables.
    static Path reference() {
        return data().resolve("reference");
    }

    /// Returns the folder of the tables written by jvortex (converted from the Parquet files).
    static synchronized Path jvortex() {
        if (jvortex != null) {
            return jvortex;
        }
        Path dir = data().resolve("jvortex");
        Path done = dir.resolve(".done");
        if (!Files.exists(done)) {
            try {
                Files.createDirectories(dir);
                for (String t : TABLES) {
                    ParquetConverter.convert(
                            data().resolve("parquet/" + t + ".parquet"),
                            dir.resolve(t + ".vortex"),
                            WriteOptions.defaults(),
                            rows -> {});
                }
                Files.writeString(done, "ok\n", StandardCharsets.UTF_8);
            } catch (IOException e) {
                fail("converting the TPC-H Parquet files: " + e);
            }
        }
        jvortex = dir;
        return dir;
    }

    /// Returns the text of query `name`.
    static String query(String name) {
        try {
            return Files.readString(
                    Oracle.root().resolve("sql/src/test/resources/tpch/" + name + ".sql"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
