package dev.jvortex.testing;

import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/// Write trees to serialized bytes and back, as the file writer and reader do: the encodings of a
/// tree numbered in first-use order (the array's id table), the bytes of
/// [ArraySerializer], and [SerializedArray] parsing them into an [EncodedNode] tree.
public final class SerializedArrays {
    private SerializedArrays() {}

    /// Returns the encoding ids of `node`'s tree in first-use order (the array's id table).
    public static List<String> ids(WriteNode node) {
        Set<String> out = new LinkedHashSet<>();
        collect(node, out);
        return List.copyOf(out);
    }

    private static void collect(WriteNode node, Set<String> out) {
        out.add(node.encoding());
        for (WriteNode c : node.children()) {
            collect(c, out);
        }
    }

    /// Returns the encoding ids of every node of `root`'s tree, depth first (repeats kept).
    public static List<String> encodings(EncodedNode root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(EncodedNode node, List<String> out) {
        out.add(node.encoding());
        for (int i = 0; i < node.childCount(); i++) {
            collect(node.child(i), out);
        }
    }

    /// Returns the serialized bytes of `node`, its encodings numbered by their position in `ids`.
    public static byte[] serialize(WriteNode node, List<String> ids) {
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, ids::indexOf);
        byte[] out = new byte[Math.toIntExact(s.length())];
        int pos = 0;
        for (MemorySegment part : s.parts()) {
            MemorySegment.copy(part, 0, MemorySegment.ofArray(out), pos, part.byteSize());
            pos += (int) part.byteSize();
        }
        if (pos != out.length) {
            throw new AssertionError("serialized parts hold " + pos + " bytes, the serializer said " + out.length);
        }
        return out;
    }

    /// Copies `bytes` into `arena` (64-byte aligned, as a file's segments are) and parses them.
    public static EncodedNode parse(byte[] bytes, List<String> ids, String where, Arena arena) {
        MemorySegment segment = arena.allocate(Math.max(1, bytes.length), 64).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return SerializedArray.parse(segment, ids, where).root();
    }

    /// Serializes `node` and parses the bytes back into `arena`.
    public static EncodedNode roundTrip(WriteNode node, Arena arena) {
        List<String> ids = ids(node);
        return parse(serialize(node, ids), ids, "test", arena);
    }
}
