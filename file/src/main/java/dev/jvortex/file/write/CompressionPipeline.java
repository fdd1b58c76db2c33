package dev.jvortex.file.write;

import dev.jvortex.compress.Compressor;
import dev.jvortex.compress.Verify;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;

/// Compresses arrays, on up to [WriteOptions#parallelism()] threads, and hands the results to
/// the [SegmentSink] in the order they were submitted, so the file does not depend on the
/// thread count.
///
/// Memory stays bounded: at most `2 * parallelism` tasks wait; submitting one more first writes
/// the oldest (waiting for it if need be). Each task's input lives in an arena the pipeline
/// closes once the segment is written (or, after a failure, once the task has stopped).
final class CompressionPipeline {
    /// Which compressor an array goes through.
    enum Compression {
        /// Every scheme: leaf chunks, dictionary values and zone tables.
        FULL,
        /// No integer dictionaries (the dictionary layout did that job): dictionary codes.
        DATA
    }

    /// Whether every compressed array is decoded again and compared with its input
    /// (system property `jvortex.compress.verify=true`; a debug check).
    private static final boolean VERIFY = Boolean.getBoolean("jvortex.compress.verify");

    private final SegmentSink sink;
    /// The target file, named in errors.
    private final Path target;
    private final boolean compress;
    private final int parallelism;
    private final Compressor dataCompressor;
    private final Compressor fullCompressor;
    /// Where compression tasks run; null compresses on the writing thread.
    private final Executor executor;
    /// The pipeline's own threads (null when the caller gave an executor or there is one thread).
    private final ExecutorService ownPool;
    /// Compression tasks not yet written, in the order their segments go into the file.
    private final Deque<Pending> inflight = new ArrayDeque<>();

    /// A compression task whose segment is not written yet.
    ///
    /// @param node the write tree, once compressed
    /// @param owner the arena holding the task's input (closed once the segment is written), or null
    /// @param onSegment told the segment id
    private record Pending(CompletableFuture<WriteNode> node, Arena owner, IntConsumer onSegment) {}

    CompressionPipeline(WriteOptions options, SegmentSink sink, Path target) {
        this.sink = sink;
        this.target = target;
        this.compress = options.compress();
        this.parallelism = options.parallelism();
        this.dataCompressor = Compressor.data(options.preset(), options.cascadeDepth());
        this.fullCompressor = Compressor.full(options.preset(), options.cascadeDepth());
        if (options.parallelism() > 1 && options.compress()) {
            this.ownPool = options.executor() == null
                    ? Executors.newFixedThreadPool(options.parallelism(), r -> {
                        Thread t = new Thread(r, "jvortex-compress");
                        t.setDaemon(true);
                        return t;
                    })
                    : null;
            this.executor = options.executor() != null ? options.executor() : ownPool;
        } else {
            this.ownPool = null;
            this.executor = null;
        }
    }

    /// Compresses `a` (now, or on the executor) and writes it as the next segment in submission
    /// order, telling `onSegment` its id; `owner` (which holds `a`, or null) is closed after the
    /// segment is written.
    void submit(Array a, Compression compression, Arena owner, IntConsumer onSegment) throws IOException {
        Compressor compressor = compression == Compression.FULL ? fullCompressor : dataCompressor;
        if (executor == null) {
            try {
                onSegment.accept(sink.append(encode(a, compressor)));
            } finally {
                if (owner != null) {
                    owner.close();
                }
            }
            return;
        }
        CompletableFuture<WriteNode> f;
        try {
            f = CompletableFuture.supplyAsync(() -> encode(a, compressor), executor);
        } catch (RuntimeException e) {
            if (owner != null) {
                owner.close();
            }
            throw e;
        }
        inflight.add(new Pending(f, owner, onSegment));
        drain(2 * parallelism);
    }

    /// Writes every submitted segment, waiting for the tasks still running.
    void flush() throws IOException {
        drain(0);
    }

    /// Writes finished tasks from the head of the queue, waiting for the head while more than
    /// `keep` tasks are queued.
    private void drain(int keep) throws IOException {
        while (!inflight.isEmpty()
                && (inflight.size() > keep || inflight.peek().node().isDone())) {
            Pending p = inflight.peek();
            WriteNode node;
            try {
                node = p.node().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VortexException(VortexException.Kind.IO, target + ": interrupted while compressing", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new VortexException(VortexException.Kind.IO, target + ": compression failed: " + cause, cause);
            }
            inflight.poll();
            try {
                p.onSegment().accept(sink.append(node));
            } finally {
                if (p.owner() != null) {
                    p.owner().close();
                }
            }
        }
    }

    /// Stops: waits for queued tasks (after a failure) to stop using their inputs, frees them,
    /// and shuts down the pipeline's own threads (never a caller's executor).
    void close() {
        for (Pending p : inflight) {
            try {
                p.node().join();
            } catch (RuntimeException ignored) {
                // the write has failed already; this task's result is not needed
            }
            if (p.owner() != null) {
                p.owner().close();
            }
        }
        inflight.clear();
        if (ownPool != null) {
            ownPool.shutdownNow();
        }
    }

    /// Returns the write tree of `a`: compressed by `compressor` when the options say so (falling
    /// back to canonical should the compressor fail), else canonical.
    private WriteNode encode(Array a, Compressor compressor) {
        if (!compress) {
            return CanonicalEncoder.encode(a);
        }
        WriteNode node;
        try {
            node = compressor.compress(a);
        } catch (RuntimeException e) {
            if (VERIFY) {
                throw e;
            }
            return CanonicalEncoder.encode(a);
        }
        if (VERIFY) {
            Verify.check(a, node);
        }
        return node;
    }
}
