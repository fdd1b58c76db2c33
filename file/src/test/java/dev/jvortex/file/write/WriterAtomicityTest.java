package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Builders;
import dev.jvortex.file.VortexFile;
import java.io.File;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// A write commits only on a successful `finish()`; everything else leaves neither the target nor
/// a temporary file behind, signals and killed processes included.
class WriterAtomicityTest {
    /// The README's schema and pattern.
    private static final DType.Struct SCHEMA =
            DType.struct(false, "id", new DType.Primitive(PType.I64, false), "name", new DType.Utf8(true));

    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void writeReadmeRows(VortexWriter w, Arena arena) {
        Builders.LongBuilder ids = Builders.longs(SCHEMA.fields().get(0));
        Builders.StringBuilder names = Builders.strings(SCHEMA.fields().get(1));
        ids.append(1);
        names.append("Ada");
        ids.append(2);
        names.appendNull();
        w.write(List.of(ids.build(arena), names.build(arena)));
    }

    @Test
    void readmePatternCommitsOnFinish() throws IOException {
        Path target = dir.resolve("people.vortex");
        WriteResult result;
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            writeReadmeRows(w, arena);
            result = w.finish();
        }
        assertEquals(List.of("people.vortex"), names());
        assertEquals(2, result.rowCount());
        assertEquals(Files.size(target), result.fileSize());
        assertEquals(target.toAbsolutePath(), result.path());
        try (VortexFile f = VortexFile.open(target)) {
            assertEquals(2, f.rowCount());
        }
    }

    @Test
    void readmePatternLeftByAnExceptionLeavesNothing() throws IOException {
        Path target = dir.resolve("people.vortex");
        IllegalStateException boom = new IllegalStateException("boom");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
            try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                    Arena arena = Arena.ofConfined()) {
                writeReadmeRows(w, arena);
                throw boom;
            }
        });
        assertEquals(boom, thrown, "close() must not replace the exception that left the block");
        assertEquals(List.of(), names());
    }

    @Test
    void forgottenFinishLeavesNothingAndKeepsAnOldFile() throws IOException {
        Path target = dir.resolve("people.vortex");
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            writeReadmeRows(w, arena);
        }
        assertEquals(List.of(), names());
        Files.writeString(target, "old");
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            writeReadmeRows(w, arena);
        }
        assertEquals(List.of("people.vortex"), names());
        assertEquals("old", Files.readString(target));
    }

    @Test
    void rejectedBatchThenCloseLeavesNothing() throws IOException {
        Path target = dir.resolve("people.vortex");
        assertThrows(VortexException.class, () -> {
            try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                    Arena arena = Arena.ofConfined()) {
                writeReadmeRows(w, arena);
                Builders.LongBuilder ids = Builders.longs(SCHEMA.fields().get(0));
                ids.append(3);
                w.write(List.of(ids.build(arena))); // one column of two: rejected
                w.finish();
            }
        });
        assertEquals(List.of(), names());
    }

    @Test
    void abortAndFinishAfterCloseAreHandled() throws IOException {
        Path target = dir.resolve("people.vortex");
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            writeReadmeRows(w, arena);
            w.abort();
            w.abort();
            VortexException e = assertThrows(VortexException.class, w::finish);
            assertEquals(VortexException.Kind.MISUSE, e.kind());
            assertTrue(e.getMessage().contains("not created"), e.getMessage());
        }
        assertEquals(List.of(), names());
        try (Arena arena = Arena.ofConfined()) {
            VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
            writeReadmeRows(w, arena);
            w.finish();
            w.abort(); // after a successful finish: the file stays
        }
        assertEquals(List.of("people.vortex"), names());
    }

    @Test
    void staleTemporariesOfOurNamingAreRemovedWhenAWriteStarts() throws IOException {
        Path target = dir.resolve("t.vortex");
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofMinutes(5)));
        Path stale = Files.writeString(dir.resolve(".t.vortex.3k9x0a1b2c.tmp"), "left by a killed writer");
        Files.setLastModifiedTime(stale, old);
        Path fresh = Files.writeString(dir.resolve(".t.vortex.zz01.tmp"), "a writer that has not locked yet");
        List<Path> notOurs = List.of(
                dir.resolve(".t.vortex.UPPER.tmp"),
                dir.resolve(".t.vortex.tmp"),
                dir.resolve(".t.vortex.a.b.tmp"),
                dir.resolve(".other.vortex.abc.tmp"),
                dir.resolve("t.vortex.abc.tmp"));
        for (Path p : notOurs) {
            Files.writeString(p, "not ours");
            Files.setLastModifiedTime(p, old);
        }
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            assertFalse(Files.exists(stale), "an unlocked, old temporary file of ours is removed");
            assertTrue(Files.exists(fresh), "a young one may belong to a writer that is starting");
            for (Path p : notOurs) {
                assertTrue(Files.exists(p), p + " is not named as ours");
            }
            writeReadmeRows(w, arena);
            w.finish();
        }
    }

    @Test
    void killedOrSignalledWriterLeavesNothingALaterWriteDoesNotRemove() throws Exception {
        Path target = dir.resolve("k.vortex");

        // SIGTERM: the shutdown hook removes the temporary file.
        Process term = startSlowWriter(target);
        try {
            awaitTemp(term);
            term.destroy();
            assertTrue(term.waitFor(30, TimeUnit.SECONDS), "the child ends on SIGTERM");
        } finally {
            term.destroyForcibly();
        }
        assertEquals(List.of(), names(), "SIGTERM leaves neither the target nor a temporary file");

        // SIGKILL: no hook runs; the temporary file stays, but a live writer's file is locked.
        Process kill = startSlowWriter(target);
        Path temp;
        try {
            temp = awaitTemp(kill);
            Files.setLastModifiedTime(temp, FileTime.from(Instant.now().minus(Duration.ofMinutes(5))));
            // Alive and locked: a write of the same target started now leaves it alone, even when old.
            try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults())) {
                assertTrue(Files.exists(temp), "a live writer's temporary file is never removed");
            }
            kill.destroyForcibly();
            assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
        } finally {
            kill.destroyForcibly();
        }
        assertEquals(List.of(temp.getFileName().toString()), names(), "SIGKILL runs no hook");
        Files.setLastModifiedTime(temp, FileTime.from(Instant.now().minus(Duration.ofMinutes(5))));
        try (VortexWriter w = VortexWriter.create(target, SCHEMA, WriteOptions.defaults());
                Arena arena = Arena.ofConfined()) {
            writeReadmeRows(w, arena);
            w.finish();
        }
        assertEquals(List.of("k.vortex"), names(), "the next write of the target removed the dead one's file");
    }

    private Process startSlowWriter(Path target) throws IOException {
        List<String> cp = new ArrayList<>();
        for (String key : List.of("jdk.module.path", "java.class.path")) {
            String v = System.getProperty(key);
            if (v != null && !v.isEmpty()) {
                cp.add(v);
            }
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = List.of(
                java.toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                String.join(File.pathSeparator, cp),
                SlowWriterMain.class.getName(),
                target.toString());
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(
                        dir.resolveSibling(dir.getFileName() + "-child.log").toFile())
                .start();
    }

    /// Waits until the child has a temporary file that has grown past its first bytes.
    private Path awaitTemp(Process child) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(child.isAlive(), "the child writer died early");
            try (Stream<Path> s = Files.list(dir)) {
                List<Path> temps = s.filter(
                                p -> TempFiles.isTempOf(p.getFileName().toString(), "k.vortex"))
                        .toList();
                if (temps.size() == 1 && Files.size(temps.getFirst()) > 4) {
                    return temps.getFirst();
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the child writer made no temporary file");
    }
}
