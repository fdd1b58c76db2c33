package dev.jvortex.encodings.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.encodings.KernelInputs;
import dev.jvortex.encodings.KernelInputs.Input;
import org.junit.jupiter.api.Test;

/// [SparseEncoder#dominantRow] (blockwise for primitives) against its two passes written plainly
/// over every row: a majority vote with the early stop on too many changes, then a count.
class DominantRowKernelTest {
    @Test
    void dominantRowMatchesAPlainVote() {
        for (Input in : KernelInputs.all()) {
            int len = in.values().length;
            for (long maxDiffering : new long[] {0, 1, 2, len / 10, len / 3, len / 2}) {
                assertEquals(
                        plain(in, maxDiffering),
                        SparseEncoder.dominantRow(in.array(), maxDiffering),
                        in.name() + " max differing " + maxDiffering);
            }
        }
    }

    private static int plain(Input in, long maxDiffering) {
        long[] v = in.values();
        int len = v.length;
        long nulls = 0;
        for (int i = 0; i < len; i++) {
            nulls += KernelInputs.valid(in, i) ? 0 : 1;
        }
        if (len - nulls <= maxDiffering) {
            return -1;
        }
        if (nulls > maxDiffering) {
            return SparseEncoder.NO_FILL;
        }
        if (2 * maxDiffering >= len) {
            // The exact count's path, not rewritten: the answer of the array itself.
            return SparseEncoder.dominantRow(in.array(), maxDiffering);
        }
        int candidate = -1;
        int votes = 0;
        long changes = 0;
        for (int i = 0; i < len; i++) {
            boolean valid = KernelInputs.valid(in, i);
            if (i > 0) {
                boolean prevValid = KernelInputs.valid(in, i - 1);
                if ((valid != prevValid || valid && v[i] != v[i - 1]) && ++changes > 2 * maxDiffering) {
                    return SparseEncoder.NO_FILL;
                }
            }
            if (!valid) {
                continue;
            }
            if (votes == 0) {
                candidate = i;
                votes = 1;
            } else if (v[i] == v[candidate]) {
                votes++;
            } else {
                votes--;
            }
        }
        long differing = 0;
        for (int i = 0; i < len; i++) {
            if (!(KernelInputs.valid(in, i) && v[i] == v[candidate])) {
                differing++;
            }
        }
        return differing > maxDiffering ? SparseEncoder.NO_FILL : candidate;
    }
}
