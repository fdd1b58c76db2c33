package dev.jvortex.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The `jvx` command line through its entry point, in-process: every command, its help, the
/// documented exit statuses (docs/cli.md) and the edge cases of issue 18.
class MainTest {
    @TempDir
    Path tmp;

    /// A finished run: status, standard output and standard error.
    record Run(int status, String out, String err) {}

    static Run jvx(InputStream in, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                args,
                in,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run jvx(String... args) {
        return jvx(InputStream.nullInputStream(), args);
    }

    private Path csv(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private Path orders() throws IOException {
        StringBuilder sb = new StringBuilder("id,city,price,day\n");
        for (int i = 0; i < 300; i++) {
            sb.append(i).append(',').append(i % 3 == 0 ? "Oslo" : "Lima").append(',');
            sb.append(i % 7 == 0 ? "" : Double.toString(i * 1.5))
                    .append(",2024-01-")
                    .append(10 + i % 20)
                    .append('\n');
        }
        Path src = csv("orders.csv", sb.toString());
        Path v = tmp.resolve("orders.vortex");
        Run r = jvx("convert", src.toString(), v.toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        return v;
    }

    private static void assertOneLineError(Run r, int status, String fragment) {
        assertEquals(status, r.status(), r.err());
        assertTrue(r.err().contains(fragment), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertFalse(r.err().contains("Exception"), "no exception name: " + r.err());
    }

    @Test
    void everyCommandHasHelpWithAnExample() {
        for (String c : List.of("schema", "inspect", "stats", "count", "head", "export", "convert", "bench")) {
            Run r = jvx(c, "--help");
            assertEquals(0, r.status(), c);
            assertTrue(r.out().startsWith("usage: jvx " + c), r.out());
            assertTrue(r.out().contains("example:\n  jvx " + c), r.out());
            assertEquals(r.out(), jvx("help", c).out());
        }
        Run all = jvx("--help");
        assertEquals(0, all.status());
        assertTrue(all.out().contains("Exit status: 0 ok, 2 usage error, 3 bad or unsupported data"), all.out());
        Run none = jvx();
        assertEquals(2, none.status());
        assertTrue(jvx("--version").out().startsWith("jvx "));
        assertOneLineError(jvx("frobnicate"), 2, "unknown command 'frobnicate'");
    }

    @Test
    void unknownFlagsAreRejectedByEveryCommand() throws IOException {
        Path v = orders();
        for (String c : List.of("schema", "inspect", "stats", "count", "head", "export", "bench")) {
            assertOneLineError(jvx(c, v.toString(), "--no-such-flag"), 2, "unknown option '--no-such-flag' for " + c);
        }
        assertOneLineError(
                jvx("convert", v.toString(), tmp.resolve("x.csv").toString(), "--bogus"), 2, "unknown option");
        assertOneLineError(jvx("schema", v.toString(), "extra"), 2, "unexpected argument 'extra'");
        assertOneLineError(jvx("head", v.toString(), "-n", "x"), 2, "-n needs a whole number");
    }

    @Test
    void exitStatusesForMissingAndCorruptFiles() throws IOException {
        assertOneLineError(jvx("schema", tmp.resolve("nope.vortex").toString()), 4, "no such file");
        Path junk = tmp.resolve("junk.vortex");
        Files.write(junk, new byte[100]);
        Run r = jvx("schema", junk.toString());
        assertEquals(3, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void schemaStatsCountHeadExport() throws IOException {
        Path v = orders();
        Run schema = jvx("schema", v.toString());
        assertEquals(0, schema.status());
        assertTrue(schema.out().contains("300 rows, 4 columns"), schema.out());
        assertTrue(schema.out().contains("day    date?"), schema.out());
        Run json = jvx("schema", v.toString(), "--json");
        assertTrue(json.out().contains("\"rows\":300"), json.out());
        assertTrue(
                json.out()
                        .contains(
                                "{\"name\":\"day\",\"type\":{\"type\":\"date\",\"unit\":\"days\",\"nullable\":true}}"),
                json.out());

        assertEquals("300\n", jvx("count", v.toString()).out());
        assertEquals(
                "100\n", jvx("count", v.toString(), "--where", "city = 'Oslo'").out());
        assertOneLineError(jvx("count", v.toString(), "--where", "nope = 1"), 2, "nope");

        Run head = jvx("head", v.toString(), "-n", "2");
        assertEquals(2, head.out().lines().count(), head.out());
        assertTrue(
                head.out().startsWith("{\"id\":0,\"city\":\"Oslo\",\"price\":null,\"day\":\"2024-01-10\"}"),
                head.out());
        Run limited = jvx("export", v.toString(), "--format", "csv", "--limit", "3", "--columns", "id,price");
        assertEquals("id,price\n0,\n1,1.5\n2,3.0\n", limited.out());
        Run where = jvx("export", v.toString(), "--where", "id >= 298", "--columns", "id");
        assertEquals("{\"id\":298}\n{\"id\":299}\n", where.out());
        assertOneLineError(jvx("export", v.toString(), "--format", "xml"), 2, "--format");

        Run stats = jvx("stats", v.toString(), "--json", "--columns", "id,price");
        assertEquals(0, stats.status(), stats.err());
        assertTrue(stats.out().contains("\"name\":\"id\""), stats.out());
        assertTrue(stats.out().contains("\"min\":\"0\",\"min_exact\":true,\"max\":\"299\""), stats.out());
        assertTrue(stats.out().contains("\"nulls\":43"), stats.out()); // rows 0, 7, ..., 294
        Run distinct = jvx("stats", v.toString(), "--json", "--distinct", "--columns", "id,city,price");
        assertTrue(
                distinct.out().contains("\"name\":\"id\"") && distinct.out().contains("\"distinct_estimate\":"),
                distinct.out());
        java.util.regex.Matcher dm =
                java.util.regex.Pattern.compile("\"distinct_estimate\":(\\d+)").matcher(distinct.out());
        assertTrue(dm.find());
        assertEquals(300, Long.parseLong(dm.group(1)), 6); // 300 distinct ids, estimated
        assertTrue(dm.find());
        assertEquals(2, Long.parseLong(dm.group(1))); // Oslo, Lima
        Run table = jvx("stats", v.toString());
        assertTrue(table.out().contains("2024-01-10"), table.out());
        assertOneLineError(jvx("stats", v.toString(), "--columns", "zzz"), 2, "no column 'zzz'");

        Run inspect = jvx("inspect", v.toString());
        assertTrue(inspect.out().contains("column"), inspect.out());
        assertTrue(jvx("inspect", v.toString(), "--tree").out().contains("segment"));
    }

    @Test
    void convertPicksFormatsByExtensionAndRefusesMismatches() throws IOException {
        Path v = orders();
        Path pq = tmp.resolve("o.parquet");
        assertEquals(0, jvx("convert", v.toString(), pq.toString(), "--quiet").status());
        // The output gets the permissions of any new file (not the owner-only ones of a temp file).
        Path plain = Files.createFile(tmp.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(pq));
        byte[] head = Arrays.copyOf(Files.readAllBytes(pq), 4);
        assertEquals("PAR1", new String(head, StandardCharsets.US_ASCII));
        // Parquet back to Vortex, then JSON Lines: the same rows as the original.
        Path back = tmp.resolve("back.vortex");
        assertEquals(
                0, jvx("convert", pq.toString(), back.toString(), "--quiet").status());
        assertEquals(
                jvx("export", v.toString()).out(),
                jvx("export", back.toString()).out());
        // CSV to Parquet goes through a temporary Vortex file.
        Path pq2 = tmp.resolve("o2.pq");
        assertEquals(
                0,
                jvx("convert", tmp.resolve("orders.csv").toString(), pq2.toString(), "--quiet")
                        .status());
        Path back2 = tmp.resolve("back2.vortex");
        assertEquals(
                0, jvx("convert", pq2.toString(), back2.toString(), "--quiet").status());
        assertEquals(
                jvx("export", v.toString()).out(),
                jvx("export", back2.toString()).out());

        assertOneLineError(
                jvx(
                        "convert",
                        tmp.resolve("orders.csv").toString(),
                        tmp.resolve("x.parquet").toString(),
                        "--to",
                        "vortex"),
                2,
                "does not match OUT");
        assertFalse(Files.exists(tmp.resolve("x.parquet")));
        assertOneLineError(jvx("convert", v.toString(), tmp.resolve("x.txt").toString()), 2, "cannot tell the format");
        // Arrow IPC comes from jvortex-arrow (a FormatProvider service on the path): both ways, same rows.
        for (String ext : List.of("arrow", "arrows", "feather")) {
            Path arrow = tmp.resolve("x." + ext);
            assertEquals(
                    0, jvx("convert", v.toString(), arrow.toString(), "--quiet").status(), ext);
            Path backA = tmp.resolve("x-" + ext + ".vortex");
            assertEquals(
                    0,
                    jvx("convert", arrow.toString(), backA.toString(), "--quiet")
                            .status(),
                    ext);
            assertEquals(
                    jvx("export", v.toString()).out(),
                    jvx("export", backA.toString()).out(),
                    ext);
        }
        assertOneLineError(
                jvx(
                        new ByteArrayInputStream(new byte[] {1, 2, 3}),
                        "convert",
                        "-",
                        tmp.resolve("y.vortex").toString(),
                        "--from",
                        "arrow"),
                3,
                "not a readable Arrow IPC input");
        assertFalse(Files.exists(tmp.resolve("y.vortex")));
        assertOneLineError(
                jvx("convert", v.toString(), tmp.resolve("x.csv").toString(), "--compression", "zstd"),
                2,
                "Parquet output only");
        assertOneLineError(
                jvx(
                        "convert",
                        tmp.resolve("orders.csv").toString(),
                        tmp.resolve("y.vortex").toString(),
                        "--limit",
                        "3"),
                2,
                "Vortex input only");
    }

    @Test
    void convertStatsPrintsTheWrittenColumns() throws IOException {
        Path src = csv("st.csv", "id,city\n1,Oslo\n2,\n3,Lima\n");
        Path v = tmp.resolve("st.vortex");
        Run r = jvx("convert", src.toString(), v.toString(), "--quiet", "--stats");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("file " + v) && lines[1].startsWith("column"), r.out());
        String city = Arrays.stream(lines)
                .filter(l -> l.startsWith("city"))
                .findFirst()
                .orElseThrow();
        // One null (the empty field), bounds Lima..Oslo.
        assertTrue(city.matches("city\\s+\\S+\\s+1\\s+Lima\\s+Oslo\\s.*"), city);
        assertOneLineError(
                jvx("convert", v.toString(), tmp.resolve("st.parquet").toString(), "--stats"), 2, "--stats");
    }

    @Test
    void convertRefusesItsOwnInput() throws IOException {
        Path src = csv("same.csv", "a,b\n1,2\n");
        byte[] before = Files.readAllBytes(src);
        assertOneLineError(jvx("convert", src.toString(), src.toString()), 2, "same file");
        Path rel = Path.of("").toAbsolutePath().relativize(src.toAbsolutePath());
        assertOneLineError(jvx("convert", src.toString(), rel.toString()), 2, "same file");
        assertOneLineError(
                jvx(
                        "convert",
                        src.toString(),
                        tmp.resolve(".").resolve("same.csv").toString()),
                2,
                "same file");
        Path link = tmp.resolve("link.csv");
        Files.createSymbolicLink(link, src);
        assertOneLineError(jvx("convert", link.toString(), src.toString()), 2, "same file");
        assertOneLineError(jvx("convert", src.toString(), link.toString()), 2, "same file");
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(src));
    }

    @Test
    void delimiterRules() throws IOException {
        Path src = csv("d.csv", "a;b\n1;x\n");
        Path out = tmp.resolve("d.vortex");
        assertOneLineError(
                jvx("convert", src.toString(), out.toString(), "--delimiter", ""), 2, "exactly one character");
        assertOneLineError(
                jvx("convert", src.toString(), out.toString(), "--delimiter", ";;"), 2, "exactly one character");
        assertOneLineError(jvx("convert", src.toString(), out.toString(), "--delimiter", "\""), 2, "quote");
        assertEquals(
                0,
                jvx("convert", src.toString(), out.toString(), "--delimiter", ";", "--quiet")
                        .status());
        assertEquals("{\"a\":1,\"b\":\"x\"}\n", jvx("export", out.toString()).out());
        Path tsv = tmp.resolve("d.tsv");
        assertEquals(
                0, jvx("convert", out.toString(), tsv.toString(), "--quiet").status());
        assertEquals("a\tb\n1\tx\n", Files.readString(tsv));
    }

    @Test
    void csvRowsWithMissingOrExtraFieldsAreErrorsWithLineAndColumn() throws IOException {
        Path out = tmp.resolve("f.vortex");
        Run missing = jvx("convert", csv("m.csv", "a,b,c\n1,2,3\n4,5\n").toString(), out.toString());
        assertOneLineError(missing, 3, "CSV line 3, column 3: 2 fields but the header has 3 (column 'c' is missing)");
        Run extra = jvx("convert", csv("e.csv", "a,b\n1,2\n3,4\n5,6,7\n").toString(), out.toString());
        assertOneLineError(extra, 3, "CSV line 4, column 3: 3 fields but the header has 2 (field 3 has no column)");
        assertFalse(Files.exists(out));
        // Blank lines are skipped, not rows of nulls.
        assertEquals(
                0,
                jvx("convert", csv("b.csv", "a,b\n1,2\n\n3,4\n").toString(), out.toString(), "--quiet")
                        .status());
        assertEquals("2\n", jvx("count", out.toString()).out());
    }

    @Test
    void invalidUtf8InCsvNamesTheLine() throws IOException {
        Path src = tmp.resolve("bad.csv");
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("name,n\n".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 5000; i++) {
            b.writeBytes(("row" + i + "," + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        b.writeBytes(new byte[] {'x', (byte) 0xC3, '(', ',', '1', '\n'});
        Files.write(src, b.toByteArray());
        assertOneLineError(
                jvx("convert", src.toString(), tmp.resolve("bad.vortex").toString()),
                3,
                "CSV line 5002: the text is not valid UTF-8");
    }

    @Test
    void fileSuppliedTextIsEscapedOnTheTerminal() throws IOException {
        Path src = csv("evil.csv", "\"red\u001b[31mname\",\"two\nlines\",\"bidi\u202Eabc\"\n1,2,3\n");
        Path v = tmp.resolve("evil.vortex");
        assertEquals(0, jvx("convert", src.toString(), v.toString(), "--quiet").status());
        List<Run> runs = new ArrayList<>();
        runs.add(jvx("schema", v.toString()));
        runs.add(jvx("stats", v.toString()));
        runs.add(jvx("inspect", v.toString()));
        runs.add(jvx("inspect", v.toString(), "--tree"));
        runs.add(jvx("stats", v.toString(), "--columns", "no\u001b[2Jsuch"));
        runs.add(jvx("export", v.toString(), "--columns", "x\u001b]0;title\u0007"));
        for (Run r : runs) {
            String all = r.out() + r.err();
            assertFalse(all.contains("\u001b"), all);
            assertFalse(all.contains("\u202E"), all);
            assertFalse(all.contains("\u0007"), all);
            assertFalse(all.contains("two\nlines"), all);
        }
        assertTrue(runs.get(0).out().contains("red\\u001b[31mname"), runs.get(0).out());
        assertTrue(runs.get(0).out().contains("two\\u000alines"), runs.get(0).out());
        assertEquals(2, runs.get(4).status());
        assertEquals(
                1,
                runs.get(4).err().lines().filter(l -> l.startsWith("jvx")).count(),
                runs.get(4).err());
        // Data output is not terminal text: export keeps the names, JSON-escaped.
        assertTrue(jvx("export", v.toString()).out().contains("\"red\\u001b[31mname\":1"));
    }

    @Test
    void closedOutputEndsTheCommandQuietlyAndAtOnce() throws IOException {
        StringBuilder sb = new StringBuilder("id,text\n");
        for (int i = 0; i < 200_000; i++) {
            sb.append(i).append(",some text ").append(i % 977).append('\n');
        }
        Path v = tmp.resolve("big.vortex");
        assertEquals(
                0,
                jvx(
                                "convert",
                                csv("big.csv", sb.toString()).toString(),
                                v.toString(),
                                "--chunk-bytes",
                                "65536",
                                "--quiet")
                        .status());
        // A reader that takes 100 bytes and goes away, as `jvx export F | head -1` does.
        long[] attempted = {0};
        OutputStream pipe = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                attempted[0] += len;
                if (attempted[0] > 100) {
                    throw new IOException("Broken pipe");
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                new String[] {"export", v.toString()},
                InputStream.nullInputStream(),
                new PrintStream(pipe, false, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        // Stopped after the first write that failed: nowhere near the ~5 MB of the whole export.
        assertTrue(attempted[0] < 1 << 20, "bytes written before stopping: " + attempted[0]);
    }

    @Test
    void standardInputAndOutput() throws IOException {
        byte[] csvText = "a,b\n1,x\n2,y\n".getBytes(StandardCharsets.UTF_8);
        Path v = tmp.resolve("in.vortex");
        Run r = jvx(new ByteArrayInputStream(csvText), "convert", "-", v.toString(), "--from", "csv", "--quiet");
        assertEquals(0, r.status(), r.err());
        Run out = jvx("convert", v.toString(), "-", "--to", "jsonl", "--quiet");
        assertEquals("{\"a\":1,\"b\":\"x\"}\n{\"a\":2,\"b\":\"y\"}\n", out.out());
        assertOneLineError(jvx("convert", v.toString(), "-", "--quiet"), 2, "give its format with --to");
        assertOneLineError(jvx("convert", v.toString(), "-", "--to", "vortex"), 2, "must be a file");
        // A Vortex file on standard input is copied to a temporary file first.
        Run schema = jvx(new ByteArrayInputStream(Files.readAllBytes(v)), "schema", "-");
        assertEquals(0, schema.status(), schema.err());
        assertTrue(schema.out().startsWith("2 rows"), schema.out());
        // JSON Lines in.
        byte[] jsonl =
                "{\"k\":1,\"s\":\"a\",\"o\":{\"x\":[1,2]}}\n\n{\"k\":2,\"s\":null}\n".getBytes(StandardCharsets.UTF_8);
        Path j = tmp.resolve("j.vortex");
        r = jvx(new ByteArrayInputStream(jsonl), "convert", "-", j.toString(), "--from", "ndjson", "--quiet");
        assertEquals(0, r.status(), r.err());
        assertEquals(
                "{\"k\":1,\"s\":\"a\",\"o\":\"{\\\"x\\\":[1,2]}\"}\n{\"k\":2,\"s\":null,\"o\":null}\n",
                jvx("export", j.toString()).out());
    }

    @Test
    void jsonLinesErrorsNameTheLine() throws IOException {
        Path out = tmp.resolve("j.vortex");
        Path bad = tmp.resolve("bad.jsonl");
        Files.writeString(bad, "{\"a\":1}\n{\"a\":2,}\n");
        assertOneLineError(jvx("convert", bad.toString(), out.toString()), 3, "JSON Lines line 2, column 8");
        // Types come from the first 10,000 lines (mixed kinds there make a utf8 column); a later
        // value that does not fit is an error naming its line and key.
        Files.writeString(bad, "{\"a\":1}\n".repeat(10_000) + "{\"a\":\"x\"}\n");
        assertOneLineError(jvx("convert", bad.toString(), out.toString()), 3, "line 10001, key 'a'");
        Files.writeString(bad, "{\"a\":1}\n".repeat(10_000) + "{\"b\":2}\n");
        assertOneLineError(jvx("convert", bad.toString(), out.toString()), 3, "line 10001: key 'b'");
        Files.writeString(bad, "[1]\n");
        assertOneLineError(jvx("convert", bad.toString(), out.toString()), 3, "expected a JSON object");
        assertFalse(Files.exists(out));
        try (Stream<Path> left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains("tmp")), "no temporary file left");
        }
    }

    @Test
    void htmlPageHoldsTheStatisticsAndTheBytes() throws IOException {
        Path src = csv("h.csv", "id,\"<b>name</b>\",price\n" + "1,a,2.5\n2,b,\n3,c,7.25\n".repeat(2000));
        Path v = tmp.resolve("h.vortex");
        assertEquals(0, jvx("convert", src.toString(), v.toString(), "--quiet").status());
        Path html = tmp.resolve("h.html");
        Run r = jvx("inspect", v.toString(), "--html", html.toString());
        assertEquals(0, r.status(), r.err());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        assertFalse(page.contains("src=\"http") || page.contains("href=\"http"), "self-contained");
        assertFalse(page.contains("<b>name</b>"), "file text is HTML-escaped");
        assertTrue(page.contains("&lt;b&gt;name&lt;/b&gt;"));
        // The page embeds exactly what `jvx stats --json` prints.
        String json = jvx("stats", v.toString(), "--json").out().strip();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "<script type=\"application/json\" id=\"stats\">(.*?)</script>", java.util.regex.Pattern.DOTALL)
                .matcher(page);
        assertTrue(m.find());
        assertEquals(json.replace("</", "<\\/"), m.group(1));
        // Each column's treemap box, its parts and its table row carry the stored bytes of the JSON.
        java.util.regex.Matcher col = java.util.regex.Pattern.compile("\"name\":\"([^\"]*)\".*?\"stored_bytes\":(\\d+)")
                .matcher(json);
        int columns = 0;
        while (col.find()) {
            columns++;
            String name = Html.esc(col.group(1).replace("\\u003c", "<"));
            long stored = Long.parseLong(col.group(2));
            assertTrue(
                    page.contains("class=\"col\" data-column=\"" + name + "\" data-bytes=\"" + stored + "\""),
                    name + " " + stored);
            long parts = 0;
            java.util.regex.Matcher p = java.util.regex.Pattern.compile("class=\"part\" data-column=\""
                            + java.util.regex.Pattern.quote(name) + "\" data-bytes=\"(\\d+)\"")
                    .matcher(page);
            while (p.find()) {
                parts += Long.parseLong(p.group(1));
            }
            assertEquals(stored, parts, "treemap parts of " + name);
            assertTrue(page.contains("<tr data-column=\"" + name + "\">"), name);
            assertTrue(page.contains("<td class=\"n\">" + stored + "</td>"), name);
        }
        assertEquals(3, columns);
        assertTrue(page.contains("class=\"zones\" data-column=\"price\""), "zone maps");
        assertOneLineError(jvx("inspect", v.toString(), "--html", html.toString(), "--tree"), 2, "cannot be combined");
    }
}
