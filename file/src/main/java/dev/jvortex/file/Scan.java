package dev.jvortex.file;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.layout.Shared;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/// A scan of a [ScanPlan], producing [Batch]es.
///
/// With one thread ([ScanOptions#withParallelism(int)] 1, or [ScanPlan#scan(Split)]) the scan
/// reads its row ranges in order on the calling thread. Otherwise it decodes the plan's splits
/// on worker threads (the options' executor, or a shared pool of daemon threads), at most twice
/// the parallelism of splits at a time: a decoded split waits, holding its memory, until the
/// caller takes its batches, so memory stays bounded by the split size and the parallelism
/// whatever the file's size. Batches come in file order unless the options ask for
/// [ScanOptions#withOrdered(boolean) unordered] delivery. Batches of a parallel scan live in
/// shared arenas, so they may be used and closed on any thread.
///
/// With a filter or row indices the scan skips what the plan pruned, evaluates the filter on the
/// rest and returns only the matching rows; batches left empty are not returned.
/// [#statistics()] reports what was skipped. Closing the scan closes the batches it decoded
/// but did not hand out.
public final class Scan implements Iterable<Batch>, AutoCloseable {
    private final ScanPlan plan;
    private final List<long[]> ranges;
    private final boolean threadShared;
    private final Parallel parallel;
    private int nextRange;
    private SplitReader current;
    private long rowsReadDone;
    private Batch pending;
    private boolean closed;
    private long rowsReturned;
    private long batches;

    Scan(ScanPlan plan, List<long[]> ranges, int threads, boolean threadShared) {
        this.plan = plan;
        this.ranges = List.copyOf(ranges);
        this.threadShared = threadShared || threads > 1;
        this.parallel = threads > 1 ? new Parallel(threads) : null;
    }

    /// Returns the plan this scan runs.
    public ScanPlan plan() {
        return plan;
    }

    /// Returns the output column names.
    public List<String> columnNames() {
        return plan.columnNames();
    }

    /// Returns the number of rows this scan will produce; with a filter, an upper bound (the rows
    /// left after pruning).
    public long rowCount() {
        long n = 0;
        for (long[] r : ranges) {
            n += plan.candidates().within(r[0], r[1]).rowCount();
        }
        return n;
    }

    /// Returns what the scan skipped and returned so far.
    public ScanStatistics statistics() {
        long read = rowsReadDone
                + (current == null ? 0 : current.rowsRead())
                + (parallel == null ? 0 : parallel.rowsRead.get());
        return plan.statistics(read, rowsReturned, batches);
    }

    /// Returns true while more batches remain.
    public boolean hasNext() {
        if (pending == null && !closed) {
            pending = parallel == null ? nextSequential() : parallel.next();
        }
        return pending != null;
    }

