package dev.jvortex.encodings.fastlanes;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/// Vector API (`jdk.incubator.vector`) versions of the whole-block unpacking of [BitUnpack#unpackWords],
/// reading the packed block straight from its segment and writing the 1024 values straight into
/// the output segment, with frame-of-reference and ALP decoding folded in.
///
/// Only call these when [Simd#ENABLED] is true: this class links against the incubating module.
///
/// The algorithm is the one of [BitUnpack#unpackWords]: a row of any type is 128 bytes (16
/// longs), each long holding `64 / typeBits` values, so one row is 16 long shifts and masks,
/// here done a vector (2, 4 or 8 longs) at a time. Adding the reference reinterprets the longs
/// as lanes of the value type, so the addition wraps in the type's width.
final class VectorUnpack {
    private VectorUnpack() {}

    private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;
    private static final int STEP = L.vectorByteSize();
    private static final int ROW_BYTES = 128;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    /// Whether an `i64 -> f64` lane conversion is a single instruction on this machine (AVX-512DQ,
    /// which every 512-bit x86 vector unit in practice has, or AArch64); without it the conversion
    /// would fall back to a slow non-intrinsic path, so ALP on f64 then converts scalar.
    static final boolean FAST_L2D = L.vectorBitSize() >= 512 || "aarch64".equals(System.getProperty("os.arch"));

    /// True when the preferred shape divides a 128-byte row (128, 256 or 512 bits).
    static boolean usable() {
        int bytes = L.vectorByteSize();
        return bytes >= 16 && ROW_BYTES % bytes == 0;
    }

