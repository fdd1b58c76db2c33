package dev.jvortex.arrow;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.encodings.varbin.ConcatenatedStrings;
import java.lang.foreign.MemorySegment;

/// Decoded string views as [ConcatenatedStrings]: the rows copied one by one into Arrow's
/// back-to-back layout (null rows empty, since their views need not hold a value).
///
/// @param views the decoded strings
/// @param lengths the row lengths, their total last
record ViewStrings(VarBinViewArray views, long[] lengths) implements ConcatenatedStrings {
    ViewStrings(VarBinViewArray views) {
        this(views, lengthsOf(views));
    }

    /// Row lengths from the views; null rows are empty (their views need not hold a value).
    private static long[] lengthsOf(VarBinViewArray v) {
        int n = v.length();
        long[] out = new long[n + 1];
        long total = 0;
        Validity validity = v.validity();
        boolean checkNulls = !validity.isAllValid();
        for (int i = 0; i < n; i++) {
            if (!checkNulls || validity.isValid(i)) {
                out[i] = Integer.toUnsignedLong(
                        v.views().get(PrimitiveArray.LE_INT, (long) i * VarBinViewArray.VIEW_SIZE));
                total += out[i];
            }
        }
        out[n] = total;
        return out;
    }

    @Override
    public Validity validity() {
        return views.validity();
    }

    @Override
    public void decodeInto(MemorySegment out) {
        MemorySegment v = views.views();
        MemorySegment[] buffers = views.buffers();
        long pos = 0;
        for (int i = 0; i < views.length(); i++) {
            long at = (long) i * VarBinViewArray.VIEW_SIZE;
            int size = (int) lengths[i];
            if (size == 0) {
                // nothing to copy (an empty or null row)
            } else if (size <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(v, at + 4, out, pos, size);
            } else {
                int buffer = v.get(PrimitiveArray.LE_INT, at + 8);
                long offset = Integer.toUnsignedLong(v.get(PrimitiveArray.LE_INT, at + 12));
                MemorySegment.copy(buffers[buffer], offset, out, pos, size);
            }
            pos += size;
        }
    }
}
