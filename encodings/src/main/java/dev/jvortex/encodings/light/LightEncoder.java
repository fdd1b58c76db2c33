package dev.jvortex.encodings.light;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.alp.AlpRdEncoder;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;

/// The child encoders to use when no compressor drives an encoder ([#PACKED], [#PATCHES]): one
/// level of cheap, deterministic choices, never a cascade. This class sits above the encoders it
/// chooses between; they take their children's encoder as a parameter and never refer to it.
public final class LightEncoder {
    /// Writes integer children bit-packed (after a frame of reference when that is smaller) or
    /// as a constant when every value is equal, floats as ALP or ALP-RD when smaller, strings as
    /// FSST when smaller, anything else canonically ([#encode]). What the encoders use when no
    /// compressor is at hand: no sampling, no cascade beyond one level.
    public static final ChildEncoder PACKED = LightEncoder::encode;
    /// Writes patch children as the reference's compressor leaves them ([#patchChild]).
    public static final ChildEncoder PATCHES = LightEncoder::patchChild;

    private LightEncoder() {}

    /// Patch children: [#patchChild]. Integers: [#packInts]. Floats: [#packFloats]. Other arrays: a constant when every
    /// row is equal, else canonical.
    public static WriteNode encode(ChildEncoder.Role role, Array child) {
        if (role == ChildEncoder.Role.PATCH_INDICES
                || role == ChildEncoder.Role.PATCH_VALUES
                || role == ChildEncoder.Role.PATCH_CHUNK_OFFSETS) {
            return patchChild(role, child);
        }
        if (child instanceof PrimitiveArray p && p.ptype().isInteger() && p.dtype() instanceof DType.Primitive) {
            return packInts(p);
        }
        if (child instanceof PrimitiveArray p && AlpEncoder.applies(p)) {
            return packFloats(p);
        }
        WriteNode constant = ConstantEncoder.encode(child);
        if (constant != null) {
            return constant;
        }
        WriteNode canonical = CanonicalEncoder.encode(child);
        if (child instanceof VarBinViewArray s && !(s.dtype() instanceof DType.Extension)) {
            WriteNode fsst = FsstEncoder.encode(s, PACKED);
            if (fsst != null && fsst.bufferBytes() < canonical.bufferBytes()) {
                return fsst;
            }
        }
        return canonical;
    }

    /// Returns the smallest of: a constant (when every valid value is equal), bit-packing at the best
    /// width, FoR over bit-packing, and the canonical array; ties go to the earlier.
    public static WriteNode packInts(PrimitiveArray a) {
        WriteNode constant = ConstantEncoder.encode(a);
        if (constant != null) {
            return constant;
        }
        WriteNode best = CanonicalEncoder.encode(a);
        WriteNode packed = BitPackedEncoder.encode(a, PATCHES);
        if (packed != null && packed.bufferBytes() < best.bufferBytes()) {
            best = packed;
        }
        // With a minimum of 0 FoR packs the very same values (same bytes, or null when plain
        // packing is null), so it cannot be strictly smaller: skipped.
        Long min = ForEncoder.minimum(a);
        WriteNode shifted = min == null || min == 0 ? null : ForEncoder.encodeBitPacked(a, PATCHES);
        if (shifted != null && shifted.bufferBytes() < best.bufferBytes()) {
            best = shifted;
        }
        return best;
    }

    /// Returns the smallest of: a constant (when every valid value is equal), ALP (integers packed
    /// by [#packInts]), ALP-RD and the canonical array; ties go to the earlier.
    public static WriteNode packFloats(PrimitiveArray a) {
        WriteNode constant = ConstantEncoder.encode(a);
        if (constant != null) {
            return constant;
        }
        WriteNode best = CanonicalEncoder.encode(a);
        WriteNode alp = AlpEncoder.encode(a, PACKED);
        if (alp != null && alp.bufferBytes() < best.bufferBytes()) {
            best = alp;
        }
        WriteNode rd = AlpRdEncoder.encode(a, PACKED);
        if (rd != null && rd.bufferBytes() < best.bufferBytes()) {
            best = rd;
        }
        return best;
    }

    /// Patch children as the reference's compressor leaves them: values that are all equal become
    /// a constant; indices (already narrowed) and everything else stay canonical.
    public static WriteNode patchChild(ChildEncoder.Role role, Array child) {
        if (role == ChildEncoder.Role.PATCH_VALUES) {
            WriteNode constant = ConstantEncoder.encode(child);
            if (constant != null) {
                return constant;
            }
        }
        return CanonicalEncoder.encode(child);
    }
}
