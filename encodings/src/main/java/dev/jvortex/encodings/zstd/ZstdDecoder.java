package dev.jvortex.encodings.zstd;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.zstd.ZstdMetadata.Frame;
import dev.jvortex.zstd.ZstdDecompressor;
import dev.jvortex.zstd.ZstdDictionary;
import dev.jvortex.zstd.ZstdException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/// Decoders of `vortex.zstd` (values compressed in zstd frames) and `vortex.zstd_buffers` (any
/// array whose buffers are each one zstd frame). The bytes are described in [dev.jvortex.encodings.zstd];
/// the frames are decompressed by the `jvortex-zstd` module, whose [ZstdException]s become
/// corrupt-data [VortexException]s naming the node and the frame.
public final class ZstdDecoder {
    private ZstdDecoder() {}

    /// No frame decompresses to more than this many bytes per input byte, so sizes in the
    /// metadata beyond it are lies, caught before anything is allocated for them.
    static final long MAX_RATIO = ZstdDecompressor.MAX_RATIO;

    /// Decodes `vortex.zstd` into a [PrimitiveArray] or, for Utf8 and Binary, a [VarBinViewArray].
    public static Array zstd(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        boolean strings = dtype instanceof DType.Utf8 || dtype instanceof DType.Binary;
        PType ptype = strings ? null : Nodes.ptype(node, dtype);
        Nodes.children(node, 0, 1);
        ZstdMetadata meta = ZstdMetadata.read(node.metadata());
        long dictionarySize = meta.dictionarySize();
        List<Frame> frames = meta.frames();
        int first = dictionarySize > 0 ? 1 : 0;
        if (node.bufferCount() != first + frames.size()) {
            throw VortexException.corrupt(
                    node.location() + ": vortex.zstd has " + node.bufferCount() + " buffers but its metadata "
                            + "describes " + frames.size() + " frames" + (first == 1 ? " and a dictionary" : ""));
        }
        ZstdDictionary dictionary = null;
        if (first == 1) {
            MemorySegment dict = node.buffer(0);
            if (dict.byteSize() != dictionarySize) {
                throw VortexException.corrupt(node.location() + ": zstd dictionary buffer has " + dict.byteSize()
                        + " bytes but the metadata says " + dictionarySize);
            }
            try {
                dictionary = ZstdDictionary.parse(dict);
            } catch (ZstdException e) {
                throw corrupt(node.location() + ": zstd dictionary", e);
            }
        }
        Validity validity = Nodes.validity(ctx, node, 0, dtype, len);
        int valid = len - validity.nullCount(len);
        int width = strings ? 1 : ptype.byteWidth();

        long total = 0;
        long values = 0;
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            long compressed = node.buffer(first + i).byteSize();
            if (f.uncompressedSize() < 0 || f.uncompressedSize() > compressed * MAX_RATIO) {
                throw VortexException.corrupt(
                        node.location() + ": zstd frame " + i + " of " + compressed + " bytes cannot hold the "
                                + Long.toUnsignedString(f.uncompressedSize()) + " bytes its metadata claims");
            }
            total += f.uncompressedSize();
            // Old primitive-only writers left n_values at 0: the frame then holds size / width values.
            values += f.values() != 0 || strings ? f.values() : f.uncompressedSize() / width;
            if (total > MAX_TOTAL || values < 0) {
                throw VortexException.corrupt(
                        node.location() + ": zstd frames total more than " + MAX_TOTAL + " bytes");
            }
        }
        if (!strings) {
            if (total != (long) valid * width) {
                throw VortexException.corrupt(node.location() + ": zstd frames hold " + total + " bytes but " + valid
                        + " valid " + ptype.shortName() + " values need " + (long) valid * width);
            }
            if (values != valid) {
                throw VortexException.corrupt(
                        node.location() + ": zstd frames hold " + values + " values but " + valid + " rows are valid");
            }
        }