    /// Unpacks `count` consecutive whole blocks of `typeBits`-bit values (8, 16, 32 or 64) of
    /// `width` bits (1..typeBits) from `packed` at byte `in` (`128 × width` bytes each) into `out`
    /// at byte `at` (`128 × typeBits` bytes each), adding `reference` to every value, wrapping in
    /// the type.
    static void block(
            int typeBits,
            int width,
            MemorySegment packed,
            long in,
            MemorySegment out,
            long at,
            int count,
            long reference) {
        long ones = BitUnpack.ones(typeBits);
        long mask = width == typeBits ? -1L : ((1L << width) - 1) * ones;
        int valueBytes = typeBits >>> 3;
        int log = Integer.numberOfTrailingZeros(typeBits);
        long topBits = ones << (typeBits - 1);
        long replicated = (typeBits == 64 ? reference : reference & ((1L << typeBits) - 1)) * ones;
        LongVector top = LongVector.broadcast(L, topBits);
        LongVector notTop = LongVector.broadcast(L, ~topBits);
        LongVector r = LongVector.broadcast(L, replicated);
        LongVector rLow = LongVector.broadcast(L, replicated & ~topBits);
        long blockIn = 128L * width;
        long blockOut = 128L * typeBits;
        for (int blk = 0; blk < count; blk++, in += blockIn, at += blockOut) {
            for (int row = 0; row < typeBits; row++) {
                int bit = row * width;
                long src = in + (long) (bit >>> log) * ROW_BYTES;
                int shift = bit & (typeBits - 1);
                long dst = at + (long) FastLanes.rowStart(row) * valueBytes;
                if (shift + width <= typeBits) {
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector v = LongVector.fromMemorySegment(L, packed, src + k, LE)
                                .lanewise(VectorOperators.LSHR, shift)
                                .and(mask);
                        add(v, top, notTop, r, rLow).intoMemorySegment(out, dst + k, LE);
                    }
                } else {
                    int up = typeBits - shift;
                    long low = ((1L << up) - 1) * ones;
                    long high = mask & ~low;
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector a = LongVector.fromMemorySegment(L, packed, src + k, LE);
                        LongVector b = LongVector.fromMemorySegment(L, packed, src + ROW_BYTES + k, LE);
                        LongVector v = a.lanewise(VectorOperators.LSHR, shift)
                                .and(low)
                                .or(b.lanewise(VectorOperators.LSHL, up).and(high));
                        add(v, top, notTop, r, rLow).intoMemorySegment(out, dst + k, LE);
                    }
                }
            }
        }
    }

    private static LongVector add(LongVector v, LongVector top, LongVector notTop, LongVector r, LongVector rLow) {
        // Lane-wise addition in long operations (as BitUnpack.addWords): no carry leaves a value.
        return v.and(notTop)
                .add(rLow)
                .lanewise(
                        VectorOperators.XOR, v.lanewise(VectorOperators.XOR, r).and(top));
    }

    /// ALP on f64 folded in: unpacks a whole block of 64-bit integers as [#block] does (plus
    /// `reference`), and writes `(double) value * scale * inverse` for each (only when [#FAST_L2D]).
    static void blockF64(
            int width,
            MemorySegment packed,
            long in,
            MemorySegment out,
            long at,
            int count,
            long reference,
            double scale,
            double inverse) {
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long blockIn = 128L * width;
        long blockOut = 128L * 64;
        for (int blk = 0; blk < count; blk++, in += blockIn, at += blockOut) {
            for (int row = 0; row < 64; row++) {
                int bit = row * width;
                long src = in + (long) (bit >>> 6) * ROW_BYTES;
                int shift = bit & 63;
                long dst = at + (long) FastLanes.rowStart(row) * 8;
                if (shift + width <= 64) {
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector v = LongVector.fromMemorySegment(L, packed, src + k, LE)
                                .lanewise(VectorOperators.LSHR, shift)
                                .and(mask)
                                .add(reference);
                        alp64(v, scale, inverse).intoMemorySegment(out, dst + k, LE);
                    }
                } else {
                    int up = 64 - shift;
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector a = LongVector.fromMemorySegment(L, packed, src + k, LE);
                        LongVector b = LongVector.fromMemorySegment(L, packed, src + ROW_BYTES + k, LE);
                        LongVector v = a.lanewise(VectorOperators.LSHR, shift)
                                .or(b.lanewise(VectorOperators.LSHL, up))
                                .and(mask)
                                .add(reference);
                        alp64(v, scale, inverse).intoMemorySegment(out, dst + k, LE);
                    }
                }
            }
        }
    }

    private static DoubleVector alp64(LongVector v, double scale, double inverse) {
        // Two multiplications in this order, like the scalar decoder and the reference.
        return ((DoubleVector) v.convert(VectorOperators.L2D, 0)).mul(scale).mul(inverse);
    }

    /// ALP on f32 folded in: unpacks a whole block of 32-bit integers as [#block] does (plus
    /// `reference`), and writes `(float) value * scale * inverse` for each.
    static void blockF32(
            int width,
            MemorySegment packed,
            long in,
            MemorySegment out,
            long at,
            int count,
            int reference,
            float scale,
            float inverse) {
        long ones = BitUnpack.ones(32);
        long mask = width == 32 ? -1L : ((1L << width) - 1) * ones;
        long blockIn = 128L * width;
        long blockOut = 128L * 32;
        for (int blk = 0; blk < count; blk++, in += blockIn, at += blockOut) {
            for (int row = 0; row < 32; row++) {
                int bit = row * width;
                long src = in + (long) (bit >>> 5) * ROW_BYTES;
                int shift = bit & 31;
                long dst = at + (long) FastLanes.rowStart(row) * 4;
                if (shift + width <= 32) {
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector v = LongVector.fromMemorySegment(L, packed, src + k, LE)
                                .lanewise(VectorOperators.LSHR, shift)
                                .and(mask);
                        alp32(v, reference, scale, inverse).intoMemorySegment(out, dst + k, LE);
                    }
                } else {
                    int up = 32 - shift;
                    long low = ((1L << up) - 1) * ones;
                    long high = mask & ~low;
                    for (int k = 0; k < ROW_BYTES; k += STEP) {
                        LongVector a = LongVector.fromMemorySegment(L, packed, src + k, LE);
                        LongVector b = LongVector.fromMemorySegment(L, packed, src + ROW_BYTES + k, LE);
                        LongVector v = a.lanewise(VectorOperators.LSHR, shift)
                                .and(low)
                                .or(b.lanewise(VectorOperators.LSHL, up).and(high));
                        alp32(v, reference, scale, inverse).intoMemorySegment(out, dst + k, LE);
                    }
                }
            }
        }
    }

    private static FloatVector alp32(LongVector v, int reference, float scale, float inverse) {
        return ((FloatVector) v.reinterpretAsInts().add(reference).convert(VectorOperators.I2F, 0))
                .mul(scale)
                .mul(inverse);
    }
}
