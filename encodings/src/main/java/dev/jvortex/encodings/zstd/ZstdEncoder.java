package dev.jvortex.encodings.zstd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.zstd.ZstdCompressor;
import dev.jvortex.zstd.ZstdDecompressor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/// Encodes primitive, utf8 and binary arrays as `vortex.zstd` (layout in [dev.jvortex.encodings.zstd]),
/// as the reference's dictionary-free writer does: only valid values are stored, in row order,
/// primitives as packed little-endian values and strings each as a `u32` length then its bytes;
/// every `valuesPerFrame` values form one independent zstd frame ([ZstdCompressor]), described
/// in the metadata by its decompressed size and value count. Nulls are kept in the validity child.
public final class ZstdEncoder {
    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private ZstdEncoder() {}

    /// Values per frame of the reference's `compact` write preset.
    public static final int COMPACT_VALUES_PER_FRAME = 8192;
    /// Compression level of the reference's `compact` write preset.
    public static final int COMPACT_LEVEL = 3;

    /// One compressor per thread: its tables (about 1.5 MB) would otherwise be allocated and
    /// zeroed for every array, which for arrays of a few frames costs as much as compressing them.
    private static final ThreadLocal<ZstdCompressor> COMPRESSORS = ThreadLocal.withInitial(ZstdCompressor::new);

    /// Returns the `vortex.zstd` node of `a` (a [PrimitiveArray] or a utf8/binary
    /// [VarBinViewArray]), `valuesPerFrame` valid values per frame (0 or less: one frame), or
    /// null for any other array.
    ///
    /// `level` is accepted for the reference's signature: [ZstdCompressor] has one setting,
    /// comparable to libzstd level 3, and the level is not part of the stored format.
    public static WriteNode encode(Array a, int level, int valuesPerFrame) {
        if (a instanceof PrimitiveArray p) {
            return encode(p, valuesPerFrame);
        }
        if (a instanceof VarBinViewArray v && (v.dtype() instanceof DType.Utf8 || v.dtype() instanceof DType.Binary)) {
            return encode(v, valuesPerFrame);
        }
        return null;
    }

    /// Returns the node of a primitive array.
    public static WriteNode encode(PrimitiveArray a, int valuesPerFrame) {
        int len = a.length();
        Validity validity = a.validity();
        int width = a.ptype().byteWidth();
        MemorySegment data = a.data();
        boolean allValid = validity.isAllValid();
        int valid = allValid ? len : len - validity.nullCount(len);
        int perFrame = valuesPerFrame > 0 ? valuesPerFrame : Math.max(valid, 1);
        if ((long) Math.min(perFrame, valid) * width > ZstdDecompressor.MAX_OUTPUT - 1024) {
            throw VortexException.unsupported("zstd: a frame of " + perFrame + " "
                    + a.ptype().shortName() + " values is too large; use fewer values per frame");
        }
        Frames frames = new Frames();
        int row = 0;
        for (int done = 0; done < valid; done += perFrame) {
            int count = Math.min(perFrame, valid - done);
            byte[] bytes = new byte[count * width];
            if (allValid) {
                MemorySegment.copy(data, JAVA_BYTE, (long) row * width, bytes, 0, bytes.length);
                row += count;
            } else {
                row = gatherValid(data, validity, width, row, count, bytes);
            }
            frames.add(bytes, count);
        }
        return frames.node(a.dtype(), validity, len);
    }

    /// Copies the `count` valid values of `width` bytes from row `row` on to `bytes`; returns the
    /// row after the last. (Each loop of the encoders here is a method of its own, so that the
    /// JIT compiles it once on its own rather than the whole encoder on-stack and then again.)
    private static int gatherValid(MemorySegment data, Validity validity, int width, int row, int count, byte[] bytes) {
        MemorySegment dst = MemorySegment.ofArray(bytes);
        for (int k = 0; k < count; row++) {
            if (validity.isValid(row)) {
                MemorySegment.copy(data, (long) row * width, dst, (long) k * width, width);
                k++;
            }
        }
        return row;
    }

    /// Returns the node of a utf8 or binary array.
    public static WriteNode encode(VarBinViewArray a, int valuesPerFrame) {
        int len = a.length();
        Validity validity = a.validity();
        boolean allValid = validity.isAllValid();
        int valid = allValid ? len : len - validity.nullCount(len);
        int perFrame = valuesPerFrame > 0 ? valuesPerFrame : Math.max(valid, 1);
        Frames frames = new Frames();
        int row = 0;
        for (int done = 0; done < valid; done += perFrame) {
            int count = Math.min(perFrame, valid - done);
            // First pass: the frame's size; second: its bytes.
            long size = frameSize(a, validity, allValid, row, count);
            if (size > ZstdDecompressor.MAX_OUTPUT - 1024) {
                throw VortexException.unsupported("zstd: a frame of " + count + " strings holds " + size
                        + " bytes, too many for one frame; use fewer values per frame");
            }
            byte[] bytes = new byte[(int) size];
            row = fillFrame(a, validity, allValid, row, count, bytes);
            frames.add(bytes, count);
        }
        return frames.node(a.dtype(), validity, len);
    }

    /// The bytes of the `count` valid strings from row `row` on, each with its u32 length.
    private static long frameSize(VarBinViewArray a, Validity validity, boolean allValid, int row, int count) {
        long size = 0;
        for (int k = 0; k < count; row++) {
            if (allValid || validity.isValid(row)) {
                size += 4 + a.byteLength(row);
                k++;
            }
        }
        return size;
    }

    /// Writes the `count` valid strings from row `row` on to `bytes`, each as its u32 length and
    /// its bytes; returns the row after the last.
    private static int fillFrame(
            VarBinViewArray a, Validity validity, boolean allValid, int row, int count, byte[] bytes) {
        int at = 0;
        for (int k = 0; k < count; row++) {
            if (allValid || validity.isValid(row)) {
                int n = a.copyBytes(row, bytes, at + 4);
                LE_INT.set(bytes, at, n);
                at += 4 + n;
                k++;
            }
        }
        return row;
    }

    /// The frames written so far and their metadata entries.
    private static final class Frames {
        private final ZstdCompressor compressor = COMPRESSORS.get();
        private final List<WriteNode.Buffer> buffers = new ArrayList<>();
        private final List<ZstdMetadata.Frame> frames = new ArrayList<>();

        void add(byte[] bytes, int values) {
            byte[] frame = compressor.compress(bytes, 0, bytes.length);
            buffers.add(new WriteNode.Buffer(MemorySegment.ofArray(frame), 1));
            frames.add(new ZstdMetadata.Frame(bytes.length, values));
        }

        WriteNode node(DType dtype, Validity validity, int len) {
            return new WriteNode(
                    EncodingId.ZSTD.id(),
                    new ZstdMetadata(0, frames).write(),
                    buffers,
                    CanonicalEncoder.validity(dtype, validity, len));
        }
    }
}
