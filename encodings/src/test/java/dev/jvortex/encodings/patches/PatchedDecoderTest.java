package dev.jvortex.encodings.patches;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PatchedDecoderTest {
    static final long SEED = Long.getLong("jvortex.seed", 20260701L);

    /// Groups patches at grid positions by chunk and lane (`lane = position % lanes`), as the layout
    /// describes, and wraps `inner` (rows `[offset, offset + len)` of the grid).
    static TestNode encode(PType ptype, TestNode inner, int gridLen, int offset, int lanes, int[] grid, long[] values) {
        int chunks = (gridLen + 1023) / 1024;
        List<List<Integer>> buckets = new ArrayList<>();
        for (int s = 0; s < chunks * lanes; s++) {
            buckets.add(new ArrayList<>());
        }
        for (int k = 0; k < grid.length; k++) {
            buckets.get(grid[k] / 1024 * lanes + grid[k] % 1024 % lanes).add(k);
        }
        long[] laneOffsets = new long[chunks * lanes + 1];
        long[] indices = new long[grid.length];
        long[] vals = new long[grid.length];
        int n = 0;
        for (int s = 0; s < buckets.size(); s++) {
            laneOffsets[s] = n;
            for (int k : buckets.get(s)) {
                indices[n] = grid[k] % 1024;
                vals[n] = values[k];
                n++;
            }
        }
        laneOffsets[buckets.size()] = n;
        byte[] meta = new ProtoWriter()
                .varintIfNonZero(1, grid.length)
                .varint(2, lanes)
                .varintIfNonZero(3, offset)
                .toByteArray();
        return TestNode.of(
                "vortex.patched",
                meta,
                List.of(),
                inner,
                TestArrays.primitive(PType.U32, laneOffsets),
                TestArrays.primitive(PType.U16, indices),
                TestArrays.primitive(ptype, vals));
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I16", "U32", "I64", "F32", "F64"})
    void patchesLandAndSlicedOnesAreSkipped(PType ptype) {
        Random random = new Random(SEED + ptype.ordinal());
        for (int round = 0; round < 10; round++) {
            int offset = round % 2 == 0 ? 0 : random.nextInt(1024);
            int len = random.nextInt(3000);
            int gridLen = offset + len + (round % 3 == 0 ? random.nextInt(900) : 0);
            long[] base = new long[len];
            for (int i = 0; i < len; i++) {
                base[i] = TestArrays.random(random, ptype.bitWidth());
            }
            boolean[] valid = round % 4 == 1 ? TestArrays.validity(random, len, 0.3) : null;
            TestNode inner = TestArrays.primitive(ptype, base, valid);
            byte[] before = TestArrays.copy(inner.buffer(0));
            int count = gridLen == 0 ? 0 : random.nextInt(Math.min(gridLen, 60) + 1);
            int[] grid = random.ints(count, 0, Math.max(1, gridLen))
                    .distinct()
                    .sorted()
                    .toArray();
            long[] values = new long[grid.length];
            long[] expected = base.clone();
            for (int k = 0; k < grid.length; k++) {
                values[k] = TestArrays.random(random, ptype.bitWidth());
                int row = grid[k] - offset;
                if (row >= 0 && row < len) {
                    expected[row] = values[k];
                }
            }
            // Lane offsets cover every chunk of the grid the rows touch: ceil((offset + len) / 1024).
            int chunksNeeded = (offset + len + 1023) / 1024;
            int[] kept =
                    Arrays.stream(grid).filter(g -> g / 1024 < chunksNeeded).toArray();
            long[] keptValues = new long[kept.length];
            for (int k = 0, j = 0; k < grid.length; k++) {
                if (grid[k] / 1024 < chunksNeeded) {
                    keptValues[j++] = values[k];
                }
            }
            int lanes = round % 2 == 0 ? 16 : 32;
            TestNode node = encode(ptype, inner, offset + len, offset, lanes, kept, keptValues);
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, valid != null, len, arena);
                TestArrays.assertValues(a, expected, valid, ptype + " round " + round);
            }
            assertArrayEquals(before, TestArrays.copy(inner.buffer(0)), "inner buffer must not be written");
        }
    }

    private static void rejects(TestNode node, PType ptype, int len) {
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(ptype, false), len, arena));
        }
    }

    private static TestNode node(byte[] meta, long[] laneOffsets, long[] indices) {
        return TestNode.of(
                "vortex.patched",
                meta,
                List.of(),
                TestArrays.primitive(PType.U32, new long[10]),
                TestArrays.primitive(PType.U32, laneOffsets),
                TestArrays.primitive(PType.U16, indices),
                TestArrays.primitive(PType.U32, new long[indices.length]));
    }

    @Test
    void rejectsBadInput() {
        byte[] meta = new ProtoWriter().varint(1, 1).varint(2, 1).toByteArray();
        rejects(node(meta, new long[] {0, 1}, new long[] {1024}), PType.U32, 10); // index past the chunk
        rejects(node(meta, new long[] {1, 0}, new long[] {1}), PType.U32, 10); // decreasing lane offsets
        rejects(node(meta, new long[] {0, 2}, new long[] {1}), PType.U32, 10); // past the patches
        rejects(node(meta, new long[] {0}, new long[] {1}), PType.U32, 10); // too few lane offsets
        rejects(
                node(new ProtoWriter().varint(1, 1).toByteArray(), new long[] {0, 1}, new long[] {1}),
                PType.U32,
                10); // no lanes
        rejects(
                node(
                        new ProtoWriter()
                                .varint(1, 1)
                                .varint(2, 1)
                                .varint(3, 1024)
                                .toByteArray(),
                        new long[] {0, 1, 1},
                        new long[] {1}),
                PType.U32,
                10);
        rejects(
                node(new ProtoWriter().varint(1, 1).varint(2, 1L << 40).toByteArray(), new long[] {0, 1}, new long[] {1
                }),
                PType.U32,
                10);
    }
}
