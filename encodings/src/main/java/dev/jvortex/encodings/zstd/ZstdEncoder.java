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
import java.util.ArrayList;
import java.util.List;

/// Encodes primitive, utf8 and binary arrays as `vortex.zstd` (layout in [dev.jvortex.encodings.zstd]),
/// as the reference's dictionary-free writer does: only valid values are stored, in row order,
/// primitives as packed little-endian values and strings each as a `u32` length then its bytes;
/// every `valuesPerFrame` values form one independent zstd frame ([ZstdCompressor]), described
/// in the metadata by its decompressed size and value count. Nulls are kept in the validity child.
public final class ZstdEncoder {
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
                MemorySegment dst = MemorySegment.ofArray(bytes);
                for (int k = 0; k < count; row++) {
                    if (validity.isValid(row)) {
                        MemorySegment.copy(data, (long) row * width, dst, (long) k * width, width);
                        k++;
                    }
                }
            }
            frames.add(bytes, count);
        }
        return frames.node(a.dtype(), validity, len);
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
            long size = 0;
            int r = row;
            for (int k = 0; k < count; r++) {
                if (allValid || validity.isValid(r)) {
                    size += 4 + a.byteLength(r);
                    k++;
                }
            }
            if (size > ZstdDecompressor.MAX_OUTPUT - 1024) {
                throw VortexException.unsupported("zstd: a frame of " + count + " strings holds " + size
                        + " bytes, too many for one frame; use fewer values per frame");
            }
            byte[] bytes = new byte[(int) size];
            MemorySegment dst = MemorySegment.ofArray(bytes);
            int at = 0;
            for (int k = 0; k < count; row++) {
                if (allValid || validity.isValid(row)) {
                    int n = a.byteLength(row);
                    dst.set(PrimitiveArray.LE_INT, at, n);
                    MemorySegment.copy(a.slice(row), 0, dst, at + 4, n);
                    at += 4 + n;
                    k++;
                }
            }
            frames.add(bytes, count);
        }
        return frames.node(a.dtype(), validity, len);
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
