package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.patches.PatchesMetadata;
import dev.jvortex.encodings.sparse.SparseMetadata;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// The decoders that wrap other nodes, `vortex.chunked`, `vortex.constant`, `vortex.masked` and
/// `vortex.sparse`, on hand-built trees: values against ones written out in the test, and the
/// malformed trees each must refuse with a [VortexException].
class NestingDecodersTest {
    private static final DType I64 = new DType.Primitive(PType.I64, false);
    private static final DType I64_NULLABLE = new DType.Primitive(PType.I64, true);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private Array decode(EncodedNode node, DType type, int len) {
        return Decoding.decodeRoot(node, type, len, arena);
    }

    private static List<Long> longs(Array a) {
        PrimitiveArray p = (PrimitiveArray) a;
        return IntStream.range(0, p.length()).mapToObj(p::getLong).toList();
    }

    private static List<Boolean> valid(Array a) {
        IntPredicate v = a::isValid;
        return IntStream.range(0, a.length()).mapToObj(v::test).toList();
    }

    private static TestNode i64(long... values) {
        return TestArrays.primitive(PType.I64, values);
    }

    private static TestNode chunked(long[] offsets, TestNode... chunks) {
        TestNode[] children = new TestNode[chunks.length + 1];
        children[0] = TestArrays.primitive(PType.U64, offsets);
        System.arraycopy(chunks, 0, children, 1, chunks.length);
        return TestNode.of("vortex.chunked", new byte[0], List.of(), children);
    }

