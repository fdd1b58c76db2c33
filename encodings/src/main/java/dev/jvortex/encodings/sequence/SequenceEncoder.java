package dev.jvortex.encodings.sequence;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import java.math.BigInteger;

/// Encodes an arithmetic progression `base + i × multiplier` as `vortex.sequence` (metadata only),
/// the inverse of [SequenceDecoder].
///
/// As in the reference: integers only, every row valid, a non-zero multiplier (a single row uses
/// 0), and no step may overflow the type (so an unsigned progression cannot decrease).
public final class SequenceEncoder {
    private SequenceEncoder() {}

    /// Returns the sequence node of `a`, or null when `a` is not such a progression.
    public static WriteNode encode(PrimitiveArray a) {
        PType ptype = a.ptype();
        int len = a.length();
        if (!ptype.isInteger()
                || len == 0
                || !a.validity().isAllValid() && a.validity().nullCount(len) > 0) {
            return null;
        }
        long base = a.getLong(0);
        if (len == 1) {
            return node(ptype, base, 0);
        }
        long second = a.getLong(1);
        long step = second - base;
        if (!inRange(ptype, base, second, step, true) || step == 0) {
            return null;
        }
        return continues(a, ptype, second, step, len) ? node(ptype, base, step) : null;
    }

    /// Rows read per block by [#continues].
    private static final int BLOCK = 1024;

    /// Whether rows `2..len` of `a` go on by `step` from `second` without overflowing `ptype`.
    /// The rows are read block by block into a `long[]` and checked by a small loop per kind of
    /// overflow test (none per row but the comparison for types narrower than 64 bits: the rows
    /// are values of the type, and `step` was checked to fit with the first step), so no loop
    /// reads the segment or switches on the type per row.
    private static boolean continues(PrimitiveArray a, PType ptype, long second, long step, int len) {
        int kind = ptype == PType.I64 ? 1 : ptype == PType.U64 ? 2 : 0;
        long[] block = new long[Math.min(BLOCK, len - 2)];
        long prev = second;
        for (int from = 2; from < len; from += BLOCK) {
            int m = Math.min(BLOCK, len - from);
            Segments.load(a.data(), ptype, from, block, 0, m);
            boolean ok = kind == 0
                    ? steps(block, m, prev, step)
                    : kind == 1 ? stepsI64(block, m, prev, step) : stepsU64(block, m, prev, step);
            if (!ok) {
                return false;
            }
            prev = block[m - 1];
        }
        return true;
    }

    /// Whether `block[0..m)` go on by `step` from `prev`.
    private static boolean steps(long[] block, int m, long prev, long step) {
        for (int k = 0; k < m; k++) {
            long v = block[k];
            if (v != prev + step) {
                return false;
            }
            prev = v;
        }
        return true;
    }

    /// As [#steps], no step overflowing a signed 64-bit value.
    private static boolean stepsI64(long[] block, int m, long prev, long step) {
        for (int k = 0; k < m; k++) {
            long v = block[k];
            if (v != prev + step || addOverflows(prev, step)) {
                return false;
            }
            prev = v;
        }
        return true;
    }

    /// As [#steps], no step going below the one before, read unsigned.
    private static boolean stepsU64(long[] block, int m, long prev, long step) {
        for (int k = 0; k < m; k++) {
            long v = block[k];
            if (v != prev + step || Long.compareUnsigned(v, prev) < 0) {
                return false;
            }
            prev = v;
        }
        return true;
    }

    /// Returns the node for `base + i × multiplier` (values of `ptype`, as [PrimitiveArray#getLong] reads them).
    public static WriteNode node(PType ptype, long base, long multiplier) {
        byte[] meta = new SequenceMetadata(base, BigInteger.valueOf(multiplier)).write(ptype);
        return WriteNode.of(EncodingId.SEQUENCE.id(), meta);
    }

    /// Checks one step of the progression in the type's own arithmetic. For the first step
    /// (`difference`), `b - a = step` must not overflow; otherwise `a + step = b` must not.
    private static boolean inRange(PType ptype, long a, long b, long step, boolean difference) {
        return switch (ptype) {
            case I64 -> difference ? !subtractOverflows(b, a) : !addOverflows(a, step);
            // b - a (or a + step = b) stays in range exactly when b is not below a, read unsigned.
            case U64 -> Long.compareUnsigned(b, a) >= 0;
            default -> fits(ptype, step) && fits(ptype, b);
        };
    }

    private static boolean subtractOverflows(long b, long a) {
        long r = b - a;
        return ((b ^ a) & (b ^ r)) < 0;
    }

    private static boolean addOverflows(long a, long s) {
        long r = a + s;
        return ((a ^ r) & (s ^ r)) < 0;
    }

    /// Whether `v` (sign-extended for signed types, zero-extended for unsigned) is a value of `ptype`.
    private static boolean fits(PType ptype, long v) {
        return switch (ptype) {
            case U8 -> v >= 0 && v <= 0xFF;
            case U16 -> v >= 0 && v <= 0xFFFF;
            case U32 -> v >= 0 && v <= 0xFFFFFFFFL;
            case I8 -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case I16 -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            case I32 -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
            default -> true;
        };
    }
}
