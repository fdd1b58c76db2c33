package dev.jvortex.sql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.Oracle;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/// `jvx sql` driven through [SqlCommand#run] with in-memory streams, over the TPC-H tables
/// written by jvortex (made by the SQL tests' fixture).
class SqlCommandTest {
    record Out(int status, String out, String err) {}

    static Path tables() {
        return dev.jvortex.sql.TpchAccess.jvortex();
    }

    static Out run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>();
        all.add(tables().toString());
        all.addAll(List.of(args));
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = SqlCommand.run(all, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e);
        }
        return new Out(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void printsAnAlignedTable() {
        Out r = run("", "select r_regionkey, r_name from region order by r_regionkey", "--no-timing");
        assertEquals(0, r.status(), r.err());
        assertEquals("""
                r_regionkey | r_name
                ------------+------------
                          0 | AFRICA
                          1 | AMERICA
                          2 | ASIA
                          3 | EUROPE
                          4 | MIDDLE EAST
                """, r.out());
    }

    @Test
    void timingFollowsTheTable() {
        Out r = run("", "select count(*) as n from nation");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("n\n--\n25\n1 row ("), r.out());
        assertTrue(r.out().strip().endsWith("ms)"), r.out());
    }

    @Test
    void printsCsvAndJsonLines() {
        Out csv = run(
                "",
                "select n_nationkey, n_name, n_comment from nation where n_nationkey < 2 order by 1",
                "--format",
                "csv");
        assertEquals(0, csv.status(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("n_nationkey,n_name,n_comment", lines.get(0));
        assertEquals(3, lines.size(), csv.out());
        assertTrue(lines.get(1).startsWith("0,ALGERIA,"), lines.get(1));
        assertTrue(csv.err().contains("2 rows"), csv.err());

        Out jsonl = run("", "select n_nationkey, n_name from nation where n_nationkey = 1", "--format=jsonl");
        assertEquals(0, jsonl.status(), jsonl.err());
        assertEquals("{\"n_nationkey\": 1, \"n_name\": \"ARGENTINA\"}\n", jsonl.out());
    }

    @Test
    void explainShowsWhatWasPushedDown() {
        Out r = run("", "EXPLAIN SELECT count(*), max(l_shipdate) FROM lineitem WHERE l_orderkey < 100");
        assertEquals(0, r.status(), r.err());
        assertTrue(
                r.out()
                        .contains(
                                "VortexTableScan(table=[[vortex, lineitem]], columns=[[l_shipdate]],"
                                        + " filters=[[l_orderkey < 100]], aggregates=[[COUNT(*), MAX(l_shipdate)]], from=[scan])"),
                r.out());
        Out a = run("", "EXPLAIN ANALYZE SELECT l_comment FROM lineitem WHERE l_orderkey < 100", "--no-timing");
        assertEquals(0, a.status(), a.err());
        assertTrue(a.out().contains("scan lineitem: rows in files 600572, after pruning "), a.out());
    }

    @Test
    void errorsNameThePosition() {
        Out table = run("", "select * from lineitems");
        assertEquals(1, table.status());
        assertTrue(table.err().startsWith("error: line 1, column 15: Object 'lineitems' not found"), table.err());
        assertTrue(table.err().contains("select * from lineitems\n              ^^^^^^^^^"), table.err());

        Out column = run("", "select l_orderkey, l_nosuch from lineitem");
        assertEquals(1, column.status());
        assertTrue(column.err().startsWith("error: line 1, column 20: Column 'l_nosuch' not found"), column.err());

        Out parse = run("", "select from where");
        assertEquals(1, parse.status());
        assertTrue(parse.err().startsWith("error: line 1, column "), parse.err());
        assertTrue(parse.err().contains("Encountered"), parse.err());

        Out type = run("", "select l_shipdate + 1 from lineitem");
        assertEquals(1, type.status());
        assertTrue(type.err().startsWith("error: line 1, column 8: Cannot apply '+' to arguments of type"), type.err());
    }

    @Test
    void theShellReadsStatementsAndCommands() {
        Out r = run("""
                .tables
                select count(*)
                  from region;
                .format csv
                select r_name from region where r_regionkey = 2;
                select nosuch from region;
                .quit
                """, "--no-timing");
        assertEquals(1, r.status(), "the failed statement sets the status");
        assertTrue(
                r.out().startsWith("customer\nlineitem\nnation\norders\npart\npartsupp\nregion\nsupplier\n"), r.out());
        assertTrue(r.out().contains("EXPR$0\n------\n     5\n"), r.out());
        assertTrue(r.out().contains("r_name\nASIA\n"), r.out());
        assertTrue(r.err().contains("Column 'nosuch' not found"), r.err());
    }

    @Test
    void badArgumentsGiveUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
                PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            assertEquals(2, SqlCommand.run(List.of(), new ByteArrayInputStream(new byte[0]), o, e));
            assertEquals(
                    2,
                    SqlCommand.run(
                            List.of(Oracle.root().resolve("no/such/folder").toString(), "select 1"),
                            new ByteArrayInputStream(new byte[0]),
                            o,
                            e));
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: jvx sql PATH"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no such file or folder"));
    }
}
