package dev.jvortex.testing;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/// Damaged copies of an array tree for corruption tests: one node's metadata or buffer changed
/// (a flipped bit, cut short, emptied) or its children dropped or swapped, the rest of the tree
/// shared with the original, which is never written.
public final class NodeMutations {
    private NodeMutations() {}

    /// A damaged tree and what was done to it.
    ///
    /// @param what the damage, e.g. `node 0.1: buffer 0 cut to 17 of 40 bytes`
    /// @param root the damaged tree
    public record Mutation(String what, EncodedNode root) {}

    /// A node with its parts replaced.
    ///
    /// @param encoding the encoding id
    /// @param metadataBytes the metadata
    /// @param buffers the buffers
    /// @param children the children
    /// @param location where the node is, for error messages
    public record Node(
            String encoding,
            byte[] metadataBytes,
            List<MemorySegment> buffers,
            List<EncodedNode> children,
            String location)
            implements EncodedNode {
        @Override
        public byte[] metadata() {
            return metadataBytes.clone();
        }

        @Override
        public int childCount() {
            return children.size();
        }

        @Override
        public EncodedNode child(int i) {
            return children.get(i);
        }

        @Override
        public int bufferCount() {
            return buffers.size();
        }

        @Override
        public MemorySegment buffer(int i) {
            return buffers.get(i);
        }

        static Node copyOf(EncodedNode n) {
            List<MemorySegment> buffers = new ArrayList<>();
            for (int i = 0; i < n.bufferCount(); i++) {
                buffers.add(n.buffer(i));
            }
            List<EncodedNode> children = new ArrayList<>();
            for (int i = 0; i < n.childCount(); i++) {
                children.add(n.child(i));
            }
            return new Node(n.encoding(), n.metadata(), buffers, children, n.location());
        }
    }

    /// Returns up to `count` random mutations of `root`: each picks a node of the tree and damages
    /// its metadata, one of its buffers or its children. New buffers are allocated in `arena`
    /// (64-byte aligned, as a file's segments are).
    public static List<Mutation> random(EncodedNode root, int count, Random random, Arena arena) {
        List<int[]> paths = new ArrayList<>();
        paths(root, new int[0], paths);
        List<Mutation> out = new ArrayList<>();
        for (int k = 0; k < count * 4 && out.size() < count; k++) {
            int[] path = paths.get(random.nextInt(paths.size()));
            EncodedNode target = at(root, path);
            Mutation damaged = mutate(target, random, arena);
            if (damaged != null) {
                out.add(new Mutation(
                        "node " + name(path) + " (" + target.encoding() + "): " + damaged.what(),
                        replace(root, path, 0, damaged.root())));
            }
        }
        return out;
    }

    /// Returns a damaged copy of `target` and what was done, or null when the chosen damage does
    /// not apply to this node (no metadata to flip, no buffer, no children).
    private static Mutation mutate(EncodedNode target, Random random, Arena arena) {
        Node n = Node.copyOf(target);
        byte[] meta = n.metadataBytes();
        switch (random.nextInt(8)) {
            case 0, 1 -> {
                if (meta.length == 0) {
                    return null;
                }
                int at = random.nextInt(meta.length);
                int bit = random.nextInt(8);
                meta[at] ^= (byte) (1 << bit);
                return new Mutation("metadata byte " + at + " bit " + bit + " flipped", n);
            }
            case 2 -> {
                if (meta.length == 0) {
                    byte[] junk = new byte[1 + random.nextInt(4)];
                    random.nextBytes(junk);
                    return new Mutation(
                            "metadata " + HexFormat.of().formatHex(junk) + " where there was none",
                            new Node(n.encoding(), junk, n.buffers(), n.children(), n.location()));
                }
                int keep = random.nextInt(meta.length);
                return new Mutation(
                        "metadata cut to " + keep + " of " + meta.length + " bytes",
                        new Node(n.encoding(), Arrays.copyOf(meta, keep), n.buffers(), n.children(), n.location()));
            }
            case 3, 4 -> {
                int b = randomBuffer(n, random);
                if (b < 0) {
                    return null;
                }
                MemorySegment buf = n.buffers().get(b);
                MemorySegment copy = copy(buf, buf.byteSize(), arena);
                long at = random.nextLong(buf.byteSize());
                int bit = random.nextInt(8);
                copy.set(JAVA_BYTE, at, (byte) (copy.get(JAVA_BYTE, at) ^ (1 << bit)));
                n.buffers().set(b, copy);
                return new Mutation("buffer " + b + " byte " + at + " bit " + bit + " flipped", n);
            }
            case 5 -> {
                int b = randomBuffer(n, random);
                if (b < 0) {
                    return null;
                }
                MemorySegment buf = n.buffers().get(b);
                long keep = random.nextBoolean() ? buf.byteSize() - 1 : random.nextLong(buf.byteSize());
                n.buffers().set(b, copy(buf, keep, arena));
                return new Mutation("buffer " + b + " cut to " + keep + " of " + buf.byteSize() + " bytes", n);
            }
            case 6 -> {
                if (n.children().isEmpty()) {
                    return null;
                }
                int c = random.nextInt(n.children().size());
                n.children().remove(c);
                return new Mutation("child " + c + " dropped", n);
            }
            default -> {
                if (n.children().size() < 2) {
                    return null;
                }
                int a = random.nextInt(n.children().size());
                int b = (a + 1 + random.nextInt(n.children().size() - 1))
                        % n.children().size();
                EncodedNode x = n.children().get(a);
                n.children().set(a, n.children().get(b));
                n.children().set(b, x);
                return new Mutation("children " + a + " and " + b + " swapped", n);
            }
        }
    }

    /// Returns the index of a random non-empty buffer of `n`, or -1 when it has none.
    private static int randomBuffer(Node n, Random random) {
        if (n.buffers().isEmpty()) {
            return -1;
        }
        int b = random.nextInt(n.buffers().size());
        return n.buffers().get(b).byteSize() == 0 ? -1 : b;
    }

    private static MemorySegment copy(MemorySegment from, long bytes, Arena arena) {
        MemorySegment out = arena.allocate(Math.max(1, bytes), 64).asSlice(0, bytes);
        MemorySegment.copy(from, 0, out, 0, bytes);
        return out;
    }

    private static void paths(EncodedNode node, int[] path, List<int[]> out) {
        out.add(path);
        for (int i = 0; i < node.childCount(); i++) {
            int[] child = Arrays.copyOf(path, path.length + 1);
            child[path.length] = i;
            paths(node.child(i), child, out);
        }
    }

    private static EncodedNode at(EncodedNode root, int[] path) {
        EncodedNode n = root;
        for (int i : path) {
            n = n.child(i);
        }
        return n;
    }

    private static EncodedNode replace(EncodedNode node, int[] path, int depth, EncodedNode replacement) {
        if (depth == path.length) {
            return replacement;
        }
        Node copy = Node.copyOf(node);
        copy.children().set(path[depth], replace(node.child(path[depth]), path, depth + 1, replacement));
        return copy;
    }

    private static String name(int[] path) {
        StringBuilder sb = new StringBuilder("root");
        for (int i : path) {
            sb.append('.').append(i);
        }
        return sb.toString();
    }
}
