package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// A DataFrame with a column of every Spark type the connector writes (nulls, NaN, negative
/// dates and timestamps, nested lists, maps and structs included) goes Spark -> Vortex -> Spark
/// unchanged, and the reference reads the written files with the same values.
class RoundTripTest {
    /// Every Spark type, with nulls in most columns; 3,000 rows in 3 tasks (so 3 files).
    static final String ALL_TYPES = """
            select
              id,
              case when id % 7 = 0 then null else cast(id % 128 as tinyint) end as i8,
              cast(id * 3 - 4000 as smallint) as i16,
              case when id % 5 = 0 then null else cast(id * 1000 as int) end as i32,
              id * 1000000007 - 9000000000000 as i64,
              cast(id as float) / 3 as f32,
              case when id % 11 = 0 then cast('NaN' as double) else cast(id as double) / -7 end as f64,
              cast(id as decimal(10, 2)) / 4 as dec_small,
              case when id % 13 = 0 then null else cast(id * 12345678901234 as decimal(38, 4)) end as dec_big,
              case when id % 3 = 0 then null else concat('str-', id, repeat('x', id % 20)) end as s,
              cast(concat('bin', id) as binary) as bin,
              case when id % 9 = 0 then null else id % 2 = 0 end as flag,
              date_add(date'1969-12-25', cast(id as int)) as d,
              timestamp_micros(id * 123456789012 - 5000000000) as ts,
              cast(timestamp_micros(id * 987654321) as timestamp_ntz) as ts_ntz,
              case when id % 4 = 0 then null else array(id, id + 1, null) end as arr,
              map(concat('k', id), id, 'z', cast(null as bigint)) as m,
              named_struct('x', id, 'y', case when id % 2 = 0 then null else concat('y', id) end,
                           'z', array(named_struct('q', cast(id as int)))) as st
            from range(0, 3000)
            """;

    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = SparkSessions.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static List<Row> sorted(Dataset<Row> df) {
        return df.orderBy("id").collectAsList();
    }

