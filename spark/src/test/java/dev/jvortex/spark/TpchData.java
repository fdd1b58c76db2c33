package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/// The TPC-H SF0.1 tables of the SQL module's tests, made by the same script into the same
/// folder (`sql/target/tpch-sf0.1`, so the two modules share one copy): tpchgen-cli's Parquet
/// files and the reference-written Vortex tables. The jvortex-written tables are written from
/// the Parquet files by this connector into `spark/target/tpch-jvortex`. The queries are the SQL module's
/// (`sql/src/test/resources/tpch`), which Spark SQL runs as they are. Needs the oracle venv;
/// under CI a missing venv fails the tests.
final class TpchData {
    static final List<String> TABLES =
            List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");
    /// The queries the SQL module's script answers with DuckDB (passed so the folder is the same).
    private static final List<String> SQL_QUERIES =
            List.of("q1", "q3", "q5", "q6", "q10", "q12", "q14", "q19", "stats_minmax", "filtered_aggregate", "lookup");

    private static Path jvortex;

    private TpchData() {}

    /// Returns the fixture folder (`parquet/`, `reference/`), generating it on first use.
    static Path data() {
        Path root = Oracle.root();
        Path out = root.resolve("sql/target/tpch-sf0.1");
        List<String> args = new ArrayList<>(List.of(
                out.toString(),
                "0.1",
                root.resolve("sql/src/test/resources/tpch").toString()));
        args.addAll(SQL_QUERIES);
        return Oracle.generated(out, "done", "sql/src/test/python/tpch.py", args, 900);
    }

    /// Returns the folder of the tables written by jvortex: each Parquet table read by Spark and
    /// written by this connector (so through jvortex's writer), one folder of files per table.
    static synchronized Path jvortex(SparkSession spark) {
        if (jvortex != null) {
            return jvortex;
        }
        Path dir = Oracle.root().resolve("spark/target/tpch-jvortex");
        Path done = dir.resolve(".done");
        if (!Files.exists(done)) {
            try {
                for (String t : TABLES) {
                    spark.read()
                            .parquet(data().resolve("parquet/" + t + ".parquet").toString())
                            .write()
                            .format("vortex")
                            .mode("overwrite")
                            .save(dir.resolve(t).toString());
                }
                Files.writeString(done, "ok\n", StandardCharsets.UTF_8);
            } catch (IOException e) {
                fail("writing the TPC-H tables: " + e);
            }
        }
        jvortex = dir;
        return dir;
    }

    /// Returns the text of query `name` of the SQL module.
    static String query(String name) {
        try {
            return Files.readString(
                    Oracle.root().resolve("sql/src/test/resources/tpch/" + name + ".sql"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
