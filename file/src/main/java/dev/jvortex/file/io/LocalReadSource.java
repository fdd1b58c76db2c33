package dev.jvortex.file.io;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/// A local file mapped whole into memory: a read is a slice of the mapping (no copy, no
/// request), and closing unmaps it.
public final class LocalReadSource implements ReadSource {
    private final String name;
    private final Arena arena;
    private final MemorySegment data;
    private final ReadCounters counters = new ReadCounters();

    private LocalReadSource(String name, Arena arena, MemorySegment data) {
        this.name = name;
        this.arena = arena;
        this.data = data;
    }

    /// Maps the file at `path`; an unreadable file is a [VortexException] of kind `IO`.
    public static LocalReadSource open(Path path) {
        @SuppressWarnings("MustBeClosedChecker") // handed to the source, closed on failure
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            MemorySegment seg = size == 0 ? MemorySegment.NULL : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new LocalReadSource(path.toString(), arena, seg);
        } catch (IOException e) {
            arena.close();
            throw new VortexException(VortexException.Kind.IO, path + ": cannot read: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /// Wraps caller-owned memory (it must stay valid while the source is used; close does nothing).
    public static LocalReadSource of(MemorySegment bytes, String name) {
        return new LocalReadSource(name, null, bytes);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return data.byteSize();
    }

    @Override
    public MemorySegment read(long offset, long length) {
        if (offset < 0 || length < 0 || offset > data.byteSize() - length) {
            throw new VortexException(
                    VortexException.Kind.IO,
                    name + ": range [" + offset + ", +" + length + ") lies outside the " + data.byteSize()
                            + "-byte file");
        }
        return data.asSlice(offset, length);
    }

    @Override
    public MemorySegment mapping() {
        return data;
    }

    @Override
    public ReadCounters counters() {
        return counters;
    }

    @Override
    public synchronized void close() {
        if (arena != null && arena.scope().isAlive()) {
            arena.close();
        }
    }
}
