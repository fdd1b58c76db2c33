package dev.jvortex.encodings.structural;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.Primitives;
import dev.jvortex.encodings.Rows;
import dev.jvortex.encodings.fastlanes.Segments;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/// Encodes an array as `vortex.dict` (codes first, then values), the inverse of
/// [StructuralDecoders#dict].
///
/// As the reference's compressor writes it: the values are the distinct valid values (in order of
/// first appearance, all valid), the codes are `u8`, `u16` or `u32` (the narrowest that numbers
/// the values) with the array's nullability and validity (null rows hold code 0), and the metadata
/// says `is_nullable_codes` and `all_values_referenced = true`. Handles bool, primitive, decimal,
/// utf8 and binary arrays; floats compare by their bits.
public final class DictEncoder {
    private DictEncoder() {}

    /// A dictionary-encoded array before its children are written.
    ///
    /// @param codes the codes (unsigned, the array's nullability and validity)
    /// @param values the distinct valid values (the array's type, all valid)
    public record Parts(PrimitiveArray codes, Array values) {}

    /// Returns the dictionary node of `a` with light children ([ChildEncoder#PACKED]), or null when
    /// `a` has no valid row, is not supported, or has more distinct values than half its valid rows
    /// (where the reference's compressor would not try a dictionary).
    public static WriteNode encode(Array a) {
        int valid = a.length() - a.validity().nullCount(a.length());
        return encode(a, valid / 2, ChildEncoder.PACKED);
    }

    /// Returns the dictionary node of `a` with children written by `children` (roles
    /// [ChildEncoder.Role#CODES] and [ChildEncoder.Role#VALUES]), or null when `a` has no valid row,
    /// is not supported, or has more than `maxValues` distinct values.
    public static WriteNode encode(Array a, int maxValues, ChildEncoder children) {
        Parts parts = split(a, maxValues);
        if (parts == null) {
            return null;
        }
        return node(parts, children.encode(ChildEncoder.Role.CODES, parts.codes()),
                children.encode(ChildEncoder.Role.VALUES, parts.values()));
    }

    /// Returns the dictionary node over written children.
    public static WriteNode node(Parts parts, WriteNode codes, WriteNode values) {
        byte[] meta = new ProtoWriter()
                .varintIfNonZero(1, parts.values().length())
                .varintIfNonZero(2, parts.codes().ptype().code())
                .varint(3, parts.codes().dtype().nullable() ? 1 : 0)
                .varint(4, 1)
                .toByteArray();
        return WriteNode.of("vortex.dict", meta, codes, values);
    }

    /// Splits `a` into codes and distinct values; null when `a` has no valid row, is not
    /// supported, or has more than `maxValues` distinct values.
    public static Parts split(Array a, int maxValues) {
        int len = a.length();
        if (!Rows.supported(a) || Rows.firstValid(a.validity(), len) < 0) {
            return null;
        }
        int[] codes = new int[len];
        int[] firstRows = a instanceof PrimitiveArray p ? primitiveCodes(p, codes, maxValues) : genericCodes(a, codes, maxValues);
        if (firstRows == null) {
            return null;
        }
        int n = firstRows.length;
        PType codeType = n <= 0x100 ? PType.U8 : n <= 0x10000 ? PType.U16 : PType.U32;
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(codeType, a.dtype().nullable()), codeType,
                Primitives.segment(codeType, codes, len), len, a.validity());
        Array values = Rows.gather(a, firstRows, n);
        return new Parts(codeArray, values);
    }

    /// Codes of a primitive array through an open-addressing map of the value bits: no boxing.
    private static int[] primitiveCodes(PrimitiveArray a, int[] codes, int maxValues) {
        int len = a.length();
        Validity validity = a.validity();
        boolean allValid = validity.isAllValid();
        int capacity = 16;
        long[] keys = new long[capacity];
        int[] slots = new int[capacity];
        Arrays.fill(slots, -1);
        int[] firstRows = new int[16];
        int n = 0;
        long[] block = new long[1024];
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            for (int k = 0; k < m; k++) {
                int row = from + k;
                if (!allValid && !validity.isValid(row)) {
                    continue;
                }
                long key = block[k];
                int mask = capacity - 1;
                int h = hash(key) & mask;
                while (slots[h] >= 0 && keys[h] != key) {
                    h = (h + 1) & mask;
                }
                if (slots[h] >= 0) {
                    codes[row] = slots[h];
                    continue;
                }
                if (n >= maxValues) {
                    return null;
                }
                keys[h] = key;
                slots[h] = n;
                if (n == firstRows.length) {
                    firstRows = Arrays.copyOf(firstRows, n * 2);
                }
                firstRows[n] = row;
                codes[row] = n++;
                if (2 * n > capacity) {
                    long[] oldKeys = keys;
                    int[] oldSlots = slots;
                    capacity *= 2;
                    keys = new long[capacity];
                    slots = new int[capacity];
                    Arrays.fill(slots, -1);
                    for (int j = 0; j < oldSlots.length; j++) {
                        if (oldSlots[j] >= 0) {
                            int g = hash(oldKeys[j]) & (capacity - 1);
                            while (slots[g] >= 0) {
                                g = (g + 1) & (capacity - 1);
                            }
                            keys[g] = oldKeys[j];
                            slots[g] = oldSlots[j];
                        }
                    }
                }
            }
        }
        return Arrays.copyOf(firstRows, n);
    }

    private static int[] genericCodes(Array a, int[] codes, int maxValues) {
        int len = a.length();
        Validity validity = a.validity();
        Map<Object, Integer> lookup = new HashMap<>();
        int[] firstRows = new int[16];
        int n = 0;
        for (int row = 0; row < len; row++) {
            if (!validity.isAllValid() && !validity.isValid(row)) {
                continue;
            }
            Object key = Rows.key(a, row);
            Integer code = lookup.get(key);
            if (code == null) {
                if (n >= maxValues) {
                    return null;
                }
                code = n;
                lookup.put(key, code);
                if (n == firstRows.length) {
                    firstRows = Arrays.copyOf(firstRows, n * 2);
                }
                firstRows[n++] = row;
            }
            codes[row] = code;
        }
        return Arrays.copyOf(firstRows, n);
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
