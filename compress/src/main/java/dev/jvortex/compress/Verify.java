package dev.jvortex.compress;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.Decoding;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;

/// A debug check of compressed write trees: decodes a [WriteNode] in memory with the encodings
/// module's decoders ([Decoding]) and compares the rows with the input.
public final class Verify {
    private Verify() {}

    /// Throws a [VortexException] unless `node` decodes to exactly the rows of `input`.
    public static void check(Array input, WriteNode node) {
        try (Arena arena = Arena.ofConfined()) {
            Array decoded = new Decoding(arena).decode(new Node(node, arena, "root"), input.dtype(), input.length());
            String diff = diff(input, decoded, "");
            if (diff != null) {
                throw VortexException.misuse(
                        "compressed array does not decode to its input: " + diff + " in " + node.encoding());
            }
        }
    }

    /// Returns null when `a` and `b` hold the same rows, else where they differ.
    public static String diff(Array a, Array b, String path) {
        if (a instanceof ExtensionArray e) {
            a = e.storage();
        }
        if (b instanceof ExtensionArray e) {
            b = e.storage();
        }
        if (a.length() != b.length()) {
            return path + ": length " + a.length() + " vs " + b.length();
        }
        int len = a.length();
        for (int i = 0; i < len; i++) {
            if (a.isValid(i) != b.isValid(i)) {
                return path + "[" + i + "]: validity";
            }
        }
        switch (a) {
            case NullArray n -> {
                return null;
            }
            case PrimitiveArray p -> {
                PrimitiveArray q = (PrimitiveArray) b;
                for (int i = 0; i < len; i++) {
                    if (p.isValid(i) && p.getLong(i) != q.getLong(i)) {
                        return path + "[" + i + "]: " + p.getLong(i) + " vs " + q.getLong(i);
                    }
                }
                return null;
            }
            case BoolArray p -> {
                BoolArray q = (BoolArray) b;
                for (int i = 0; i < len; i++) {
                    if (p.isValid(i) && p.get(i) != q.get(i)) {
                        return path + "[" + i + "]";
                    }
                }
                return null;
            }
            case DecimalArray p -> {
                DecimalArray q = (DecimalArray) b;
                for (int i = 0; i < len; i++) {
                    if (p.isValid(i) && !Objects.equals(p.getUnscaled(i), q.getUnscaled(i))) {
                        return path + "[" + i + "]";
                    }
                }
                return null;
            }
            case VarBinViewArray p -> {
                VarBinViewArray q = (VarBinViewArray) b;
                for (int i = 0; i < len; i++) {
                    if (p.isValid(i) && !Arrays.equals(p.getBytes(i), q.getBytes(i))) {
                        return path + "[" + i + "]";
                    }
                }
                return null;
            }
            case StructArray p -> {
                StructArray q = (StructArray) b;
                for (int f = 0; f < p.fields().size(); f++) {
                    String d = diff(p.fields().get(f), q.fields().get(f), path + "." + f);
                    if (d != null) {
                        return d;
                    }
                }
                return null;
            }
            case ListArray p -> {
                ListArray q = (ListArray) b;
                for (int i = 0; i < len; i++) {
                    if (p.end(i) - p.start(i) != q.end(i) - q.start(i)) {
                        return path + "[" + i + "]: list size";
                    }
                }
                return diff(p.elements(), q.elements(), path + ".elements");
            }
            case FixedSizeListArray p -> {
                return diff(p.elements(), ((FixedSizeListArray) b).elements(), path + ".elements");
            }
            default -> {
                return null;
            }
        }
    }

    /// A write tree seen as a parsed node, buffers copied to aligned memory.
    private record Node(WriteNode node, Arena arena, String location) implements EncodedNode {
        @Override
        public String encoding() {
            return node.encoding();
        }

        @Override
        public byte[] metadata() {
            return node.metadata();
        }

        @Override
        public int childCount() {
            return node.children().size();
        }

        @Override
        public EncodedNode child(int i) {
            return new Node(node.children().get(i), arena, location + "." + i);
        }

        @Override
        public int bufferCount() {
            return node.buffers().size();
        }

        @Override
        public MemorySegment buffer(int i) {
            MemorySegment src = node.buffers().get(i).data();
            MemorySegment out = arena.allocate(Math.max(1, src.byteSize()), 64).asSlice(0, src.byteSize());
            MemorySegment.copy(src, 0, out, 0, src.byteSize());
            return out;
        }
    }
}
