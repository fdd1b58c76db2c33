package dev.jvortex.file.write;

import dev.jvortex.compress.Compressor;
import dev.jvortex.compress.Verify;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

/// Compresses arrays, on up to [WriteOptions#parallelism()] threads, and hands the results to
/// the [SegmentSink] in the order they were submitted, so the file does not depend on the
/// thread count.
///
/// Memory stays bounded: at most `8 * parallelism` tasks (chunks of about `targetChunkBytes`)
/// wait; submitting one more first writes the oldest (waiting for it if need be). The queue is
/// that deep so that one slow chunk at its head does not leave the other threads idle. Each task's input lives in an
/// arena the pipeline
/// closes once the segment is written (or, after a failure, once the task has stopped).
///
/// Work that decides *which* segments come (a dictionary layout's codes and values, cut as its
/// dictionary fills) can run off the writing thread too: [#submitGroup] queues it as one entry,
/// run after the column's earlier groups ([Lane]); the segments it submits take its place in the
/// queue, in the order it submitted them, so the file is the one the writing thread would have
/// written itself. When the writing thread would wait for the head of the queue, it runs queued
/// tasks of the pipeline's own threads instead of parking.
final class CompressionPipeline implements SegmentQueue {
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
    /// Tasks allowed to wait per thread.
    private static final int MAX_TASKS_PER_THREAD = 8;

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
    private final Deque<Entry> inflight = new ArrayDeque<>();

    /// What the queue holds: one segment to come, or a group of them whose count is not known yet.
    private sealed interface Entry permits Pending, Group {
        /// Done: the segment compressed, or the group's list of segments complete.
        CompletableFuture<?> future();
    }

    /// A compression task whose segment is not written yet.
    ///
    /// @param node the write tree, once compressed
    /// @param owner the arena holding the task's input (closed once the segment is written), or null
    /// @param onSegment told the segment id
    private record Pending(CompletableFuture<WriteNode> node, Arena owner, IntConsumer onSegment) implements Entry {
        @Override
        public CompletableFuture<?> future() {
            return node;
        }
    }

    /// A task of [#submitGroup]: once it has run, the segments it submitted, in order.
    private record Group(CompletableFuture<List<Pending>> parts) implements Entry {
        @Override
        public CompletableFuture<?> future() {
            return parts;
        }
    }

    /// Work that submits segments ([#submitGroup]).
    @FunctionalInterface
    interface GroupTask {
        /// Runs, submitting its segments to `queue`.
        void run(SegmentQueue queue) throws IOException;
    }

    /// The order of one column's groups: each runs after the one submitted before it. Owned by
    /// the column's writer and used on the writing thread.
    static final class Lane {
        private CompletableFuture<?> tail = CompletableFuture.completedFuture(null);

        /// Returns a future done once every group given so far has run (successfully or not).
        CompletableFuture<?> tail() {
            return tail;
        }
    }

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
    /// segment is written. A chunk of a column whose chunks share `column` (or null): the column's
    /// first chunk runs the compressor's whole contest, later ones start from its choice (see
    /// [Compressor#compress(Array, Compressor.Choice)]) and so wait for the first chunk to be
    /// compressed; the output does not depend on the threads. `a`'s rows are also added to
    /// `stats` (or null), the statistics of the column whose next rows `a` holds: on the
    /// compression threads, after the column's earlier chunks and before `owner` is closed.
    @Override
    public void submit(
            Array a, Compression compression, Arena owner, IntConsumer onSegment, ColumnChoice column, StatsChain stats)
            throws IOException {
        if (executor == null) {
            try {
                if (stats != null) {
                    stats.addNow(a);
                }
                Compressor.Choice prior = null;
                if (column != null && column.first != null) {
                    prior = column.first.join();
                }
                Compressor.Result r = encode(a, compressorFor(compression), prior);
                if (column != null && column.first == null) {
                    column.first = CompletableFuture.completedFuture(r.choice());
                }
                onSegment.accept(sink.append(r.node()));
            } finally {
                if (owner != null) {
                    owner.close();
                }
            }
            return;
        }
        inflight.add(start(a, compression, owner, onSegment, column, stats));
        drain(MAX_TASKS_PER_THREAD * parallelism);
    }

