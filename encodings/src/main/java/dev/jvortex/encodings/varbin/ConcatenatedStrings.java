package dev.jvortex.encodings.varbin;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.DecodeContext;
import java.lang.foreign.MemorySegment;

/// Strings whose decoder writes every row back to back (`vortex.fsst`, `vortex.onpair`), taken
/// apart in two steps: the row lengths and the validity are read first, then the bytes go
/// straight into memory the caller provides, such as an Arrow data buffer, with no views in
/// between. [StringViews#build] turns the same two into views.
public interface ConcatenatedStrings {
    /// Returns the row lengths with their total in the last slot (one more value than rows).
    long[] lengths();

    /// Returns the rows' validity (the bytes of a null row are whatever its length says).
    Validity validity();

    /// Writes the rows' bytes back to back from the start of `out`, which must be at least
    /// [StringViews#SLACK] bytes longer than the total: the decoders store whole words, so up to
    /// that many bytes after the total may be overwritten.
    void decodeInto(MemorySegment out);

    /// Returns the total of `lengths` (its last value), checking that `out` can take it and the slack.
    static long checkedTotal(long[] lengths, MemorySegment out) {
        long total = lengths[lengths.length - 1];
        if (out.byteSize() < total + StringViews.SLACK) {
            throw new IllegalArgumentException(
                    "output of " + out.byteSize() + " bytes for " + total + " bytes of strings and their slack");
        }
        return total;
    }

    /// Decodes the `len` rows into memory of `ctx` and returns them as views of `dtype`.
    default VarBinViewArray toViews(DType dtype, int len, DecodeContext ctx) {
        long total = lengths()[len];
        MemorySegment out = ctx.allocate(total + StringViews.SLACK, 8);
        decodeInto(out);
        return StringViews.build(dtype, out, total, lengths(), len, validity(), ctx);
    }
}
