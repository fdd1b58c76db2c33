package dev.jvortex.encodings;

import java.util.Arrays;

/// Numbers distinct `long` keys in order of first appearance: an open-addressing hash table with
/// no boxing, for dictionary codes and value counts over primitive bits.
public final class DistinctLongs {
    private long[] keys;
    private int[] ids;
    private long[] byId;
    private int size;

    /// Creates an empty table.
    public DistinctLongs() {
        keys = new long[16];
        ids = new int[16];
        Arrays.fill(ids, -1);
        byId = new long[16];
    }

    /// Returns the id of `key`, numbering it [#size()] if it is new.
    public int add(long key) {
        int mask = ids.length - 1;
        int h = hash(key) & mask;
        while (ids[h] >= 0) {
            if (keys[h] == key) {
                return ids[h];
            }
            h = (h + 1) & mask;
        }
        int id = size++;
        keys[h] = key;
        ids[h] = id;
        if (id == byId.length) {
            byId = Arrays.copyOf(byId, id * 2);
        }
        byId[id] = key;
        if (2 * size > ids.length) {
            grow();
        }
        return id;
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
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[oldKeys.length * 2];
        ids = new int[oldIds.length * 2];
        Arrays.fill(ids, -1);
        int mask = ids.length - 1;
        for (int j = 0; j < oldIds.length; j++) {
            if (oldIds[j] >= 0) {
                int h = hash(oldKeys[j]) & mask;
                while (ids[h] >= 0) {
                    h = (h + 1) & mask;
                }
                keys[h] = oldKeys[j];
                ids[h] = oldIds[j];
            }
        }
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