    /// Starts compressing `a` on the executor (see [#submit]); returns its queue entry.
    private Pending start(
            Array a,
            Compression compression,
            Arena owner,
            IntConsumer onSegment,
            ColumnChoice column,
            StatsChain stats) {
        Compressor compressor = compressorFor(compression);
        CompletableFuture<WriteNode> f;
        try {
            CompletableFuture<Void> counted = stats == null ? null : stats.addLater(a, executor);
            if (column == null) {
                f = CompletableFuture.supplyAsync(
                        () -> encode(a, compressor, null).node(), executor);
            } else if (column.first == null) {
                CompletableFuture<Compressor.Result> r =
                        CompletableFuture.supplyAsync(() -> encode(a, compressor, null), executor);
                column.first = r.handle((res, e) -> res == null ? null : res.choice());
                f = r.thenApply(Compressor.Result::node);
            } else {
                f = column.first.thenApplyAsync(
                        prior -> encode(a, compressor, prior).node(), executor);
            }
            if (counted != null) {
                // the segment is written (and its input freed) only once its rows are counted too
                f = f.thenCombine(counted, (node, none) -> node);
            }
        } catch (RuntimeException e) {
            if (owner != null) {
                owner.close();
            }
            throw e;
        }
        return new Pending(f, owner, onSegment);
    }

    private Compressor compressorFor(Compression compression) {
        return compression == Compression.FULL ? fullCompressor : dataCompressor;
    }

    /// Whether [#submitGroup] runs its tasks off the writing thread.
    boolean async() {
        return executor != null;
    }

    /// Runs `task` after the earlier groups of `lane`: off the writing thread when the pipeline
    /// has threads, else now. The segments it submits are written in its place in the queue, in
    /// the order it submitted them (their compression starts as soon as it submits them);
    /// `owner` (the arena of the task's input, or null) is closed once the task has run.
    void submitGroup(Lane lane, Arena owner, GroupTask task) throws IOException {
        if (executor == null) {
            try {
                task.run(this);
            } finally {
                if (owner != null) {
                    owner.close();
                }
            }
            return;
        }
        CompletableFuture<List<Pending>> parts = lane.tail.handleAsync(
                (none, earlier) -> {
                    try {
                        if (earlier != null) {
                            // an earlier group of the column failed; that failure is reported
                            throw new CompletionException(earlier);
                        }
                        List<Pending> out = new ArrayList<>();
                        try {
                            task.run((a, compression, arena, onSegment, column, stats) ->
                                    out.add(start(a, compression, arena, onSegment, column, stats)));
                        } catch (IOException | RuntimeException e) {
                            // the segments started before the failure are never written: free
                            // their inputs once their tasks stop
                            for (Pending p : out) {
                                if (p.owner() != null) {
                                    p.node()
                                            .whenComplete(
                                                    (node, err) -> p.owner().close());
                                }
                            }
                            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
                        }
                        return out;
                    } finally {
                        if (owner != null) {
                            owner.close();
                        }
                    }
                },
                executor);
        lane.tail = parts;
        inflight.add(new Group(parts));
        drain(MAX_TASKS_PER_THREAD * parallelism);
    }

    /// Writes every submitted segment, waiting for the tasks still running.
    void flush() throws IOException {
        drain(0);
    }

    /// Writes finished tasks from the head of the queue, waiting for the head while more than
    /// `keep` entries are queued; a finished group at the head is replaced by its segments.
    private void drain(int keep) throws IOException {
        while (!inflight.isEmpty()) {
            Entry head = inflight.peek();
            if (!head.future().isDone()) {
                if (inflight.size() <= keep) {
                    return;
                }
                awaitHelping(head.future());
            }
            inflight.poll();
            switch (head) {
                case Group g -> {
                    List<Pending> parts = result(g.parts());
                    for (int i = parts.size() - 1; i >= 0; i--) {
                        inflight.addFirst(parts.get(i));
                    }
                }
                case Pending p -> {
                    try {
                        p.onSegment().accept(sink.append(result(p.node())));
                    } finally {
                        if (p.owner() != null) {
                            p.owner().close();
                        }
                    }
                }
            }
        }
    }

