package dev.jvortex.convert;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/// The temporary files conversions are writing right now, so that an interrupted process (a
/// shutdown hook, e.g. on Ctrl-C) can remove them: see [#deleteAll].
public final class TempFiles {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    private TempFiles() {}

    /// Creates an empty temporary file beside `target` (hidden, named after it) and registers it.
    static Path beside(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String base = abs.getFileName().toString();
        Path tmp = Files.createTempFile(dir, "." + base + ".", ".jvx-tmp");
        LIVE.add(tmp);
        return tmp;
    }

    /// Creates an empty temporary file in the system's temporary folder and registers it.
    static Path scratch(String suffix) throws IOException {
        Path tmp = Files.createTempFile("jvx-", suffix);
        LIVE.add(tmp);
        return tmp;
    }

    /// Deletes `tmp` if it exists and forgets it.
    static void discard(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // Best effort: the file may already be gone or its folder unwritable.
        }
        LIVE.remove(tmp);
    }

    /// Forgets `tmp` (it was renamed into place).
    static void committed(Path tmp) {
        LIVE.remove(tmp);
    }

    /// Deletes every registered temporary file; for a shutdown hook.
    public static void deleteAll() {
        for (Path p : LIVE) {
            discard(p);
        }
    }
}
