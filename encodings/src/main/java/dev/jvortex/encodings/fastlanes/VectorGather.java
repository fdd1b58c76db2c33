package dev.jvortex.encodings.fastlanes;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/// Vector API gathers `out[k] = values[idx[k]]` for the dictionary decoder, a vector of lanes
/// per hardware gather. Only call when [Simd#ready] is true (this class links against the
/// incubating module); every index must already be checked to be in `[0, values.length)` (the
/// Vector API checks them again and would throw IndexOutOfBoundsException, not a VortexException).
public final class VectorGather {
    private VectorGather() {}

    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;

    /// `out[k] = values[idx[k]]` for `k` in `[0, m)`.
    public static void ints(int[] values, int[] idx, int[] out, int m) {
        int k = 0;
        for (int bound = I.loopBound(m); k < bound; k += I.length()) {
            IntVector.fromArray(I, values, 0, idx, k).intoArray(out, k);
        }
        for (; k < m; k++) {
            out[k] = values[idx[k]];
        }
    }

    /// `out[k] = values[idx[k]]` for `k` in `[0, m)`.
    public static void longs(long[] values, int[] idx, long[] out, int m) {
        int k = 0;
        for (int bound = L.loopBound(m); k < bound; k += L.length()) {
            LongVector.fromArray(L, values, 0, idx, k).intoArray(out, k);
        }
        for (; k < m; k++) {
            out[k] = values[idx[k]];
        }
    }
}
