package dev.jvortex.bench.sidebyside;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// `bench/bench-env.sh` installs `bench/requirements.txt` with `scripts/oracle-requirements.txt`
/// as constraints, so a package pinned in both files at different versions makes pip refuse the
/// whole install on a fresh machine (a venv that already has the bench packages never notices).
/// This checks the two files agree on every package they both pin.
class RequirementPinsTest {

    @Test
    void benchPinsAgreeWithOraclePins() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        Map<String, String> oracle = pins(root.resolve("scripts/oracle-requirements.txt"));
        Map<String, String> bench = pins(root.resolve("bench/requirements.txt"));
        assertFalse(oracle.isEmpty(), "no pins read from scripts/oracle-requirements.txt");
        assertFalse(bench.isEmpty(), "no pins read from bench/requirements.txt");
        List<String> conflicts = new ArrayList<>();
        bench.forEach((name, version) -> {
            String other = oracle.get(name);
            if (other != null && !other.equals(version)) {
                conflicts.add(name + ": bench " + version + ", oracle " + other);
            }
        });
        assertTrue(conflicts.isEmpty(), "conflicting pins: " + conflicts);
    }

    /// `name==version` lines, names normalised as pip does (case, `-`/`_`/`.`, extras dropped).
    static Map<String, String> pins(Path file) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String raw : Files.readAllLines(file)) {
            String line = raw.replaceFirst("#.*", "").strip();
            int eq = line.indexOf("==");
            if (eq < 0) {
                continue;
            }
            String name = line.substring(0, eq).replaceFirst("\\[.*]", "").strip();
            name = name.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-");
            out.put(name, line.substring(eq + 2).strip());
        }
        return out;
    }
}
