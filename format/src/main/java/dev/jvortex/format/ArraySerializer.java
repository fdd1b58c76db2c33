package dev.jvortex.format;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.format.internal.FbBuilder;
import dev.jvortex.format.internal.FormatWriter;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/// Serializes an array tree into the bytes of a flat segment: every buffer (depth-first, each
/// padded to its alignment from the segment start), zero padding to a multiple of 8, the
/// `Array` flatbuffer, and its `u32` length.
public final class ArraySerializer {
    private ArraySerializer() {}

    /// The serialized bytes of one array and the alignment its segment needs.
    ///
    /// @param parts the byte pieces to write in order (padding included)
    /// @param length the total length
    /// @param alignment the segment alignment
    public record Serialized(List<MemorySegment> parts, long length, int alignment) {}

    /// Serializes `root`; `encodingIndex` maps an encoding id to its index in the footer's array ids.
    public static Serialized serialize(WriteNode root, ToIntFunction<String> encodingIndex) {
        List<WriteNode.Buffer> buffers = new ArrayList<>();
        collect(root, buffers);
        if (buffers.size() > 65535) {
            throw VortexException.unsupported("an array with more than 65535 buffers cannot be written");
        }
        List<MemorySegment> parts = new ArrayList<>();
        byte[] bufferSpecs = new byte[buffers.size() * 8];
        long pos = 0;
        int maxAlign = 8;
        for (int i = 0; i < buffers.size(); i++) {
            WriteNode.Buffer b = buffers.get(i);
            int align = Math.max(1, b.alignment());
            maxAlign = Math.max(maxAlign, align);
            int pad = (int) ((-pos) & (align - 1));
            if (pad > 0) {
                parts.add(MemorySegment.ofArray(new byte[pad]));
            }
            long len = b.data().byteSize();
            if (len > 0xFFFFFFFFL) {
                throw VortexException.unsupported("a buffer of " + len + " bytes exceeds 4 GiB");
            }
            bufferSpecs[8 * i] = (byte) pad;
            bufferSpecs[8 * i + 1] = (byte) (pad >>> 8);
            bufferSpecs[8 * i + 2] = (byte) Integer.numberOfTrailingZeros(align);
            bufferSpecs[8 * i + 3] = 0;
            FormatWriter.putInt(bufferSpecs, 8 * i + 4, (int) len);
            parts.add(b.data());
            pos += pad + len;
        }
        int tail = (int) ((-pos) & 7);
        if (tail > 0) {
            parts.add(MemorySegment.ofArray(new byte[tail]));
            pos += tail;
        }
        FbBuilder fb = new FbBuilder();
        int[] counter = {0};
        int node = node(fb, root, encodingIndex, counter);
        int specs = fb.createInlineVector(bufferSpecs, buffers.size(), 4);
        fb.startTable(2);
        fb.addOffset(0, node);
        fb.addOffset(1, specs);
        byte[] flat = fb.finish(fb.endTable());
        parts.add(MemorySegment.ofArray(flat));
        byte[] len = new byte[4];
        FormatWriter.putInt(len, 0, flat.length);
        parts.add(MemorySegment.ofArray(len));
        pos += flat.length + 4;
        return new Serialized(parts, pos, maxAlign);
    }

    private static void collect(WriteNode n, List<WriteNode.Buffer> out) {
        out.addAll(n.buffers());
        for (WriteNode c : n.children()) {
            collect(c, out);
        }
    }

    private static int node(FbBuilder fb, WriteNode n, ToIntFunction<String> encodingIndex, int[] counter) {
        int[] own = new int[n.buffers().size()];
        for (int i = 0; i < own.length; i++) {
            own[i] = counter[0]++;
        }
        int[] kids = new int[n.children().size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = node(fb, n.children().get(i), encodingIndex, counter);
        }
        int meta = fb.createByteVector(n.metadata());
        int children = fb.createOffsetVector(kids);
        int bufs = fb.createU16Vector(own);
        // No statistics: an empty stats table (FormatWriter.arrayStats of null, without that
        // method's code for the fields of present statistics inlined here).
        fb.startTable(11);
        int stats = fb.endTable();
        fb.startTable(5);
        fb.addOffset(1, meta);
        fb.addOffset(2, children);
        fb.addOffset(3, bufs);
        fb.addOffset(4, stats);
        fb.addU16(0, encodingIndex.applyAsInt(n.encoding()), 0);
        return fb.endTable();
    }
}
