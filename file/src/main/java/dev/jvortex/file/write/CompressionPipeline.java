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
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

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
/// Two kinds of work besides compression run on the same threads without moving a segment:
/// a big batch's column work ([#runColumnWork], a string dictionary column's lookups and
/// statistics), whose submissions take the place of its queue entry, joined before the batch's
/// write returns; and a zone table ([#submitAfter]), built once its column's statistics are
/// counted. While the columns complete ([#completing()]) nothing waits: what they submit then
/// is what they held back (at most a chunk per column and part), and [#flush()] waits once.
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
    private final Deque<Pending> inflight = new ArrayDeque<>();
    /// Set once the writer completes its columns: submissions no longer wait for queued tasks
    /// (what is submitted then is what the columns held back, bounded by columns x chunk size);
    /// [#flush()] waits once for all.
    private boolean completing;

    /// A compression task whose segment is not written yet.
    ///
    /// @param node the write tree, once compressed (null inside: the task has no segment)
    /// @param owner the arena holding the task's input (closed once the segment is written), or null
    /// @param onSegment told the segment id
    /// @param group work whose own entries take this entry's place once it is done (then the
    ///     other fields are null), or null
    private record Pending(CompletableFuture<WriteNode> node, Arena owner, IntConsumer onSegment, Group group) {
        Pending(CompletableFuture<WriteNode> node, Arena owner, IntConsumer onSegment) {
            this(node, owner, onSegment, null);
        }

        boolean done() {
            return group != null ? group.done.isDone() : node.isDone();
        }
    }

    /// Rows a batch's column needs for [#runColumnWork] to run its work on the compression
    /// threads (fewer run on the writing thread: not worth a task).
    static final int MIN_COLUMN_WORK_ROWS = 16_384;

    /// The group whose work the current thread runs, if any: its submissions go to the group.
    private static final ThreadLocal<Group> CURRENT = new ThreadLocal<>();

    /// The groups of the batch being appended, joined by [#joinBatch()].
    private final List<Group> batchGroups = new ArrayList<>();

    /// A column's work on one batch, which submits segments, run by whichever thread gets to it
    /// first (a compression thread, or the writing thread once it needs it done): its
    /// submissions are kept in order and go into the file in place of the group's own entry.
    private static final class Group implements Runnable {
        private final ColumnWork body;
        private final AtomicBoolean started = new AtomicBoolean();
        /// Done once the work is; [#entries] is complete then.
        final CompletableFuture<Void> done = new CompletableFuture<>();
        /// The work's submissions, in order (written by the thread running the work only).
        final List<Pending> entries = new ArrayList<>();

        Group(ColumnWork body) {
            this.body = body;
        }

        @Override
        public void run() {
            if (!started.compareAndSet(false, true)) {
                return;
            }
            CURRENT.set(this);
            try {
                body.run();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            } finally {
                CURRENT.remove();
            }
        }

        /// After a failure: keeps the work from starting, or waits for it to stop.
        void settle() {
            if (started.compareAndSet(false, true)) {
                done.cancel(false);
            } else {
                done.handle((v, x) -> null).join();
            }
        }

        /// Runs the work here unless a thread has started it, then waits for it.
        void await() throws IOException {
            run();
            try {
                done.join();
            } catch (CompletionException e) {
                switch (e.getCause()) {
                    case IOException io -> throw io;
                    case RuntimeException r -> throw r;
                    case Error err -> throw err;
                    default -> throw e;
                }
            }
        }
    }

    /// Work on a column's rows that may submit segments.
    @FunctionalInterface
    interface ColumnWork {
        void run() throws IOException;
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

    /// Where compression tasks run (other work of the write may run there too); null when the
    /// pipeline compresses on the writing thread.
    Executor executor() {
        return executor;
    }

    /// Compresses `a` (now, or on the executor) and writes it as the next segment in submission
    /// order, telling `onSegment` its id; `owner` (which holds `a`, or null) is closed after the
    /// segment is written.
    void submit(Array a, Compression compression, Arena owner, IntConsumer onSegment) throws IOException {
        submit(a, compression, owner, onSegment, null);
    }

    /// As [#submit(Array, Compression, Arena, IntConsumer)], for a chunk of a column whose chunks
    /// share `column` (or null): the column's first chunk runs the compressor's whole contest,
    /// later ones start from its choice (see [Compressor#compress(Array, Compressor.Choice)]) and
    /// so wait for the first chunk to be compressed. The output does not depend on the threads.
    void submit(Array a, Compression compression, Arena owner, IntConsumer onSegment, ColumnChoice column)
            throws IOException {
        submit(a, compression, owner, onSegment, column, null);
    }

    /// As [#submit(Array, Compression, Arena, IntConsumer, ColumnChoice)], also adding `a`'s rows
    /// to `stats` (or null), the statistics of the column whose next rows `a` holds: on the
    /// compression threads, after the column's earlier chunks and before `owner` is closed.
    void submit(
            Array a, Compression compression, Arena owner, IntConsumer onSegment, ColumnChoice column, StatsChain stats)
            throws IOException {
        Compressor compressor = compression == Compression.FULL ? fullCompressor : dataCompressor;
        if (executor == null) {
            try {
                if (stats != null) {
                    stats.addNow(a);
                }
                Compressor.Choice prior = null;
                if (column != null && column.first != null) {
                    prior = column.first.join();
                }
                Compressor.Result r = encode(a, compressor, prior);
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
        enqueue(new Pending(f, owner, onSegment));
    }

    /// Queues `p` after the earlier submissions: in the group whose work this thread runs, else
    /// in the pipeline (writing what is finished, and waiting while the queue is over its bound).
    private void enqueue(Pending p) throws IOException {
        Group g = CURRENT.get();
        if (g != null) {
            g.entries.add(p);
            return;
        }
        inflight.add(p);
        drainQueued();
    }

    /// Runs `work`, a column's work on the `rows` rows of the batch being appended, whose
    /// submissions go into the file as if it ran now: on the compression threads when there are
    /// any, `rows` is at least [#MIN_COLUMN_WORK_ROWS] and `shareable` (the work reads only
    /// memory any thread may read), else now. [#joinBatch()] waits for it (the work may read
    /// the caller's batch only until then).
    void runColumnWork(int rows, boolean shareable, ColumnWork work) throws IOException {
        if (executor == null || rows < MIN_COLUMN_WORK_ROWS || !shareable || CURRENT.get() != null) {
            work.run();
            return;
        }
        Group g = new Group(work);
        batchGroups.add(g);
        inflight.add(new Pending(null, null, null, g));
        try {
            executor.execute(g);
        } catch (RejectedExecutionException e) {
            // a caller's executor that takes no more: run by this thread when needed
        }
        drainQueued();
    }

    /// Waits for the column work of the batch being appended (see [#runColumnWork]), running
    /// what no thread has started; after a failure, still waits for all before throwing.
    void joinBatch() throws IOException {
        try {
            for (Group g : batchGroups) {
                g.await();
            }
        } catch (IOException | RuntimeException | Error e) {
            settleBatch();
            throw e;
        } finally {
            batchGroups.clear();
        }
    }

    /// After a failed batch: stops the column work of the batch (see [#runColumnWork]) from
    /// starting, and waits for the work that has started.
    void settleBatch() {
        for (Group g : batchGroups) {
            g.settle();
        }
        batchGroups.clear();
    }

    /// Compresses the array `produce` returns, once `after` is done (on the executor, or now),
    /// and writes it as the next segment in submission order, telling `onSegment` its id; no
    /// segment (and no call) when `produce` returns null. The array must not need freeing.
    void submitAfter(
            CompletableFuture<?> after, Supplier<Array> produce, Compression compression, IntConsumer onSegment)
            throws IOException {
        Compressor compressor = compression == Compression.FULL ? fullCompressor : dataCompressor;
        if (executor == null) {
            join(after);
            Array a = produce.get();
            if (a != null) {
                onSegment.accept(sink.append(encode(a, compressor, null).node()));
            }
            return;
        }
        CompletableFuture<WriteNode> f = after.thenApplyAsync(
                none -> {
                    Array a = produce.get();
                    return a == null ? null : encode(a, compressor, null).node();
                },
                executor);
        enqueue(new Pending(f, null, onSegment));
    }

    /// Tells the pipeline that the columns are completing: from now on submissions write only
    /// the finished tasks at the head of the queue and never wait (see [#completing]).
    void completing() {
        completing = true;
    }

    /// After a submission: writes the finished head tasks, waiting for the head while the queue
    /// is over its bound (not while completing).
    private void drainQueued() throws IOException {
        drain(completing ? Integer.MAX_VALUE : MAX_TASKS_PER_THREAD * parallelism);
    }

    /// Waits for `f`, rethrowing its failure's cause.
    static void join(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /// Writes every submitted segment, waiting for the tasks still running.
    void flush() throws IOException {
        drain(0);
    }

    /// Writes finished tasks from the head of the queue, waiting for the head while more than
    /// `keep` tasks are queued.
    private void drain(int keep) throws IOException {
        while (!inflight.isEmpty() && (inflight.size() > keep || inflight.peek().done())) {
            Pending p = inflight.peek();
            if (p.group() != null) {
                p.group().await();
                inflight.poll();
                List<Pending> entries = p.group().entries;
                for (int i = entries.size() - 1; i >= 0; i--) {
                    inflight.addFirst(entries.get(i));
                }
                continue;
            }
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
                if (node != null) {
                    p.onSegment().accept(sink.append(node));
                }
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
        for (Pending g : inflight) {
            if (g.group() != null) {
                g.group().settle();
                close(g.group().entries);
            }
        }
        close(inflight);
        inflight.clear();
        if (ownPool != null) {
            ownPool.shutdownNow();
        }
    }

    /// Waits for the tasks of `entries` (groups excepted) to stop and frees their inputs.
    private static void close(Iterable<Pending> entries) {
        for (Pending p : entries) {
            if (p.group() != null) {
                continue;
            }
            try {
                p.node().join();
            } catch (RuntimeException ignored) {
                // the write has failed already; this task's result is not needed
            }
            if (p.owner() != null) {
                p.owner().close();
            }
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
            join(tail);
            return stats;
        }

        /// Done when every chunk given so far is counted (see [#counted()]).
        CompletableFuture<Void> tail() {
            return tail;
        }

        /// The statistics, for a task that runs after [#tail()] is done.
        StatsAccumulator counted() {
            return stats;
        }

        /// Adds the rows of `a` now, after the chunks given before.
        void addNow(Array a) {
            await().add(a);
        }

        /// Adds the rows of `a` on `executor`, after the chunks given before; returns that task.
        private CompletableFuture<Void> addLater(Array a, Executor executor) {
            tail = tail.thenRunAsync(() -> stats.add(a), executor);
            return tail;
        }
    }
}
