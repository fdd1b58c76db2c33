package dev.jvortex.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.RangeServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The reading commands on an `http://` location print what they print for the local file
/// (the file's name aside), and `jvx bench` prints the request counters.
class RemoteCommandsTest {
    @TempDir
    Path tmp;

    @Test
    void readingCommandsAcceptHttpLocations() throws IOException {
        StringBuilder sb = new StringBuilder("id,city,price\n");
        for (int i = 0; i < 5000; i++) {
            sb.append(i)
                    .append(',')
                    .append(i % 3 == 0 ? "Oslo" : "Lima")
                    .append(',')
                    .append(i * 1.5)
                    .append('\n');
        }
        Path csv = tmp.resolve("orders.csv");
        Files.writeString(csv, sb, StandardCharsets.UTF_8);
        Path file = tmp.resolve("orders.vortex");
        assertEquals(0, MainTest.jvx("convert", csv.toString(), file.toString()).status());
        try (RangeServer server = RangeServer.serve(tmp)) {
            String url = server.url("orders.vortex").toString();
            for (List<String> command : List.of(
                    List.of("schema"),
                    List.of("inspect"),
                    List.of("stats"),
                    List.of("count"),
                    List.of("count", "--where", "city = 'Oslo'"),
                    List.of("head", "-n", "7"),
                    List.of("export", "--format", "csv"))) {
                MainTest.Run local = run(command, file.toString());
                MainTest.Run remote = run(command, url);
                assertEquals(0, local.status(), command + ": " + local.err());
                assertEquals(0, remote.status(), command + ": " + remote.err());
                assertEquals(
                        local.out().replace(file.toString(), "FILE"),
                        remote.out().replace(url, "FILE"),
                        command.toString());
            }
            MainTest.Run bench = MainTest.jvx("bench", url, "--iterations", "2");
            assertEquals(0, bench.status(), bench.err());
            assertTrue(bench.out().contains("reads per scan:") && bench.out().contains("requests"), bench.out());
            MainTest.Run missing =
                    MainTest.jvx("count", server.url("none.vortex").toString());
            assertEquals(Main.IO, missing.status(), missing.out() + missing.err());
            assertTrue(missing.err().contains("none.vortex"), missing.err());
        }
    }

    private static MainTest.Run run(List<String> command, String location) {
        String[] args = new String[command.size() + 1];
        args[0] = command.getFirst();
        args[1] = location;
        for (int i = 1; i < command.size(); i++) {
            args[i + 1] = command.get(i);
        }
        return MainTest.jvx(args);
    }
}
