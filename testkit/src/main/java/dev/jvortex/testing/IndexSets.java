package dev.jvortex.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/// The row index sets a take is tried with.
public final class IndexSets {
    private IndexSets() {}

    /// Returns the index sets for an array of `len` rows, by name: empty, first, last, every row,
    /// every row backwards, the rows around the 1024-row block boundaries, random sorted, random
    /// unsorted with repeats, and a few rows repeated many times.
    public static Map<String, int[]> of(int len, Random random) {
        Map<String, int[]> out = new LinkedHashMap<>();
        out.put("empty", new int[0]);
        if (len == 0) {
            return out;
        }
        out.put("first", new int[] {0});
        out.put("last", new int[] {len - 1});
        int[] all = new int[len];
        int[] reversed = new int[len];
        for (int i = 0; i < len; i++) {
            all[i] = i;
            reversed[i] = len - 1 - i;
        }
        out.put("all", all);
        out.put("reversed", reversed);
        List<Integer> edges = new ArrayList<>();
        for (int b = 1024; b - 1 < len; b += 1024) {
            for (int i = b - 2; i <= b + 1; i++) {
                if (i >= 0 && i < len) {
                    edges.add(i);
                }
            }
        }
        edges.add(len - 1);
        edges.add(0);
        out.put("block-edges", edges.stream().mapToInt(Integer::intValue).toArray());
        int m = Math.min(len, 1 + random.nextInt(Math.min(len, 300)));
        out.put("random-sorted", random.ints(m, 0, len).sorted().toArray());
        int[] unsorted = random.ints(Math.max(2, m), 0, len).toArray();
        unsorted[unsorted.length - 1] = unsorted[0];
        out.put("random-unsorted-repeats", unsorted);
        int[] few = new int[50];
        for (int k = 0; k < few.length; k++) {
            few[k] = k % 3 == 0 ? len - 1 : k % 3 == 1 ? len / 2 : 0;
        }
        out.put("repeated", few);
        return out;
    }
}
