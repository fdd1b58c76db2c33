package dev.jvortex.file.layout;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/// Reference-counted decoded memory: a shared arena that closes when its last holder releases it.
///
/// A decoded flat chunk may serve several batches (when columns are chunked differently); each
/// batch that uses it retains it, and the scan holds one reference while the chunk is cached.
public final class Shared {
    private final Arena arena;
    private final AtomicInteger refs = new AtomicInteger(1);
    private final List<Runnable> onClose = new java.util.ArrayList<>();

    /// Creates a block; `threadShared` allows any thread to use and release it, otherwise only
    /// the creating thread may (cheaper to close).
    @SuppressWarnings("MustBeClosedChecker") // owned by this block, closed by the last release
    public Shared(boolean threadShared) {
        this.arena = threadShared ? Arena.ofShared() : Arena.ofConfined();
    }

    /// Returns the arena that owns the memory.
    public Arena arena() {
        return arena;
    }

    /// Adds a holder.
    public Shared retain() {
        refs.incrementAndGet();
        return this;
    }

    /// Returns an arena that allocates from this block and, on close, releases one holder (taken
    /// now): a batch's view of its split's memory.
    public Arena view() {
        retain();
        Arena owner = arena;
        return new Arena() {
            private boolean closed;

            @Override
            public java.lang.foreign.MemorySegment allocate(long byteSize, long byteAlignment) {
                return owner.allocate(byteSize, byteAlignment);
            }

            @Override
            public java.lang.foreign.MemorySegment.Scope scope() {
                return owner.scope();
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    release();
                }
            }
        };
    }

    /// Runs `action` when the last holder releases this block, after its arena closed (for
    /// memory the block's contents point into, such as a fetched range that decoded arrays view).
    public void onClose(Runnable action) {
        synchronized (onClose) {
            onClose.add(action);
        }
    }

    /// Removes a holder; the last one closes the arena.
    public void release() {
        if (refs.decrementAndGet() == 0) {
            arena.close();
            List<Runnable> actions;
            synchronized (onClose) {
                actions = List.copyOf(onClose);
                onClose.clear();
            }
            for (Runnable r : actions) {
                r.run();
            }
        }
    }
}
