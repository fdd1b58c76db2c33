package dev.jvortex.compress.internal;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.decimalbyteparts.DecimalBytePartsMetadata;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;

/// A decimal whose unscaled values fit in 64 bits as `vortex.decimal_byte_parts` over the
/// narrowest signed integers, compressed one level down with the parent's exclusions. Not a
/// candidate: [Cascade] tries it for every decimal and keeps it when smaller than canonical.
final class DecimalBytePartsScheme extends Scheme {
    static final DecimalBytePartsScheme INSTANCE = new DecimalBytePartsScheme();
    private static final ChildRule PARTS = ChildRule.inherited();

    private DecimalBytePartsScheme() {
        super(SchemeId.DECIMAL_BYTE_PARTS);
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return PARTS;
    }

    /// Returns the node; null when some valid value needs more than 64 bits.
    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        DecimalArray d = (DecimalArray) a;
        int len = d.length();
        long[] values = unscaledLongs(d);
        if (values == null) {
            return null;
        }
        Validity v = d.validity();
        long min = 0;
        long max = 0;
        for (int i = 0; i < len; i++) {
            min = Math.min(min, values[i]);
            max = Math.max(max, values[i]);
        }
        PType t = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE
                ? PType.I8
                : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE
                        ? PType.I16
                        : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        PrimitiveArray msp = Primitives.array(t, d.dtype().nullable(), values, len, v);
        byte[] meta = new DecimalBytePartsMetadata(t.code(), 0).write();
        return WriteNode.of(
                EncodingId.DECIMAL_BYTE_PARTS.id(),
                meta,
                cascade.children(this, depth, excluded, sample).encode(ChildEncoder.Role.ENCODED, msp));
    }

    /// The unscaled values of `d` as longs, 0 in null rows; null when some valid value needs more
    /// than 64 bits (two's complement). Wide decimals are read as little-endian 64-bit words: a
    /// value fits when every word above the lowest is the lowest word's sign.
    static long[] unscaledLongs(DecimalArray d) {
        int len = d.length();
        int width = d.byteWidth();
        long[] validWords = ValidBits.words(d.validity(), len);
        MemorySegment data = d.data();
        if (width <= 8) {
            // read in bulk: a segment access per row is a chain of calls under C1 alone
            long[] values = Segments.toLongs(data, d.unscaledType(), len);
            if (validWords != null) {
                zeroNulls(values, validWords, len);
            }
            return values;
        }
        long[] values = new long[len];
        for (int i = 0; i < len; i++) {
            if (!ValidBits.get(validWords, i)) {
                continue;
            }
            long base = (long) i * width;
            long low = data.get(PrimitiveArray.LE_LONG, base);
            long sign = low >> 63;
            for (int o = 8; o < width; o += 8) {
                if (data.get(PrimitiveArray.LE_LONG, base + o) != sign) {
                    return null;
                }
            }
            values[i] = low;
        }
        return values;
    }

    /// Sets the values of the rows `validWords` marks null to 0.
    private static void zeroNulls(long[] values, long[] validWords, int len) {
        for (int i = 0; i < len; i++) {
            if (!ValidBits.get(validWords, i)) {
                values[i] = 0;
            }
        }
    }
}
