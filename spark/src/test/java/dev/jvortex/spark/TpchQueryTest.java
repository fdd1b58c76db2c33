package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/// TPC-H queries 1, 3, 5, 6, 10, 12, 14 and 19 over the Vortex tables written by the reference
/// and by jvortex (through this connector's write path), read through the connector, give exactly the rows Spark gives
/// over the
/// Parquet files the tables came from (read by Spark's own vectorized Parquet reader). Every
/// value of these queries is a decimal, an integer, a string or a date, so equality is exact.
class TpchQueryTest {
    static final List<String> QUERIES = List.of("q1", "q3", "q5", "q6", "q10", "q12", "q14", "q19");
    private static SparkSession spark;
    /// Spark's answers over Parquet, by query (each is compared with both writers' tables).
    private static final Map<String, List<Row>> EXPECTED = new HashMap<>();

    @BeforeAll
    static void start() {
        TpchData.data();
        spark = SparkSessions.start();
        TpchData.jvortex(spark);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String writer : List.of("reference", "jvortex")) {
            for (String q : QUERIES) {
                out.add(Arguments.of(writer, q));
            }
        }
        return out.stream();
    }

    private static void register(String format, Path dir, String suffix) {
        for (String t : TpchData.TABLES) {
            Path table = dir.resolve(t + suffix);
            if (!java.nio.file.Files.exists(table)) {
                table = dir.resolve(t); // a folder of files (the tables this connector wrote)
            }
            spark.read().format(format).load(table.toString()).createOrReplaceTempView(t);
        }
    }

    @ParameterizedTest(name = "{1} over files written by {0}")
    @MethodSource("cases")
    void matchesParquet(String writer, String query) {
        String sql = TpchData.query(query);
        List<Row> expected = EXPECTED.computeIfAbsent(query, q -> {
            register("parquet", TpchData.data().resolve("parquet"), ".parquet");
            return spark.sql(sql).collectAsList();
        });
        Path vortex = writer.equals("jvortex")
                ? TpchData.jvortex(spark)
                : TpchData.data().resolve("reference");
        register("vortex", vortex, ".vortex");
        List<Row> actual = spark.sql(sql).collectAsList();
        assertFalse(expected.isEmpty(), query + " returned no rows over Parquet");
        assertEquals(expected.size(), actual.size(), query + ": row count");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), query + " row " + i);
        }
    }
}
