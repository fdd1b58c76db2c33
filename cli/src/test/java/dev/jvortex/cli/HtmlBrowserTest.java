package dev.jvortex.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `jvx inspect --html` in a real headless Chromium (issue 14): the page loads with no console
/// error or script exception, its treemap boxes are drawn at the sizes their bytes call for, and
/// the numbers a reader sees (the header, the statistics table, the zone map tables) equal those
/// of `jvx stats --json` on the same file. A screenshot is left in `target/browser/` for people.
class HtmlBrowserTest {
    /// What the page looks like once rendered, read in the browser: the layout boxes and the text
    /// as displayed (`innerText`), not the HTML source.
    private static final String PROBE = """
            (() => {
              const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
              const tm = document.getElementById('treemap');
              const zones = [...document.querySelectorAll('details.zones')];
              zones.forEach(d => d.open = true);
              return {
                title: document.title,
                summary: document.querySelector('h1 + p').innerText,
                treemap: box(tm),
                columns: [...tm.querySelectorAll('div.col')].map(d =>
                    ({name: d.dataset.column, bytes: d.dataset.bytes, text: d.innerText, box: box(d)})),
                parts: [...tm.querySelectorAll('div.part')].map(d =>
                    ({name: d.dataset.column, bytes: d.dataset.bytes, color: getComputedStyle(d).backgroundColor,
                      box: box(d)})),
                headers: [...document.querySelectorAll('#stats-table th')].map(t => t.innerText),
                rows: [...document.querySelectorAll('#stats-table tr[data-column]')].map(tr =>
                    [...tr.cells].map(c => c.innerText)),
                zones: zones.map(d => ({name: d.dataset.column, zones: d.dataset.zones,
                    rows: d.querySelectorAll('table tr').length - 1,
                    height: box(d.querySelector('table')).h}))
              };
            })()
            """;

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void pageRendersAndShowsTheNumbersOfStatsJson() throws IOException, InterruptedException {
        Path v = tmp.resolve("orders.vortex");
        MainTest.Run conv = MainTest.jvx(
                "convert", Oracle.root().resolve("samples/orders.csv").toString(), v.toString(), "--quiet");
        assertEquals(0, conv.status(), conv.err());
        Path html = tmp.resolve("orders.html");
        MainTest.Run r = MainTest.jvx("inspect", v.toString(), "--html", html.toString());
        assertEquals(0, r.status(), r.err());
        MainTest.Run s = MainTest.jvx("stats", v.toString(), "--json");
        assertEquals(0, s.status(), s.err());
        Map<String, Object> stats = Json.parseObject(s.out());
        List<Map<String, Object>> cols = (List<Map<String, Object>>) stats.get("columns");

        Map<String, Object> page;
        List<Map<String, Object>> events;
        Path profile = Files.createDirectory(tmp.resolve("profile"));
        try (Chromium browser = Chromium.start(profile)) {
            String target = (String) browser.call(null, "Target.createTarget", Map.of("url", "about:blank"))
                    .get("targetId");
            String session =
                    (String) browser.call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
                            .get("sessionId");
            for (String domain : List.of("Runtime", "Log", "Page")) {
                browser.call(session, domain + ".enable", Map.of());
            }
            browser.call(
                    session,
                    "Emulation.setDeviceMetricsOverride",
                    Map.of("width", 1280, "height", 1000, "deviceScaleFactor", 1, "mobile", false));
            browser.call(session, "Page.navigate", Map.of("url", html.toUri().toString()));
            browser.await(session, "Page.loadEventFired");
            Map<String, Object> result =
                    browser.call(session, "Runtime.evaluate", Map.of("expression", PROBE, "returnByValue", true));
            assertEquals(null, result.get("exceptionDetails"), "the probe ran");
            page = (Map<String, Object>) ((Map<String, Object>) result.get("result")).get("value");
            String png = (String) browser.call(
                            session, "Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true))
                    .get("data");
            Path shots = Files.createDirectories(Path.of("target", "browser"));
            Files.write(shots.resolve("inspect-orders.png"), Base64.getDecoder().decode(png));
            events = browser.events();
        }

        // No console error, failed load or script exception.
        List<String> errors = new ArrayList<>();
        for (Map<String, Object> e : events) {
            Map<String, Object> p = (Map<String, Object>) e.get("params");
            switch ((String) e.get("method")) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + p.get("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    if (List.of("error", "assert", "warning").contains(p.get("type"))) {
                        errors.add("console." + p.get("type") + ": " + p.get("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    Map<String, Object> entry = (Map<String, Object>) p.get("entry");
                    if (List.of("error", "warning").contains(entry.get("level"))) {
                        errors.add("log " + entry.get("level") + ": " + entry.get("text") + " " + entry.get("url"));
                    }
                }
                default -> {}
            }
        }
        assertEquals(List.of(), errors, "console errors");

        assertEquals(stats.get("file") + " - jvx inspect", page.get("title"));
        assertEquals(
                text(stats.get("rows")) + " rows, " + text(stats.get("size")) + " bytes, type ",
                ((String) page.get("summary")).substring(0, ((String) page.get("summary")).indexOf("type ") + 5));

        // The statistics table, as displayed, holds the JSON's numbers column by column.
        assertEquals(
                List.of(
                        "column",
                        "type",
                        "rows",
                        "nulls",
                        "min",
                        "max",
                        "stored bytes",
                        "uncompressed bytes",
                        "ratio",
                        "encodings"),
                page.get("headers"));
        List<List<String>> rows = (List<List<String>>) page.get("rows");
        assertEquals(cols.size(), rows.size());
        assertEquals(7, cols.size(), "the sample's columns");
        long total = 0;
        for (int i = 0; i < cols.size(); i++) {
            Map<String, Object> c = cols.get(i);
            List<String> row = rows.get(i);
            String name = (String) c.get("name");
            assertEquals(name, row.get(0));
            assertEquals(c.get("type"), row.get(1), name);
            assertEquals(text(c.get("rows")), row.get(2), name);
            assertEquals(text(c.get("nulls")), row.get(3), name);
            assertEquals(bound(c, "min"), row.get(4), name);
            assertEquals(bound(c, "max"), row.get(5), name);
            assertEquals(text(c.get("stored_bytes")), row.get(6), name);
            assertEquals(text(c.get("uncompressed_bytes")), row.get(7), name);
            assertEquals(text(c.get("compression_ratio")), row.get(8), name);
            assertEquals(String.join(" ", ((Map<String, Object>) c.get("encodings")).keySet()), row.get(9), name);
            total += ((Json.Num) c.get("stored_bytes")).longValue();
        }

        // The treemap: one box per column, as wide as its share of the bytes, filled by its parts.
        Map<String, Object> tm = (Map<String, Object>) page.get("treemap");
        double width = num(tm, "w") - 2; // inside the 1 px border
        double height = num(tm, "h") - 2;
        assertTrue(width > 900 && height > 400, "the treemap is drawn: " + tm);
        List<Map<String, Object>> boxes = (List<Map<String, Object>>) page.get("columns");
        List<Map<String, Object>> parts = (List<Map<String, Object>>) page.get("parts");
        assertEquals(cols.size(), boxes.size(), "every column has stored bytes and a box");
        double right = num(tm, "x") + 1;
        for (int i = 0; i < cols.size(); i++) {
            Map<String, Object> c = cols.get(i);
            String name = (String) c.get("name");
            long stored = ((Json.Num) c.get("stored_bytes")).longValue();
            Map<String, Object> b = boxes.get(i);
            Map<String, Object> box = (Map<String, Object>) b.get("box");
            assertEquals(name, b.get("name"));
            assertEquals(Long.toString(stored), b.get("bytes"), name);
            assertEquals(width * stored / total, num(box, "w"), 0.5, name + " box width");
            assertEquals(height, num(box, "h"), 0.5, name + " box height");
            assertEquals(right, num(box, "x"), 0.5, name + " box position");
            right += num(box, "w");
            long partBytes = 0;
            double partHeight = 0;
            for (Map<String, Object> p : parts) {
                if (!name.equals(p.get("name"))) {
                    continue;
                }
                Map<String, Object> pb = (Map<String, Object>) p.get("box");
                partBytes += Long.parseLong((String) p.get("bytes"));
                partHeight += num(pb, "h");
                assertEquals(num(box, "x"), num(pb, "x"), 0.5, name + " part inside its column");
                assertFalse("rgba(0, 0, 0, 0)".equals(p.get("color")), name + " part is filled");
            }
            assertEquals(stored, partBytes, name + ": the parts add up to the column's bytes");
            assertEquals(height, partHeight, 1.0, name + ": the parts fill the column's box");
        }

        // The zone maps: a table per column, one row per zone, shown when opened.
        List<Map<String, Object>> zones = (List<Map<String, Object>>) page.get("zones");
        assertEquals(cols.size(), zones.size());
        for (Map<String, Object> z : zones) {
            int count = Integer.parseInt((String) z.get("zones"));
            assertTrue(count > 0, z.toString());
            assertEquals(Math.min(count, 200), ((Json.Num) z.get("rows")).intValue(), z.toString());
            assertTrue(num(z, "height") > 0, "the zone table renders: " + z);
        }
    }

    /// The table's text for a JSON value: numbers as written, null as an empty cell.
    private static String text(Object v) {
        return switch (v) {
            case null -> "";
            case Json.Num n -> n.text();
            default -> v.toString();
        };
    }

    /// A min or max cell: the value, marked `≥`/`≤` when the bound is not exact.
    private static String bound(Map<String, Object> c, String which) {
        Object v = c.get(which);
        if (v == null) {
            return "";
        }
        boolean exact = Boolean.TRUE.equals(c.get(which + "_exact"));
        return (exact ? "" : which.equals("min") ? "≥ " : "≤ ") + v;
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Json.Num) m.get(key)).doubleValue();
    }
}
