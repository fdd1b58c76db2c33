package dev.jvortex.format;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/// A serialized array tree as stored in a flat segment: data buffers, then the `Array`
/// flatbuffer, then its `u32` length.
public final class SerializedArray {
    private final MemorySegment[] buffers;
    private final FbTable root;
    private final List<String> arraySpecs;
    private final String where;
    /// What a corrupt child table is called in messages.
    private final String nodeWhat;

    private SerializedArray(MemorySegment[] buffers, FbTable root, List<String> arraySpecs, String where) {
        this.buffers = buffers;
        this.root = root;
        this.arraySpecs = arraySpecs;
        this.where = where;
        this.nodeWhat = where + " array node";
    }

    /// Parses the segment bytes; buffers are zero-copy slices of `segment`.
    public static SerializedArray parse(MemorySegment segment, List<String> arraySpecs, String where) {
        long len = segment.byteSize();
        if (len < 4) {
            throw VortexException.corrupt(where + ": segment of " + len + " bytes cannot hold an array");
        }
        long fbLen = Integer.toUnsignedLong(segment.get(FbTable.U32, len - 4));
        if (fbLen > len - 4) {
            throw VortexException.corrupt(
                    where + ": array flatbuffer length " + fbLen + " exceeds the segment (" + len + " bytes)");
        }
        long fbStart = len - 4 - fbLen;
        FbTable array = FbTable.root(segment.asSlice(fbStart, fbLen), where + " array flatbuffer");
        FbTable root = array.getTable(0, where + " array node");
        if (root == null) {
            throw VortexException.corrupt(where + ": array flatbuffer has no root node");
        }
        FbVector specs = array.getVector(1);
        int n = specs == null ? 0 : specs.length();
        MemorySegment raw = n == 0 ? MemorySegment.NULL : specs.inline(8);
        MemorySegment[] buffers = new MemorySegment[n];
        long pos = 0;
        for (int i = 0; i < n; i++) {
            int padding = Short.toUnsignedInt(raw.get(FbTable.U16, i * 8L));
            int compression = Byte.toUnsignedInt(raw.get(ValueLayout.JAVA_BYTE, i * 8L + 3));
            long blen = Integer.toUnsignedLong(raw.get(FbTable.U32, i * 8L + 4));
            pos += padding;
            if (pos + blen > fbStart) {
                throw VortexException.corrupt(where + ": buffer " + i + " [" + pos + ", " + (pos + blen)
                        + ") runs past the data region of " + fbStart + " bytes");
            }
            if (compression != 0) {
                throw VortexException.unsupported(where + ": buffer " + i + " uses compression " + compression);
            }
            buffers[i] = segment.asSlice(pos, blen);
            pos += blen;
        }
        return new SerializedArray(buffers, root, arraySpecs, where);
    }

    /// Returns the root node.
    public EncodedNode root() {
        return new Node(root, null, 0, 0);
    }

    /// Returns the number of data buffers.
    public int bufferCount() {
        return buffers.length;
    }

    /// Returns the root node's stats table, or null.
    public FbTable rootStats() {
        return root.getTable(4, where + " array stats");
    }

    private final class Node implements EncodedNode {
        private final FbTable table;
        /// The parent (null at the root) and this node's index in it: the path is built only for messages.
        private final Node parent;
        private final int index;
        private final int depth;
        private String encoding;
        private FbVector children;
        private FbVector bufferIdx;

        Node(FbTable table, Node parent, int index, int depth) {
            this.table = table;
            this.parent = parent;
            this.index = index;
            this.depth = depth;
            if (depth > 256) {
                throw VortexException.corrupt(where + ": array tree deeper than 256 at " + path());
            }
        }

        private String path() {
            return parent == null ? "root" : parent.path() + "." + index;
        }

        @Override
        public String encoding() {
            if (encoding == null) {
                int idx = table.getU16(0, 0);
                if (idx >= arraySpecs.size()) {
                    throw VortexException.corrupt(location() + ": encoding index " + idx + " but the footer lists "
                            + arraySpecs.size() + " array ids");
                }
                encoding = arraySpecs.get(idx);
            }
            return encoding;
        }

        @Override
        public byte[] metadata() {
            MemorySegment m = table.getBytes(1);
            return m == null ? new byte[0] : m.toArray(ValueLayout.JAVA_BYTE);
        }

        private FbVector kids() {
            if (children == null) {
                children = table.getVector(2);
            }
            return children;
        }

        @Override
        public int childCount() {
            FbVector k = kids();
            return k == null ? 0 : k.length();
        }

        @Override
        public EncodedNode child(int i) {
            if (i < 0 || i >= childCount()) {
                throw VortexException.corrupt(location() + ": child " + i + " missing (node has " + childCount() + ")");
            }
            return new Node(kids().table(i, nodeWhat), this, i, depth + 1);
        }

        private FbVector bufs() {
            if (bufferIdx == null) {
                bufferIdx = table.getVector(3);
            }
            return bufferIdx;
        }

        @Override
        public int bufferCount() {
            FbVector b = bufs();
            return b == null ? 0 : b.length();
        }

        @Override
        public MemorySegment buffer(int i) {
            if (i < 0 || i >= bufferCount()) {
                throw VortexException.corrupt(
                        location() + ": buffer " + i + " missing (node has " + bufferCount() + ")");
            }
            int idx = bufs().u16(i);
            if (idx >= buffers.length) {
                throw VortexException.corrupt(
                        location() + ": buffer index " + idx + " but the segment has " + buffers.length);
            }
            return buffers[idx];
        }

        @Override
        public String location() {
            return where + ", array node " + path();
        }
    }
}
