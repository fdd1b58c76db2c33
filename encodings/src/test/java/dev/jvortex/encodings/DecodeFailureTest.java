package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/// Which exceptions raised while decoding are reported as corrupt data: only index-out-of-bounds
/// and arithmetic errors (the net under the decoders' explicit checks). Anything else is a bug in
/// jvortex and must not be passed off as a damaged file.
class DecodeFailureTest {
    private static final DType U32 = new DType.Primitive(PType.U32, false);

    @Test
    void onlyBoundsAndArithmeticErrorsAreCorruptData() {
        for (RuntimeException e : List.of(
                new IndexOutOfBoundsException("index 9"),
                new ArrayIndexOutOfBoundsException(9),
                new ArithmeticException("integer overflow"))) {
            VortexException v = Decoding.failure(e, "segment 3, node root.1");
            assertEquals(VortexException.Kind.CORRUPT, v.kind(), v.getMessage());
            assertSame(e, v.getCause());
            assertTrue(v.getMessage().startsWith("segment 3, node root.1: "), v.getMessage());
        }
    }

    @Test
    void otherExceptionsAreInternalErrorsKeepingTheirCause() {
        for (RuntimeException e : List.of(
                new IllegalStateException("bug"),
                new IllegalArgumentException("bug"),
                new NullPointerException("bug"),
                new ClassCastException("bug"),
                new NegativeArraySizeException("-1"),
                new UnsupportedOperationException("bug"))) {
            VortexException v = Decoding.failure(e, "node root");
            assertEquals(VortexException.Kind.INTERNAL, v.kind(), v.getMessage());
            assertSame(e, v.getCause());
            assertTrue(v.getMessage().startsWith("node root: internal error"), v.getMessage());
        }
    }

    @Test
    void vortexExceptionsPassThroughUnchanged() {
        for (VortexException e : List.of(
                VortexException.corrupt("bad"),
                VortexException.unsupported("new"),
                VortexException.misuse("wrong"),
                VortexException.internal("inner", new IllegalStateException()))) {
            assertSame(e, Decoding.failure(e, "outer"));
        }
    }

    @Test
    void accessToClosedOrForeignMemoryIsMisuseNotCorruptData() {
        MemorySegment freed;
        try (Arena arena = Arena.ofConfined()) {
            freed = arena.allocate(8);
        }
        RuntimeException closed =
                assertThrows(IllegalStateException.class, () -> freed.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0));
        VortexException v = Decoding.failure(closed, "node root");
        assertEquals(VortexException.Kind.MISUSE, v.kind(), v.getMessage());
        assertTrue(v.getMessage().contains("closed"), v.getMessage());
        assertSame(closed, v.getCause());

        VortexException thread =
                Decoding.failure(new WrongThreadException("Attempted access outside owning thread"), "node root");
        assertEquals(VortexException.Kind.MISUSE, thread.kind(), thread.getMessage());
    }

    /// A decoder that fails with a bug-type exception (here: the node it reads throws one) is
    /// reported as an internal error naming the node, through both the decode and the take path.
    @Test
    void aBugInsideADecoderIsNotReportedAsCorrupt() {
        TestNode good = TestArrays.primitive(PType.U32, new long[] {1, 2, 3, 4});
        for (Supplier<RuntimeException> bug : List.<Supplier<RuntimeException>>of(
                () -> new IllegalStateException("injected bug"),
                () -> new IllegalArgumentException("injected bug"),
                () -> new NullPointerException("injected bug"))) {
            EncodedNode root = TestNode.of(
                    "vortex.dict",
                    new ProtoWriter().varint(1, 4).varint(2, PType.U8.code()).toByteArray(),
                    List.of(),
                    TestArrays.primitive(PType.U8, new long[] {0, 1, 2, 3}),
                    new Failing(good, bug));
            try (Arena arena = Arena.ofConfined()) {
                VortexException decode =
                        assertThrows(VortexException.class, () -> Decoding.decodeRoot(root, U32, 4, arena));
                assertEquals(VortexException.Kind.INTERNAL, decode.kind(), decode.getMessage());
                assertTrue(decode.getMessage().contains("failing node"), decode.getMessage());
                assertEquals("injected bug", decode.getCause().getMessage());

                VortexException take =
                        assertThrows(VortexException.class, () -> Taking.take(root, U32, 4, new int[] {2}, arena));
                assertEquals(VortexException.Kind.INTERNAL, take.kind(), take.getMessage());
                assertEquals("injected bug", take.getCause().getMessage());
            }
        }
    }

    /// A bounds error from a node's bytes stays corrupt data.
    @Test
    void aBoundsErrorInsideADecoderIsCorrupt() {
        TestNode good = TestArrays.primitive(PType.U32, new long[] {1, 2, 3, 4});
        EncodedNode root = new Failing(good, () -> new IndexOutOfBoundsException("past the buffer"));
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(VortexException.class, () -> Decoding.decodeRoot(root, U32, 4, arena));
            assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
        }
    }

    /// A node whose buffers and metadata throw `bug` when read.
    private record Failing(TestNode node, Supplier<RuntimeException> bug) implements EncodedNode {
        @Override
        public String encoding() {
            return node.encoding();
        }

        @Override
        public byte[] metadata() {
            throw bug.get();
        }

        @Override
        public int childCount() {
            return node.childCount();
        }

        @Override
        public EncodedNode child(int i) {
            return node.child(i);
        }

        @Override
        public int bufferCount() {
            return node.bufferCount();
        }

        @Override
        public MemorySegment buffer(int i) {
            throw bug.get();
        }

        @Override
        public String location() {
            return "failing node";
        }
    }
}
