package dev.jvortex.file.write;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SegmentSpec;
import dev.jvortex.format.internal.FormatWriter;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/// The one place that appends bytes to the file being written: segments (each aligned as its
/// array asks), then the footer sections, the postscript and the end-of-file marker.
///
/// It writes to a temporary file beside the target, `.<name>.<random>.tmp`, and renames it onto
/// the target only once the file is complete ([#finish]); [#release] of an unfinished sink
/// removes the temporary file, so nothing ever appears under the target name half written.
/// While the write is in progress the temporary file is locked and registered with [TempFiles]
/// (removed by a shutdown hook on a signal; removed by a later write of the same target if the
/// process died).
final class SegmentSink {
    private static final byte[] MAGIC = {'V', 'T', 'X', 'F'};

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    /// Whether the file was renamed onto the target.
    private boolean committed;
    private final List<SegmentSpec> segments = new ArrayList<>();
    /// Encoding ids in order of first use, numbered from 0; the footer lists them in that order.
    private final Map<String, Integer> arrayIds = new LinkedHashMap<>();
    /// Per segment, the numbers (in [#arrayIds]) of the encodings its array tree uses.
    private final List<BitSet> segmentEncodings = new ArrayList<>();
    private long position;

    private SegmentSink(Path target, Path temp, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
    }

    /// Opens a sink for `target` (an absolute path): creates the temporary file and writes the
    /// leading magic bytes.
    static SegmentSink open(Path target) throws IOException {
        TempFiles.deleteStale(target);
        Path temp = newTempFile(target.getParent(), target.getFileName().toString());
        TempFiles.register(temp);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            // Held until the file is renamed or deleted: tells a later write that this one is alive.
            if (channel.tryLock() == null) {
                throw new IOException(temp + ": cannot lock the temporary file");
            }
            SegmentSink sink = new SegmentSink(target, temp, channel);
            sink.writeBytes(MemorySegment.ofArray(MAGIC));
            return sink;
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                closeQuietly(channel);
            }
            deleteQuietly(temp);
            TempFiles.unregister(temp);
            throw e;
        }
    }

    /// A new, unique temporary file beside the target, created like any file the process creates
    /// (permissions from the umask, unlike `Files.createTempFile`'s owner-only ones), so the
    /// renamed file is as readable as a file written in place.
    private static Path newTempFile(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + name + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /// Returns the temporary file's path.
    Path temp() {
        return temp;
    }

    /// Serializes an array tree as the next segment, aligned as the tree asks; returns its id.
    int append(WriteNode node) throws IOException {
        BitSet used = new BitSet();
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, id -> {
            int k = arrayIds.computeIfAbsent(id, unused -> arrayIds.size());
            used.set(k);
            return k;
        });
        pad(s.alignment());
        long start = position;
        for (MemorySegment part : s.parts()) {
            writeBytes(part);
        }
        segments.add(new SegmentSpec(start, s.length(), Integer.numberOfTrailingZeros(s.alignment())));
        segmentEncodings.add(used);
        return segments.size() - 1;
    }

    /// Returns the length in bytes of segment `id`.
    long segmentLength(int id) {
        return segments.get(id).length();
    }

    /// Adds the numbers of the encodings segment `id` uses to `into`.
    void encodingsOf(int id, BitSet into) {
        into.or(segmentEncodings.get(id));
    }

    /// Returns the encoding ids in number order.
    List<String> encodingNames() {
        return List.copyOf(arrayIds.keySet());
    }

    /// Completes the file: the dtype, layout, statistics (null for none) and footer sections,
    /// the postscript and the end-of-file marker; then makes it durable and renames it onto the
    /// target.
    void finish(byte[] dtype, byte[] layout, byte[] statistics, List<String> layoutIds) throws IOException {
        byte[] footer = FormatWriter.footer(List.copyOf(arrayIds.keySet()), layoutIds, segments);
        SegmentSpec d = section(dtype);
        SegmentSpec l = section(layout);
        SegmentSpec s = statistics == null ? null : section(statistics);
        SegmentSpec f = section(footer);
        byte[] ps = FormatWriter.postscript(d, l, s, f);
        if (ps.length > 65527) {
            throw VortexException.unsupported("postscript of " + ps.length + " bytes is too large");
        }
        writeBytes(MemorySegment.ofArray(ps));
        byte[] eof = {1, 0, (byte) ps.length, (byte) (ps.length >>> 8), 'V', 'T', 'X', 'F'};
        writeBytes(MemorySegment.ofArray(eof));
        channel.force(true);
        // Renamed while still open and locked, so no cleaner sees it unlocked before the rename.
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        committed = true;
        TempFiles.unregister(temp);
        channel.close();
    }

    /// Returns the bytes written so far (the whole file's size after [#finish]).
    long position() {
        return position;
    }

    /// Closes the file; unless it was renamed onto the target, also removes the temporary file.
    /// Never throws.
    void release() {
        closeQuietly(channel);
        if (!committed) {
            deleteQuietly(temp);
            TempFiles.unregister(temp);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing after a failure: the temporary file is removed next
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // best effort: a stray temporary file never carries the target's name
        }
    }

    private SegmentSpec section(byte[] fb) throws IOException {
        long start = position;
        writeBytes(MemorySegment.ofArray(fb));
        return new SegmentSpec(start, fb.length, 3);
    }

    private void pad(long alignment) throws IOException {
        long pad = (-position) & (alignment - 1);
        if (pad > 0) {
            writeBytes(MemorySegment.ofArray(new byte[(int) pad]));
        }
    }

    private void writeBytes(MemorySegment seg) throws IOException {
        if (seg.isNative() || seg.heapBase().orElse(null) instanceof byte[]) {
            // a byte buffer holds at most 2 GiB: a larger segment goes in slices
            for (long off = 0; off < seg.byteSize(); off += 1 << 30) {
                writeBuffer(seg.asSlice(off, Math.min(1 << 30, seg.byteSize() - off))
                        .asByteBuffer());
            }
        } else {
            // Heap segments over other array types (long[], int[], ...) have no byte buffer view.
            for (long off = 0; off < seg.byteSize(); off += 1 << 20) {
                long n = Math.min(1 << 20, seg.byteSize() - off);
                writeBuffer(ByteBuffer.wrap(seg.asSlice(off, n).toArray(ValueLayout.JAVA_BYTE)));
            }
        }
        position += seg.byteSize();
    }

    private void writeBuffer(ByteBuffer bb) throws IOException {
        while (bb.hasRemaining()) {
            channel.write(bb);
        }
    }
}
