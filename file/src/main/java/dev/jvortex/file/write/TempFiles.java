package dev.jvortex.file.write;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/// The temporary files of writes in progress (`.<name>.<random>.tmp` beside the target), and the
/// two ways they are removed when a write does not end normally.
///
/// - **Signals.** Every temporary file of this process is registered while its write is in
///   progress; a shutdown hook (installed on first use) deletes those still registered, so
///   `SIGINT`, `SIGTERM` or `System.exit` during a write leave nothing behind. `SIGKILL` and a
///   crash run no hook: those leave the file for the next rule.
/// - **Stale files.** When a write of a target starts, temporary files of our naming beside it
///   are deleted if no process holds them: a writer holds an exclusive lock on its temporary
///   file from just after creating it until it is renamed or deleted, and the operating system
///   drops the lock when the process dies, however it dies. Locks, not ages, decide, because a
///   live write of a large file may go minutes without being renamed while a killed one may be
///   a second old. Two guards remain: a file modified less than [#STALE_AGE] ago is left alone
///   (it may belong to a writer that created it and has not locked it yet), and this process's
///   own registered files are never opened (closing a channel on a file releases every lock the
///   process holds on it).
final class TempFiles {
    /// How old (since the last modification) an unlocked temporary file must be to be deleted.
    static final Duration STALE_AGE = Duration.ofSeconds(10);

    /// The random part as [SegmentSink] writes it: an unsigned long in base 36.
    private static final Pattern RANDOM = Pattern.compile("[0-9a-z]{1,13}");

    private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();
    private static volatile boolean hookInstalled;

    private TempFiles() {}

    /// Registers `temp` as the temporary file of a write in progress.
    static void register(Path temp) {
        installHook();
        IN_PROGRESS.add(temp);
    }

    /// Forgets `temp` (renamed onto its target, or deleted).
    static void unregister(Path temp) {
        IN_PROGRESS.remove(temp);
    }

    /// Returns whether `temp` is registered (for tests).
    static boolean isRegistered(Path temp) {
        return IN_PROGRESS.contains(temp);
    }

    private static synchronized void installHook() {
        if (hookInstalled) {
            return;
        }
        Thread hook = new Thread(TempFiles::deleteAllInProgress, "jvortex-temp-cleanup");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            hookInstalled = true;
        } catch (IllegalStateException ignored) {
            // The JVM is shutting down already (a write started from a shutdown hook): no hook
            // can be added; the write goes on and an unfinished one is deleted by its close().
        }
    }

    /// Deletes every registered temporary file; the shutdown hook's work. A write still running
    /// then fails when it tries to rename its file, so no target appears.
    private static void deleteAllInProgress() {
        for (Path p : IN_PROGRESS) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException | RuntimeException ignored) {
                // the process is ending; nothing more can be done for this file
            }
        }
    }

    /// Returns whether `file` is named as a temporary file of a write of `targetName`.
    static boolean isTempOf(String file, String targetName) {
        String prefix = "." + targetName + ".";
        if (file.length() <= prefix.length() + ".tmp".length() || !file.startsWith(prefix) || !file.endsWith(".tmp")) {
            return false;
        }
        String random = file.substring(prefix.length(), file.length() - ".tmp".length());
        return RANDOM.matcher(random).matches();
    }

    /// Deletes stale temporary files of writes of `target` (see the class doc for the rule);
    /// returns how many were deleted. Never throws: a file that cannot be examined is left.
    static int deleteStale(Path target) {
        Path dir = target.getParent();
        String name = target.getFileName().toString();
        int deleted = 0;
        // A filter, not a glob: the target's name may hold glob characters.
        DirectoryStream.Filter<Path> ours = p -> isTempOf(p.getFileName().toString(), name);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ours)) {
            for (Path p : files) {
                if (deleteIfStale(p)) {
                    deleted++;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // listing failed: nothing is deleted, the write itself goes on
        }
        return deleted;
    }

    private static boolean deleteIfStale(Path p) {
        if (IN_PROGRESS.contains(p.toAbsolutePath())) {
            return false;
        }
        try {
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            FileTime modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
            if (modified.toInstant().isAfter(Instant.now().minus(STALE_AGE))) {
                return false;
            }
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                FileLock lock;
                try {
                    lock = ch.tryLock();
                } catch (OverlappingFileLockException e) {
                    return false;
                }
                if (lock == null) {
                    return false; // another process is writing it
                }
                // Delete while holding the lock, so no other cleaner and no writer races us.
                Files.deleteIfExists(p);
                return true;
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
