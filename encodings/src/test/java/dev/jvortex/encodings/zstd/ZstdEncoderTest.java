package dev.jvortex.encodings.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.zstd.ZstdDecompressor;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The layout [ZstdEncoder] writes: frame split, metadata and frame contents, checked against
/// payloads built here from the input values. (Decoding by our decoder and by the reference is
/// covered by the `zstd/` cases of `EncoderCases`.)
class ZstdEncoderTest {
    private record FrameMeta(long size, long values) {}

    private static List<FrameMeta> frames(WriteNode node) {
        List<FrameMeta> out = new ArrayList<>();
        ProtoReader r = new ProtoReader(node.metadata(), "ZstdMetadata");
        while (r.next()) {
            assertEquals(2, r.field(), "only frames are written (no dictionary size)");
            ProtoReader f = r.readMessage("ZstdFrameMetadata");
            long size = 0;
            long values = 0;
            while (f.next()) {
                switch (f.field()) {
                    case 1 -> size = f.readVarint();
                    case 2 -> values = f.readVarint();
                    default -> throw new AssertionError("unexpected field " + f.field());
                }
            }
            out.add(new FrameMeta(size, values));
        }
        return out;
    }

    private static byte[] frame(WriteNode node, int i, long size) {
        byte[] compressed = node.buffers().get(i).data().toArray(ValueLayout.JAVA_BYTE);
        return new ZstdDecompressor().decompress(compressed, (int) size);
    }

    @Test
    void primitivesStoreValidValuesInFramesOfN() {
        Random r = new Random(11);
        int len = 20_000;
        long[] values = new long[len];
        boolean[] valid = new boolean[len];
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int validCount = 0;
        for (int i = 0; i < len; i++) {
            values[i] = r.nextLong() >> r.nextInt(60);
            valid[i] = r.nextInt(10) >= 3;
            if (valid[i]) {
                expected.writeBytes(ByteBuffer.allocate(8)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putLong(values[i])
                        .array());
                validCount++;
            }
        }
        WriteNode node = ZstdEncoder.encode(EncodeTesting.ints(PType.I64, values, valid), 3, 8192);
        assertEquals("vortex.zstd", node.encoding());
        assertEquals(1, node.children().size(), "validity child");
        List<FrameMeta> frames = frames(node);
        int expectedFrames = (validCount + 8191) / 8192;
        assertEquals(expectedFrames, frames.size());
        assertEquals(expectedFrames, node.buffers().size());
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        for (int i = 0; i < frames.size(); i++) {
            long n = Math.min(8192, validCount - 8192L * i);
            assertEquals(n, frames.get(i).values());
            assertEquals(8 * n, frames.get(i).size());
            payload.writeBytes(frame(node, i, frames.get(i).size()));
        }
        assertArrayEquals(expected.toByteArray(), payload.toByteArray());

        // Not nullable: no validity child; 0 values per frame: one frame.
        WriteNode single = ZstdEncoder.encode(EncodeTesting.ints(PType.I64, values, null), 3, 0);
        assertEquals(0, single.children().size());
        assertEquals(List.of(new FrameMeta(8L * len, len)), frames(single));
    }

    @Test
    void stringsStoreLengthPrefixedValues() {
        Random r = new Random(12);
        String[] values = new String[10_000];
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        List<Integer> frameSizes = new ArrayList<>();
        int inFrame = 0;
        int frameBytes = 0;
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7 == 0 ? null : i % 11 == 0 ? "" : "value-" + r.nextInt(1000) + "-é";
            if (values[i] != null) {
                byte[] b = values[i].getBytes(StandardCharsets.UTF_8);
                expected.writeBytes(ByteBuffer.allocate(4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(b.length)
                        .array());
                expected.writeBytes(b);
                frameBytes += 4 + b.length;
                if (++inFrame == 1000) {
                    frameSizes.add(frameBytes);
                    inFrame = 0;
                    frameBytes = 0;
                }
            }
        }
        if (inFrame > 0) {
            frameSizes.add(frameBytes);
        }
        try (Arena arena = Arena.ofConfined()) {
            WriteNode node = ZstdEncoder.encode(EncodeTesting.strings(values, true, arena), 3, 1000);
            List<FrameMeta> frames = frames(node);
            assertEquals(frameSizes.size(), frames.size());
            ByteArrayOutputStream payload = new ByteArrayOutputStream();
            for (int i = 0; i < frames.size(); i++) {
                assertEquals((long) frameSizes.get(i), frames.get(i).size());
                assertEquals(
                        i < frames.size() - 1 ? 1000 : inFrame == 0 ? 1000 : inFrame,
                        frames.get(i).values());
                payload.writeBytes(frame(node, i, frames.get(i).size()));
            }
            assertArrayEquals(expected.toByteArray(), payload.toByteArray());
        }
    }

    @Test
    void noValidValuesMeansNoFramesAndOtherArraysAreRefused() {
        WriteNode node = ZstdEncoder.encode(EncodeTesting.ints(PType.U16, new long[100], new boolean[100]), 3, 8192);
        assertEquals(0, node.buffers().size());
        assertEquals(0, node.metadata().length);
        assertNull(ZstdEncoder.encode(EncodeTesting.bools(new boolean[] {true, false}, null), 3, 8192));
    }
}