    /// Reads the next batch.
    public Batch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Batch b = pending;
        pending = null;
        batches++;
        rowsReturned += b.rowCount();
        return b;
    }

    private Batch nextSequential() {
        while (true) {
            if (current == null) {
                if (nextRange >= ranges.size()) {
                    return null;
                }
                long[] r = ranges.get(nextRange++);
                current = new SplitReader(plan, r[0], r[1], threadShared);
            }
            Batch b = current.next();
            if (b != null) {
                return b;
            }
            rowsReadDone += current.rowsRead();
            current.close();
            current = null;
        }
    }

    @Override
    public Iterator<Batch> iterator() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return Scan.this.hasNext();
            }

            @Override
            public Batch next() {
                return Scan.this.next();
            }
        };
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (pending != null) {
                pending.close();
                pending = null;
            }
            if (current != null) {
                current.close();
                current = null;
            }
            if (parallel != null) {
                parallel.close();
            }
        }
    }

    // ---- parallel execution ----

    /// The splits decoded on worker threads, at most `limit` at a time.
    private final class Parallel {
        private final Executor executor;
        private final int limit;
        private final boolean ordered;
        private final ArrayDeque<FutureTask<List<Batch>>> inFlight = new ArrayDeque<>();
        private final LinkedBlockingQueue<FutureTask<List<Batch>>> done = new LinkedBlockingQueue<>();
        private final AtomicLong rowsRead = new AtomicLong();
        private volatile boolean stopping;
        private int submitted;
        private Iterator<Batch> batchesOfSplit;

        Parallel(int threads) {
            Executor e = plan.options().executor();
            this.executor = e == null ? SharedPool.INSTANCE : e;
            this.limit = 2 * threads;
            this.ordered = plan.options().ordered();
        }

        Batch next() {
            while (true) {
                if (batchesOfSplit != null && batchesOfSplit.hasNext()) {
                    return batchesOfSplit.next();
                }
                batchesOfSplit = null;
                fill();
                if (inFlight.isEmpty()) {
                    return null;
                }
                FutureTask<List<Batch>> task;
                try {
                    task = ordered ? inFlight.peekFirst() : done.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new VortexException(
                            VortexException.Kind.IO, plan.file().name() + ": scan interrupted", e);
                }
                inFlight.remove(task);
                List<Batch> result = await(task);
                batchesOfSplit = result.iterator();
            }
        }

        private void fill() {
            while (inFlight.size() < limit && submitted < ranges.size()) {
                long[] r = ranges.get(submitted++);
                FutureTask<List<Batch>> task = new FutureTask<>(() -> readSplit(r[0], r[1])) {
                    @Override
                    protected void done() {
                        if (!ordered) {
                            Parallel.this.done.add(this);
                        }
                    }
                };
                inFlight.addLast(task);
                try {
                    executor.execute(task);
                } catch (RejectedExecutionException e) {
                    inFlight.removeLast();
                    throw VortexException.misuse(
                            plan.file().name() + ": the scan's executor rejected a split: " + e.getMessage());
                }
            }
        }

        private List<Batch> readSplit(long from, long to) {
            List<Batch> out = new ArrayList<>();
            // Everything the split decodes lives in one arena, freed when its last batch closes.
            Shared pool = new Shared(true);
            try (SplitReader reader = new SplitReader(plan, from, to, true, pool)) {
                try {
                    for (Batch b = reader.next(); b != null && !stopping; b = reader.next()) {
                        out.add(b);
                    }
                } finally {
                    rowsRead.addAndGet(reader.rowsRead());
                }
            } catch (RuntimeException | Error e) {
                out.forEach(Batch::close);
                throw e;
            } finally {
                pool.release();
            }
            if (stopping) {
                out.forEach(Batch::close);
                out.clear();
            }
            return out;
        }

        private List<Batch> await(FutureTask<List<Batch>> task) {
            try {
                return task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VortexException(VortexException.Kind.IO, plan.file().name() + ": scan interrupted", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Error err) {
                    throw err;
                }
                if (cause instanceof RuntimeException re) {
                    throw plan.file().failure(re, "scan split");
                }
                throw VortexException.internal(plan.file().name() + ": scan split", cause);
            }
        }

        void close() {
            stopping = true;
            if (batchesOfSplit != null) {
                batchesOfSplit.forEachRemaining(Batch::close);
                batchesOfSplit = null;
            }
            for (FutureTask<List<Batch>> task : inFlight) {
                if (task.cancel(false)) {
                    continue;
                }
                try {
                    task.get().forEach(Batch::close);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException | CancellationException e) {
                    // The split failed or never ran: it holds no batches.
                }
            }
            inFlight.clear();
        }
    }

    /// The pool that decodes splits when the caller gives no executor: daemon threads, created as
    /// scans need them and ended after a minute idle.
    private static final class SharedPool {
        static final Executor INSTANCE = create();

        private static Executor create() {
            AtomicInteger n = new AtomicInteger();
            ThreadPoolExecutor pool =
                    new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                        Thread t = new Thread(r, "jvortex-scan-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            return pool;
        }
    }
}