    /// Waits until `f` is done, running queued tasks of the pipeline's own threads meanwhile
    /// (rather than leave a core idle while the writing thread parks).
    private void awaitHelping(CompletableFuture<?> f) throws IOException {
        ThreadPoolExecutor pool = ownPool instanceof ThreadPoolExecutor t ? t : null;
        while (!f.isDone()) {
            Runnable queued = pool == null ? null : pool.getQueue().poll();
            if (queued != null) {
                queued.run(); // a CompletableFuture task: it records its own failure
                continue;
            }
            try {
                f.get(pool == null ? Long.MAX_VALUE : 2, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // done with a failure (reported by the caller), or still running: look again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VortexException(VortexException.Kind.IO, target + ": interrupted while compressing", e);
            }
        }
    }

    /// Returns the statistics of `chain` once every chunk given so far is counted, running queued
    /// tasks meanwhile (as [#drain] does) instead of parking.
    StatsAccumulator statistics(StatsChain chain) throws IOException {
        awaitHelping(chain.tail);
        return chain.await();
    }

    /// The value of a finished task, or its failure rethrown.
    private <T> T result(CompletableFuture<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, target + ": interrupted while compressing", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof UncheckedIOException io) {
                throw new VortexException(
                        VortexException.Kind.IO,
                        target + ": write failed: " + io.getCause().getMessage(),
                        io);
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new VortexException(VortexException.Kind.IO, target + ": compression failed: " + cause, cause);
        }
    }

    /// Stops: waits for queued tasks (after a failure) to stop using their inputs, frees them,
    /// and shuts down the pipeline's own threads (never a caller's executor).
    void close() {
        while (!inflight.isEmpty()) {
            Entry e = inflight.poll();
            try {
                e.future().join();
            } catch (RuntimeException ignored) {
                // the write has failed already; this task's result is not needed
            }
            switch (e) {
                case Group g -> {
                    // its task has run (and closed its input); its segments' inputs are freed next
                    if (!g.parts().isCompletedExceptionally()) {
                        inflight.addAll(g.parts().join());
                    }
                }
                case Pending p -> {
                    if (p.owner() != null) {
                        p.owner().close();
                    }
                }
            }
        }
        if (ownPool != null) {
            ownPool.shutdownNow();
        }
    }

    /// Returns the write tree of `a`: compressed by `compressor` (from `prior`, the choice for an
    /// earlier chunk of its column, or null) when the options say so (falling back to canonical
    /// should the compressor fail), else canonical.
    private Compressor.Result encode(Array a, Compressor compressor, Compressor.Choice prior) {
        if (!compress) {
            return new Compressor.Result(CanonicalEncoder.encode(a), null);
        }
        Compressor.Result r;
        try {
            r = compressor.compress(a, prior);
        } catch (RuntimeException e) {
            if (VERIFY) {
                throw e;
            }
            return new Compressor.Result(CanonicalEncoder.encode(a), null);
        }
        if (VERIFY) {
            Verify.check(a, r.node());
        }
        return r;
    }

    /// The compressor's choice for the first chunk of a column, which its later chunks start from
    /// (one per column and compression; owned by the column's writer, used on its thread).
    static final class ColumnChoice {
        /// The first chunk's choice (null inside when it had none); null until it is submitted.
        private CompletableFuture<Compressor.Choice> first;
    }

    /// A column's statistics, which its chunks' rows are added to in row order: on the
    /// compression threads (one task per chunk, each after the one before), or on the writing
    /// thread. Owned by the column's writer and used on its thread.
    static final class StatsChain {
        private final StatsAccumulator stats;
        /// The last chunk's task (done when every chunk so far is counted).
        private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

        StatsChain(StatsAccumulator stats) {
            this.stats = stats;
        }

        /// Returns the statistics, once every chunk given so far is counted.
        StatsAccumulator await() {
            try {
                tail.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
            return stats;
        }

        /// Adds the rows of `a` now, after the chunks given before.
        void addNow(Array a) {
            await().add(a);
        }

        /// Adds the rows of `a` now, on a thread that runs after every chunk given before (a task
        /// of the column's [Lane], which [#follow] then tracks).
        void addInOrder(Array a) {
            stats.add(a);
        }

        /// From now on, the statistics are complete once `lane`'s groups so far have run.
        void follow(Lane lane) {
            tail = lane.tail().thenApply(none -> null);
        }

        /// Adds the rows of `a` on `executor`, after the chunks given before; returns that task.
        private CompletableFuture<Void> addLater(Array a, Executor executor) {
            tail = tail.thenRunAsync(() -> stats.add(a), executor);
            return tail;
        }
    }
}
