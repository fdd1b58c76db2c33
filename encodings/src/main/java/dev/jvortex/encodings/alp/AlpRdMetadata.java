package dev.jvortex.encodings.alp;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.util.Arrays;

/// The metadata of `vortex.alprd` as stored (fields in the package docs).
///
/// @param rightBitWidth  `right_bit_width` (1)
/// @param dictLen        `dict_len` (2)
/// @param dict           `dict` (3, repeated, packed): the left patterns, as unsigned values
/// @param leftPartsPtype `left_parts_ptype` (4): wire code
/// @param patches        `patches` (5), or null when there are none
public record AlpRdMetadata(
        long rightBitWidth, long dictLen, long[] dict, long leftPartsPtype, PatchesMetadata patches) {
    /// Most dictionary entries accepted (left parts are 16-bit patterns; the writer uses at most 8).
    static final int MAX_DICT = 1 << 16;

    /// Reads the metadata bytes of a `vortex.alprd` node.
    public static AlpRdMetadata read(byte[] bytes) {
        long right = 0;
        long dictLen = 0;
        long leftPtype = 0;
        PatchesMetadata patches = null;
        long[][] dict = {new long[8]};
        int[] size = {0};
        ProtoReader r = new ProtoReader(bytes, "ALPRDMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> right = r.readVarint();
                case 2 -> dictLen = r.readVarint();
                case 3 ->
                    r.readRepeatedVarint(v -> {
                        if (size[0] == dict[0].length) {
                            if (size[0] >= MAX_DICT) {
                                throw VortexException.corrupt(
                                        "ALPRDMetadata: more than " + MAX_DICT + " dictionary entries");
                            }
                            dict[0] = Arrays.copyOf(dict[0], size[0] * 2);
                        }
                        dict[0][size[0]++] = v;
                    });
                case 4 -> leftPtype = r.readVarint();
                case 5 -> patches = PatchesMetadata.read(r.readMessage("PatchesMetadata"));
                default -> r.skip();
            }
        }
        return new AlpRdMetadata(right, dictLen, Arrays.copyOf(dict[0], size[0]), leftPtype, patches);
    }

    /// Returns the metadata bytes: zero scalar fields omitted; the dictionary always written,
    /// packed (as this writer always has, even if it were empty).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter()
                .varintIfNonZero(1, rightBitWidth)
                .varintIfNonZero(2, dictLen)
                .packedVarints(3, dict)
                .varintIfNonZero(4, leftPartsPtype);
        if (patches != null) {
            w.bytes(5, patches.write());
        }
        return w.toByteArray();
    }
}
