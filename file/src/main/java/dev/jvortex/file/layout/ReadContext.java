package dev.jvortex.file.layout;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/// What reading one batch needs: the batch's own arena and the shared blocks it keeps alive.
public final class ReadContext {
    private final Arena arena;
    private final boolean threadShared;
    private final List<Shared> held = new ArrayList<>();
    private final Shared pool;

    /// Creates a context over `arena` whose blocks may be used from any thread.
    public ReadContext(Arena arena) {
        this(arena, true);
    }

    /// Creates a context over `arena`; with `threadShared` false, decoded blocks are confined to this thread.
    public ReadContext(Arena arena, boolean threadShared) {
        this(arena, threadShared, null);
    }

    /// Creates a context whose blocks all come from `pool` (one arena for everything a split
    /// decodes, freed when the last holder releases it), or new arenas when `pool` is null.
    public ReadContext(Arena arena, boolean threadShared, Shared pool) {
        this.arena = arena;
        this.threadShared = threadShared;
        this.pool = pool;
    }

    /// Returns a block of decoded memory (held by its creator): a new arena, or the pool's.
    public Shared newBlock() {
        return pool != null ? pool.retain() : new Shared(threadShared);
    }

    /// Returns a context for memory that outlives one batch, with the same thread policy.
    public ReadContext sibling(Arena other) {
        return new ReadContext(other, threadShared, pool);
    }

    /// Returns the batch's arena (memory decoded only for this batch).
    public Arena arena() {
        return arena;
    }

    /// Keeps `block` alive until the batch closes.
    public void hold(Shared block) {
        held.add(block.retain());
    }

    /// Keeps `block` alive until the batch closes, taking over a reference the caller holds.
    public void adopt(Shared block) {
        held.add(block);
    }

    /// Keeps every block `other` holds alive until this context's batch closes too.
    public void holdAll(ReadContext other) {
        for (Shared s : other.held) {
            hold(s);
        }
    }

    /// Releases every block this context holds.
    public void releaseHeld() {
        for (Shared s : held) {
            s.release();
        }
        held.clear();
    }
}