    @Test
    void chunksAreConcatenatedInOrder() {
        TestNode node = chunked(new long[] {0, 2, 2, 5}, i64(1, 2), i64(), i64(3, 4, 5));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), longs(decode(node, I64, 5)));
    }

    @Test
    void noChunksIsAnEmptyArray() {
        Array a = decode(chunked(new long[] {0}), I64, 0);
        assertEquals(0, a.length());
    }

    @Test
    void badChunkOffsetsAreCorrupt() {
        // No offsets child at all.
        assertThrows(
                VortexException.class, () -> decode(TestNode.of("vortex.chunked", new byte[0], List.of()), I64, 0));
        // Offsets not starting at 0.
        VortexException start =
                assertThrows(VortexException.class, () -> decode(chunked(new long[] {1, 3}, i64(1, 2)), I64, 2));
        assertTrue(start.getMessage().contains("start at 1"), start.getMessage());
        // Decreasing offsets.
        assertThrows(VortexException.class, () -> decode(chunked(new long[] {0, 3, 2}, i64(1, 2, 3), i64(4)), I64, 3));
        // An offset past the length.
        assertThrows(VortexException.class, () -> decode(chunked(new long[] {0, 4}, i64(1, 2, 3, 4)), I64, 3));
        // Chunks covering fewer rows than the array.
        VortexException cover =
                assertThrows(VortexException.class, () -> decode(chunked(new long[] {0, 2}, i64(1, 2)), I64, 3));
        assertTrue(cover.getMessage().contains("cover 2 rows, expected 3"), cover.getMessage());
    }

    @Test
    void lastChunkEndingExactlyAtTheLength() {
        TestNode node = chunked(new long[] {0, 1, 3}, i64(9), i64(8, 7));
        assertEquals(List.of(9L, 8L, 7L), longs(decode(node, I64, 3)));
    }

    /// Asserts that decoding `node` as non-null i64 fails with a message containing `message`.
    private void rejects(EncodedNode node, int len, String message) {
        VortexException e = assertThrows(VortexException.class, () -> decode(node, I64, len));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    private static TestNode constant(DType type, Object value) {
        byte[] scalar = new Scalar(type, value).encode();
        return TestNode.of("vortex.constant", new byte[0], List.of(MemorySegment.ofArray(scalar)));
    }

    @Test
    void constantRepeatsItsValue() {
        Array a = decode(constant(I64, -42L), I64, 4);
        assertEquals(List.of(-42L, -42L, -42L, -42L), longs(a));
        Array nulls = decode(constant(I64_NULLABLE, null), I64_NULLABLE, 3);
        assertEquals(List.of(false, false, false), valid(nulls));
    }

    @Test
    void constantWithoutItsBufferOrWithChildrenIsCorrupt() {
        rejects(TestNode.of("vortex.constant", new byte[0], List.of()), 1, "expects 1 buffers but has 0");
        byte[] scalar = new Scalar(I64, 1L).encode();
        TestNode withChild =
                TestNode.of("vortex.constant", new byte[0], List.of(MemorySegment.ofArray(scalar)), i64(1));
        rejects(withChild, 1, "expects 0 children but has 1");
    }

    @Test
    void constantOfAnImpossibleLengthIsRefusedCleanly() {
        rejects(constant(I64, 7L), 1 << 28, "over the limit");
    }

    @Test
    void maskedAppliesItsValidityToTheChild() {
        TestNode node =
                TestNode.of("vortex.masked", new byte[0], List.of(), i64(10, 20, 30), TestArrays.bools(new boolean[] {
                    true, false, true
                }));
        Array a = decode(node, I64_NULLABLE, 3);
        assertEquals(List.of(true, false, true), valid(a));
        assertEquals(I64_NULLABLE, a.dtype());
        assertEquals(10L, ((PrimitiveArray) a).getLong(0));
        assertEquals(30L, ((PrimitiveArray) a).getLong(2));
    }

    @Test
    void maskedWithoutAValidityChildIsAllValid() {
        Array a = decode(TestNode.of("vortex.masked", new byte[0], List.of(), i64(5, 6)), I64_NULLABLE, 2);
        assertEquals(List.of(true, true), valid(a));
        assertEquals(List.of(5L, 6L), longs(a));
        assertEquals(I64_NULLABLE, a.dtype());
    }

    @Test
    void maskedWithNoOrTooManyChildrenIsCorrupt() {
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.masked", new byte[0], List.of()), I64_NULLABLE, 0));
        TestNode bits = TestArrays.bools(new boolean[] {true});
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.masked", new byte[0], List.of(), i64(1), bits, bits), I64_NULLABLE, 1));
    }

    private static TestNode sparse(
            DType type, Object fill, long offset, PType indexType, long[] indices, TestNode values) {
        byte[] meta = new SparseMetadata(new PatchesMetadata(indices.length, offset, indexType.code(), false, 0, 0, 0))
                .write();
        byte[] scalar = new Scalar(type, fill).encode();
        return TestNode.of(
                "vortex.sparse",
                meta,
                List.of(MemorySegment.ofArray(scalar)),
                TestArrays.primitive(indexType, indices),
                values);
    }

    @Test
    void sparsePutsPatchesOverTheFill() {
        TestNode node = sparse(I64, 7L, 0, PType.U8, new long[] {0, 3, 5}, i64(-1, -2, -3));
        assertEquals(List.of(-1L, 7L, 7L, -2L, 7L, -3L), longs(decode(node, I64, 6)));
    }

    @Test
    void sparseWithANullFill() {
        TestNode node = sparse(I64_NULLABLE, null, 0, PType.U16, new long[] {1}, i64(99));
        Array a = decode(node, I64_NULLABLE, 3);
        assertEquals(List.of(false, true, false), valid(a));
        assertEquals(99L, ((PrimitiveArray) a).getLong(1));
    }

    @Test
    void sparseIndicesAreShiftedByTheOffsetAndThoseBeforeItSkipped() {
        // Offset 10: index 9 lies before this slice (skipped), 10 is row 0 and 13 row 3.
        TestNode node = sparse(I64, 0L, 10, PType.U32, new long[] {9, 10, 13}, i64(1, 2, 3));
        assertEquals(List.of(2L, 0L, 0L, 3L), longs(decode(node, I64, 4)));
    }

    @Test
    void sparseIndexPastTheEndIsCorrupt() {
        TestNode node = sparse(I64, 0L, 0, PType.U8, new long[] {1, 4}, i64(1, 2));
        VortexException e = assertThrows(VortexException.class, () -> decode(node, I64, 4));
        assertTrue(e.getMessage().contains("sparse patch index 4"), e.getMessage());
        TestNode last = sparse(I64, 0L, 0, PType.U8, new long[] {3}, i64(5));
        assertEquals(List.of(0L, 0L, 0L, 5L), longs(decode(last, I64, 4)));
    }

    @Test
    void sparseMalformedNodesAreCorrupt() {
        TestNode good = sparse(I64, 0L, 0, PType.U8, new long[] {0}, i64(1));
        TestNode noFill = new TestNode("vortex.sparse", good.metadata(), List.of(), good.children());
        rejects(noFill, 1, "expects 1 buffers but has 0");
        TestNode oneChild = new TestNode(
                "vortex.sparse",
                good.metadata(),
                good.buffers(),
                good.children().subList(0, 1));
        rejects(oneChild, 1, "expects 2 children but has 1");
        rejects(good, 1 << 28, "over the limit");
    }

    @Test
    void maskedBools() {
        // A masked node's type is taken from the parent even when the child decodes non-nullable.
        Array a = decode(
                TestNode.of(
                        "vortex.masked",
                        new byte[0],
                        List.of(),
                        TestArrays.bools(new boolean[] {true, false}),
                        TestArrays.bools(new boolean[] {false, true})),
                new DType.Bool(true),
                2);
        assertEquals(List.of(false, true), valid(a));
        assertFalse(a.isValid(0));
        assertEquals(new DType.Bool(true), a.dtype());
    }
}
