package dev.jvortex.encodings;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// The byte lengths of a [VarBinViewArray]'s rows read once into an `int[]`, and sums over them,
/// for the writer's per-chunk passes over strings.
///
/// Each loop is a small static method without a test that stays the same for the whole loop
/// (all-valid or not, a cap): such a test inside a loop is hoisted by the JIT from the profile of
/// the first chunks and fails on a later one, which throws the compiled method away.
public final class ViewSizes {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private ViewSizes() {}

    /// Returns the byte lengths of `a`'s rows, null rows as 0 when `words` (from
    /// [ValidBits#words]; null: every row valid) marks them null.
    public static int[] lengths(VarBinViewArray a, long[] words) {
        int n = a.length();
        int[] out = new int[n];
        if (n == 0) {
            return out;
        }
        MemorySegment views = a.views();
        if (views.heapBase().orElse(null) instanceof byte[] array) {
            readHeap(array, Math.toIntExact(views.address()), out, n);
        } else {
            read(views, out, n);
        }
        if (words != null) {
            mask(out, words, n);
        }
        return out;
    }

    // Views over a byte array are read through the array; a segment read in a loop is compiled
    // with predicates for the first segment kind it meets (heap or native) and fails on the other.
    private static void readHeap(byte[] views, int base, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = (int) INT.get(views, base + i * VarBinViewArray.VIEW_SIZE);
        }
    }

    private static void read(MemorySegment views, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = views.get(PrimitiveArray.LE_INT, (long) i * VarBinViewArray.VIEW_SIZE);
        }
    }

    /// Sets `out[i]` to 0 where row `i` is null, without a branch.
    private static void mask(int[] out, long[] words, int n) {
        for (int i = 0; i < n; i++) {
            out[i] &= (int) -((words[i >>> 6] >>> i) & 1);
        }
    }

    /// Returns the sum of `lengths`.
    public static long sum(int[] lengths) {
        long s = 0;
        for (int i = 0; i < lengths.length; i++) {
            s += lengths[i];
        }
        return s;
    }

    /// Returns the sum of `min(cap, lengths[i])`.
    public static long sum(int[] lengths, int cap) {
        long s = 0;
        for (int i = 0; i < lengths.length; i++) {
            s += Math.min(cap, lengths[i]);
        }
        return s;
    }
}
