package dev.jvortex.compress.internal;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
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
        long total = 0;
        for (int i = 0; i < len; i++) {
            if (v.isAllValid() || v.isValid(i)) {
                total += a.byteLength(i);
            }
        }
        if (total > Integer.MAX_VALUE - 16) {
            return null;
        }
        byte[] bytes = new byte[(int) total];
        long[] offsets = new long[len + 1];
        int pos = 0;
        for (int i = 0; i < len; i++) {
            if (v.isAllValid() || v.isValid(i)) {
                byte[] b = a.getBytes(i);
                System.arraycopy(b, 0, bytes, pos, b.length);
                pos += b.length;
            }
            offsets[i + 1] = pos;
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
}
