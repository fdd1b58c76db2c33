package dev.jvortex.core.internal;

import java.util.Arrays;

/// Numbers distinct `long` keys in order of first appearance: an open-addressing hash table with
/// no boxing, for dictionary codes and value counts over primitive bits. A slot is two adjacent
/// longs (the key, then its id plus one; zero when empty), so a probe touches one cache line.
public final class DistinctLongs {
    private long[] slots;
    private long[] byId;
    private int size;

    /// Creates an empty table.
    public DistinctLongs() {
        this(8);
    }

    /// Creates an empty table with room for about `expected` keys before it grows.
    public DistinctLongs(int expected) {
        int capacity = Integer.highestOneBit(Math.max(8, Math.min(1 << 28, expected)) * 2 - 1) * 2;
        slots = new long[2 * capacity];
        byId = new long[Math.max(8, Math.min(1 << 28, expected))];
    }

    /// Returns the id of `key`, numbering it [#size()] if it is new.
    public int add(long key) {
        long[] s = slots;
        int mask = (s.length >>> 1) - 1;
        int h = hash(key) & mask;
        long id;
        while ((id = s[2 * h + 1]) != 0) {
            if (s[2 * h] == key) {
                return (int) id - 1;
            }
            h = (h + 1) & mask;
        }
        int fresh = size++;
        s[2 * h] = key;
        s[2 * h + 1] = fresh + 1L;
        if (fresh == byId.length) {
            byId = Arrays.copyOf(byId, fresh * 2);
        }
        byId[fresh] = key;
        if (2 * size > (s.length >>> 1)) {
            grow();
        }
        return fresh;
    }

    /// Returns the number of distinct keys.
    public int size() {
        return size;
    }

    /// Returns the key numbered `id`.
    public long key(int id) {
        return byId[id];
    }

    private void grow() {
        long[] old = slots;
        long[] s = new long[old.length * 2];
        int mask = (s.length >>> 1) - 1;
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] != 0) {
                int h = hash(old[j]) & mask;
                while (s[2 * h + 1] != 0) {
                    h = (h + 1) & mask;
                }
                s[2 * h] = old[j];
                s[2 * h + 1] = old[j + 1];
            }
        }
        slots = s;
    }

    /// The 64-bit finaliser of MurmurHash3, folded to an int.
    private static int hash(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