    @Test
    void everyTypeRoundTripsAndTheReferenceReadsIt() throws Exception {
        Dataset<Row> df = spark.sql(ALL_TYPES).repartition(3);
        String dir = tmp.resolve("all-types").toString();
        df.write().format("vortex").mode("overwrite").save(dir);

        Dataset<Row> back = spark.read().format("vortex").load(dir);
        assertEquals(df.schema(), back.schema());
        List<Row> expected = sorted(spark.sql(ALL_TYPES));
        assertEquals(expected, sorted(back));

        // Nested column pruning: only the struct's x and the array's count.
        Dataset<Row> nested = back.selectExpr("id", "st.x", "size(arr)").orderBy("id");
        assertEquals(
                spark.sql(ALL_TYPES)
                        .selectExpr("id", "st.x", "size(arr)")
                        .orderBy("id")
                        .collectAsList(),
                nested.collectAsList());

        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of(dir))) {
            s.filter(p -> p.toString().endsWith(".vortex")).sorted().forEach(p -> files.add(p.toString()));
        }
        assertEquals(3, files.size(), "one file per task: " + files);
        Path parquet = tmp.resolve("reference.parquet");
        List<String> args = new ArrayList<>(List.of(parquet.toString()));
        args.addAll(files);
        Oracle.python();
        Oracle.Result r = Oracle.runScript("spark/src/test/python/reference_read.py", args, tmp, 300);
        assertTrue(r.ok(), r.stderr());
        Dataset<Row> reference = spark.read().parquet(parquet.toString());
        assertEquals(expected, sorted(reference.select(df.columns()[0], restOf(df.columns()))));
    }

    private static String[] restOf(String[] columns) {
        return java.util.Arrays.copyOfRange(columns, 1, columns.length);
    }

    @Test
    void partitionedWritesReadBackWithPartitionColumns() {
        String dir = tmp.resolve("partitioned").toString();
        Dataset<Row> df = spark.sql(
                "select id, cast(id % 3 as int) as part, concat('k', id % 2) as key, id * 2 as v from range(0, 500)");
        df.write().format("vortex").mode("overwrite").partitionBy("part", "key").save(dir);
        assertTrue(Files.isDirectory(Path.of(dir, "part=1", "key=k0")));
        Dataset<Row> back = spark.read().format("vortex").load(dir);
        assertEquals(
                df.select("id", "v", "part", "key").orderBy("id").collectAsList(),
                back.select("id", "v", "part", "key").orderBy("id").collectAsList());
        // A partition filter (files of other partitions skipped) and a file filter together.
        Dataset<Row> filtered =
                back.where("part = 2 and v < 100").select("id", "key").orderBy("id");
        List<Row> rows = filtered.collectAsList();
        assertEquals(
                df.where("part = 2 and v < 100")
                        .select("id", "key")
                        .orderBy("id")
                        .collectAsList(),
                rows);
        Map<String, Long> m =
                SparkSessions.scanMetrics(filtered.queryExecution().executedPlan());
        assertTrue(m.get(ScanMetrics.FILES_PRUNED) > 0, m.toString());
        // A glob over the partition folders.
        Dataset<Row> glob = spark.read().format("vortex").load(dir + "/part=0/*");
        assertEquals(df.where("part = 0").count(), glob.count());
    }

    @Test
    void appendAddsFilesAndOverwriteReplacesThem() {
        String dir = tmp.resolve("modes").toString();
        Dataset<Row> df =
                spark.sql("select id, concat('v', id) as s from range(0, 100)").repartition(2);
        df.write().format("vortex").mode("overwrite").save(dir);
        df.write().format("vortex").mode("append").save(dir);
        assertEquals(200, spark.read().format("vortex").load(dir).count());
        df.limit(10).write().format("vortex").mode("overwrite").save(dir);
        assertEquals(10, spark.read().format("vortex").load(dir).count());
    }

    @Test
    void writeOptionsAreApplied() throws IOException {
        String compact = tmp.resolve("compact").toString();
        Dataset<Row> df = spark.sql("select id, id % 1000 as k, concat('value-', id % 37) as s from range(0, 200000)")
                .coalesce(1);
        df.write()
                .format("vortex")
                .mode("overwrite")
                .option("preset", "compact")
                .option("zoneMaps", "false")
                .option("chunkBytes", 1 << 16)
                .save(compact);
        Dataset<Row> back = spark.read().format("vortex").load(compact);
        assertEquals(df.orderBy("id").collectAsList(), back.orderBy("id").collectAsList());
        // No zone maps: a filter prunes no zone.
        Dataset<Row> filtered = back.where("id < 10");
        assertEquals(10, filtered.count());
    }

    @Test
    void referenceFileWithUnsignedAndTemporalTypes() {
        // Written by the reference (sql/src/test/python/tpch.py, write_types): unsigned integers
        // widened (u64 as decimal(20, 0)), a timestamp in milliseconds with a zone, nested types.
        Dataset<Row> df = spark.read()
                .format("vortex")
                .load(TpchData.data().resolve("types/alltypes.vortex").toString());
        assertEquals(
                "struct<id:int,u8:smallint,u32:bigint,u64:decimal(20,0),f32:float,dec:decimal(9,2),s:string,"
                        + "b:boolean,d:date,ts:timestamp_ntz,tstz:timestamp,l:array<bigint>,"
                        + "st:struct<x:bigint,y:string>>",
                df.schema().simpleString());
        List<Row> rows = df.selectExpr(
                        "id",
                        "cast(u8 as string)",
                        "cast(u32 as string)",
                        "cast(u64 as string)",
                        "cast(f32 as string)",
                        "cast(dec as string)",
                        "s",
                        "cast(b as string)",
                        "cast(d as string)",
                        "cast(ts as string)",
                        "cast(tstz as string)",
                        "cast(l as string)",
                        "cast(st as string)")
                .orderBy("id")
                .collectAsList();
        assertEquals(
                List.of(
                        "[1,0,0,0,1.5,12345.67,a,true,2024-01-31,2024-01-31 08:15:00.123456,2024-01-31 08:15:00,"
                                + "[1, 2, 3],{1, p}]",
                        "[2,255,4294967295,18446744073709551615,-2.25,-0.01,hello world, long enough,false,"
                                + "1969-12-31,1970-01-01 00:00:00,null,[],{2, null}]",
                        "[3,null,7,5,null,null,null,null,null,null,null,null,null]"),
                rows.stream().map(Row::toString).toList());
    }
}
