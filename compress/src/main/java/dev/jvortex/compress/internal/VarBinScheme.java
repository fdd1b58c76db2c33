package dev.jvortex.compress.internal;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.ViewSizes;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.varbin.VarBinMetadata;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/// Strings and binaries as `vortex.varbin`: the values laid end to end (null rows empty) and
/// `len + 1` offsets (`i32`), which cascade without varbin, dictionary, sparse or run-end.
final class VarBinScheme extends Scheme {
    static final VarBinScheme INSTANCE = new VarBinScheme();
    private static final ChildRule OFFSETS =
            ChildRule.without(SchemeId.VARBIN, SchemeId.DICT, SchemeId.SPARSE, SchemeId.RUNEND);

    private VarBinScheme() {
        super(SchemeId.VARBIN);
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return role == ChildEncoder.Role.OFFSETS ? OFFSETS : ChildRule.LIGHT;
    }

    /// Returns the varbin node; null when the values exceed what one byte array holds.
    @Override
    WriteNode encode(Array array, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        VarBinViewArray a = (VarBinViewArray) array;
        int len = a.length();
        Validity v = a.validity();
        long[] words = ValidBits.words(v, len);
        int[] lengths = ViewSizes.lengths(a, words);
        long total = ViewSizes.sum(lengths);
        if (total > Integer.MAX_VALUE - 16) {
            return null;
        }
        byte[] bytes = new byte[(int) total];
        long[] offsets = new long[len + 1];
        if (words == null) {
            copyAll(a, bytes, offsets, len);
        } else {
            copyValid(a, lengths, bytes, offsets, len);
        }
        PType t = PType.I32;
        List<WriteNode> kids = new ArrayList<>();
        kids.add(cascade.children(this, depth, excluded, sample)
                .encode(ChildEncoder.Role.OFFSETS, Primitives.array(t, false, offsets, len + 1, Validity.ALL_VALID)));
        kids.addAll(CanonicalEncoder.validity(a.dtype(), v, len));
        byte[] meta = new VarBinMetadata(t.code()).write();
        return new WriteNode(
                EncodingId.VARBIN.id(), meta, List.of(new WriteNode.Buffer(MemorySegment.ofArray(bytes), 1)), kids);
    }

    /// Concatenates every row's bytes into `bytes`, the end of row `i` at `offsets[i + 1]`.
    private static void copyAll(VarBinViewArray a, byte[] bytes, long[] offsets, int len) {
        int pos = 0;
        for (int i = 0; i < len; i++) {
            pos += a.copyBytes(i, bytes, pos);
            offsets[i + 1] = pos;
        }
    }

    /// As [#copyAll], for the rows whose `lengths` (0 for a null row) are not 0.
    private static void copyValid(VarBinViewArray a, int[] lengths, byte[] bytes, long[] offsets, int len) {
        int pos = 0;
        for (int i = 0; i < len; i++) {
            if (lengths[i] != 0) {
                pos += a.copyBytes(i, bytes, pos);
            }
            offsets[i + 1] = pos;
        }
    }
}