        ZstdDecompressor decompressor = acquire(dictionary);
        try {
            if (strings) {
                return strings(node, dtype, len, validity, valid, frames, first, total, decompressor, ctx);
            }
            // Sliced to the exact size: the context hands out at least one byte, even for no values.
            MemorySegment data = ctx.allocate(total, width).asSlice(0, total);
            long offset = 0;
            for (int i = 0; i < frames.size(); i++) {
                long size = frames.get(i).uncompressedSize();
                long n;
                try {
                    n = decompressor.decompress(input(node, first + i, "zstd frame " + i), data.asSlice(offset, size));
                } catch (ZstdException e) {
                    throw corrupt(node.location() + ": zstd frame " + i, e);
                }
                if (n != size) {
                    throw VortexException.corrupt(node.location() + ": zstd frame " + i + " decompressed to " + n
                            + " bytes but its metadata says " + size);
                }
                offset += size;
            }
            return scatter(dtype, ptype, len, validity, valid, data, ctx);
        } finally {
            release(decompressor, dictionary);
        }
    }

    /// One decompressor without dictionary kept per thread: it owns a few hundred kilobytes of
    /// tables and buffers, which an array of a few frames would otherwise allocate anew. It is
    /// taken out while in use, so a nested decode on the same thread gets its own.
    private static final ThreadLocal<ZstdDecompressor> SPARE = new ThreadLocal<>();
    /// Buffers above this size are not kept with the spare decompressor.
    private static final int KEEP_BYTES = 16 << 20;

    private static ZstdDecompressor acquire(ZstdDictionary dictionary) {
        if (dictionary != null) {
            return new ZstdDecompressor(dictionary);
        }
        ZstdDecompressor d = SPARE.get();
        if (d == null) {
            return new ZstdDecompressor();
        }
        SPARE.remove();
        return d;
    }

    private static void release(ZstdDecompressor d, ZstdDictionary dictionary) {
        if (dictionary == null) {
            d.trim(KEEP_BYTES);
            SPARE.set(d);
        }
    }

    /// Decompresses the frames of a string array one after the other into the decompressor's heap
    /// buffer, builds the views from there (heap reads and writes, no per-row segment access),
    /// then copies the string bytes and the views out once each.
    private static Array strings(
            EncodedNode node,
            DType dtype,
            int len,
            Validity validity,
            int valid,
            List<Frame> frames,
            int first,
            long total,
            ZstdDecompressor decompressor,
            DecodeContext ctx) {
        decompressor.clearOutput();
        for (int i = 0; i < frames.size(); i++) {
            long size = frames.get(i).uncompressedSize();
            int before = decompressor.outputSize();
            long n;
            try {
                n = decompressor.append(input(node, first + i, "zstd frame " + i), (int) size);
            } catch (ZstdException e) {
                throw corrupt(node.location() + ": zstd frame " + i, e);
            }
            if (n != size || decompressor.outputSize() != before + size) {
                throw VortexException.corrupt(node.location() + ": zstd frame " + i + " decompressed to " + n
                        + " bytes but its metadata says " + size);
            }
        }
        byte[] buf = decompressor.output();
        int size = (int) total;
        // Sliced to the exact size: the context hands out at least one byte, even for no values.
        MemorySegment data = ctx.allocate(total, 1).asSlice(0, total);
        MemorySegment.copy(buf, 0, data, ValueLayout.JAVA_BYTE, 0, size);

        if (len > (Integer.MAX_VALUE - 16) / 16) {
            throw VortexException.unsupported(node.location() + ": " + len + " strings in one zstd array are too many");
        }
        byte[] views = new byte[len * 16];
        int pos = 0;
        for (int i = 0; i < len; i++) {
            if (!validity.isValid(i)) {
                continue;
            }
            if (size - pos < 4) {
                throw VortexException.corrupt(node.location() + ": zstd string payload of " + size
                        + " bytes ends before row " + i + " (" + valid + " valid rows)");
            }
            long n = Integer.toUnsignedLong((int) LE_INT.get(buf, pos));
            if (n > size - pos - 4) {
                throw VortexException.corrupt(node.location() + ": zstd string of row " + i + " claims " + n
                        + " bytes but " + (size - pos - 4) + " remain");
            }
            int at = i * 16;
            int from = pos + 4;
            LE_INT.set(views, at, (int) n);
            if (n <= VarBinViewArray.MAX_INLINED) {
                System.arraycopy(buf, from, views, at + 4, (int) n);
            } else {
                LE_INT.set(views, at + 4, (int) LE_INT.get(buf, from));
                LE_INT.set(views, at + 12, from);
            }
            pos = from + (int) n;
        }
        if (pos != size) {
            throw VortexException.corrupt(node.location() + ": zstd string payload has " + (size - pos)
                    + " bytes left after the last of " + valid + " valid rows");
        }
        MemorySegment viewSegment = ctx.allocate(len * 16L, 16);
        MemorySegment.copy(views, 0, viewSegment, ValueLayout.JAVA_BYTE, 0, views.length);
        return new VarBinViewArray(dtype, viewSegment, new MemorySegment[] {data}, len, validity);
    }

    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /// Returns buffer `index` of `node`, a zstd input the decompressor can take.
    private static MemorySegment input(EncodedNode node, int index, String what) {
        MemorySegment in = node.buffer(index);
        if (in.byteSize() > ZstdDecompressor.MAX_INPUT) {
            throw VortexException.unsupported(
                    node.location() + ": " + what + ": zstd: input of " + in.byteSize() + " bytes is too large");
        }
        return in;
    }

    /// The corrupt-data error for a zstd error at `where`.
    private static VortexException corrupt(String where, ZstdException e) {
        return VortexException.corrupt(where + ": " + e.getMessage(), e);
    }

    /// Guard on the decompressed bytes of one array (the decode context enforces its own limit too).
    private static final long MAX_TOTAL = Integer.MAX_VALUE - 16;

    /// Places the packed values of the valid rows at their row positions (null rows stay zero).
    private static Array scatter(
            DType dtype, PType ptype, int len, Validity validity, int valid, MemorySegment packed, DecodeContext ctx) {
        if (valid == len) {
            return new PrimitiveArray(dtype, ptype, packed, len, validity);
        }
        int width = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * width, width);
        long k = 0;
        for (int i = 0; i < len; i++) {
            if (validity.isValid(i)) {
                MemorySegment.copy(packed, k, out, (long) i * width, width);
                k += width;
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    /// Decodes `vortex.zstd_buffers`: decompresses each buffer, then decodes the inner encoding
    /// with its own metadata, the decompressed buffers and this node's children.
    public static Array zstdBuffers(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        ZstdBuffersMetadata meta = ZstdBuffersMetadata.read(node.metadata());
        String inner = meta.innerEncoding();
        byte[] innerMetadata = meta.innerMetadata();
        List<Long> sizes = meta.uncompressedSizes();
        List<Long> alignments = meta.alignments();
        if (inner == null || inner.isEmpty()) {
            throw VortexException.corrupt(node.location() + ": vortex.zstd_buffers names no inner encoding");
        }
        int n = node.bufferCount();
        if (sizes.size() != n || alignments.size() != n) {
            throw VortexException.corrupt(node.location() + ": vortex.zstd_buffers has " + n + " buffers, "
                    + sizes.size() + " sizes and " + alignments.size() + " alignments");
        }
        List<MemorySegment> buffers = new ArrayList<>(n);
        ZstdDecompressor decompressor = acquire(null);
        try {
            for (int i = 0; i < n; i++) {
                long size = sizes.get(i);
                long alignment = alignments.get(i);
                MemorySegment compressed = input(node, i, "zstd buffer " + i);
                if (alignment <= 0 || alignment > 1 << 16 || (alignment & (alignment - 1)) != 0) {
                    throw VortexException.corrupt(node.location() + ": buffer " + i + " alignment " + alignment
                            + " is not a power of two up to 65536");
                }
                if (size < 0 || size > compressed.byteSize() * MAX_RATIO) {
                    throw VortexException.corrupt(node.location() + ": zstd buffer " + i + " of "
                            + compressed.byteSize() + " bytes cannot hold the " + Long.toUnsignedString(size)
                            + " bytes its metadata claims");
                }
                MemorySegment out = ctx.allocate(size, alignment);
                long written;
                try {
                    written = decompressor.decompress(compressed, out);
                } catch (ZstdException e) {
                    throw corrupt(node.location() + ": zstd buffer " + i, e);
                }
                if (written != size) {
                    throw VortexException.corrupt(node.location() + ": zstd buffer " + i + " decompressed to " + written
                            + " bytes but its metadata says " + size);
                }
                buffers.add(out.asSlice(0, size));
            }
        } finally {
            release(decompressor, null);
        }
        return ctx.decode(new InnerNode(inner, innerMetadata, buffers, node), dtype, len);
    }

    /// The array a `vortex.zstd_buffers` node wraps, with its buffers decompressed.
    private record InnerNode(String encoding, byte[] meta, List<MemorySegment> buffers, EncodedNode outer)
            implements EncodedNode {
        @Override
        public byte[] metadata() {
            return meta.clone();
        }

        @Override
        public int childCount() {
            return outer.childCount();
        }

        @Override
        public EncodedNode child(int i) {
            return outer.child(i);
        }

        @Override
        public int bufferCount() {
            return buffers.size();
        }

        @Override
        public MemorySegment buffer(int i) {
            return buffers.get(i);
        }

        @Override
        public String location() {
            return outer.location() + " (inside vortex.zstd_buffers)";
        }
    }
}
