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
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private TempFiles() {}

    /// Creates an empty temporary file beside `target` (hidden, named after it) and registers it.
    /// Unlike `Files.createTempFile` (owner-only), it gets the default permissions, which the
    /// target keeps after the rename.
    static Path beside(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String base = abs.getFileName().toString();
        for (int attempt = 0; ; attempt++) {
            String tag = Long.toUnsignedString(RANDOM.nextLong(), 36);
            Path tmp = dir.resolve("." + base + "." + tag + ".jvx-tmp");
            try {
                Files.createFile(tmp);
                LIVE.add(tmp);
                return tmp;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
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

    /// Writes `text` (UTF-8) to `target` through a temporary file beside it, renamed into place
    /// when complete: a failure leaves nothing under the target name.
    public static void writeString(Path target, String text) throws IOException {
        Path tmp = beside(target);
        boolean done = false;
        try {
            Files.writeString(tmp, text, java.nio.charset.StandardCharsets.UTF_8);
            Files.move(
                    tmp,
                    target,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            committed(tmp);
            done = true;
        } finally {
            if (!done) {
                discard(tmp);
            }
        }
    }

    /// Deletes every registered temporary file; for a shutdown hook.
    public static void deleteAll() {
        for (Path p : LIVE) {
            discard(p);
        }
    }
}
