package dev.jvortex.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/// The public API as a user meets it: the README example, segments in and out, dictionaries, the
/// frame content size query and the argument checks.
class ZstdApiTest {
    /// The example of `zstd/README.md`, as written there.
    @Test
    void readmeExample() {
        byte[] data = "to be or not to be, that is the question. ".repeat(1000).getBytes(StandardCharsets.UTF_8);
        ZstdCompressor compressor = new ZstdCompressor();
        byte[] frame = compressor.compress(data);

        ZstdDecompressor decompressor = new ZstdDecompressor();
        long size = ZstdDecompressor.frameContentSize(frame); // 42000, from the frame header
        byte[] back = decompressor.decompress(frame, (int) size);

        assertEquals(42_000, size);
        assertArrayEquals(data, back);
        assertEquals(true, frame.length < 200, "frame of " + frame.length + " bytes");
    }

    @Test
    void segmentsInAndOut() {
        byte[] data = new byte[300_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 / 1000);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(data.length + 100L);
            MemorySegment.copy(data, 0, src, ValueLayout.JAVA_BYTE, 50, data.length);
            byte[] frame = new ZstdCompressor().compress(src.asSlice(50, data.length));
            MemorySegment in = arena.allocate(frame.length);
            MemorySegment.copy(frame, 0, in, ValueLayout.JAVA_BYTE, 0, frame.length);
            MemorySegment dst = arena.allocate(data.length);
            assertEquals(data.length, new ZstdDecompressor().decompress(in, dst));
            assertArrayEquals(data, dst.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(data.length, ZstdDecompressor.frameContentSize(in));
            MemorySegment small = arena.allocate(data.length - 1);
            assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(in, small));
        }
    }

    @Test
    void gatheringSeveralFrames() {
        ZstdCompressor c = new ZstdCompressor();
        byte[] a = c.compress("first ".repeat(100).getBytes(StandardCharsets.UTF_8));
        byte[] b = c.compress("second ".repeat(100).getBytes(StandardCharsets.UTF_8));
        ZstdDecompressor d = new ZstdDecompressor();
        d.clearOutput();
        assertEquals(600, d.append(MemorySegment.ofArray(a), 1000));
        assertEquals(700, d.append(MemorySegment.ofArray(b), 1000));
        assertEquals(1300, d.outputSize());
        String all = new String(d.output(), 0, d.outputSize(), StandardCharsets.UTF_8);
        assertEquals("first ".repeat(100) + "second ".repeat(100), all);
    }

    @Test
    void dictionaries() {
        ZstdFixtures.Entry e = ZstdFixtures.entry("dict-trained-l3.zst");
        ZstdDictionary dictionary = e.dictionary();
        byte[] out = new ZstdDecompressor(dictionary).decompress(e.frame(), e.length());
        assertEquals(true, e.matches(out));
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(e.frame(), e.length()));
    }

    @Test
    void frameContentSize() {
        assertEquals(0, ZstdDecompressor.frameContentSize(new ZstdCompressor().compress(new byte[0])));
        assertEquals(300, ZstdDecompressor.frameContentSize(new ZstdCompressor().compress(new byte[300])));
        assertEquals(70_000, ZstdDecompressor.frameContentSize(new ZstdCompressor().compress(new byte[70_000])));
        assertEquals(3_000_000, ZstdDecompressor.frameContentSize(new ZstdCompressor().compress(new byte[3_000_000])));
        for (ZstdFixtures.Entry e : ZstdFixtures.manifest()) {
            long size = ZstdDecompressor.frameContentSize(e.frame());
            if (size != -1) {
                assertEquals(true, size <= e.length(), e.name() + " declares " + size);
            }
        }
        assertEquals(
                -1,
                ZstdDecompressor.frameContentSize(
                        ZstdFixtures.entry("text-l19-nosize.zst").frame()));
        // A skippable frame, then a frame of 5 bytes.
        byte[] frame = new ZstdCompressor().compress(new byte[5]);
        byte[] skip = new byte[8 + 3 + frame.length];
        skip[0] = 0x50;
        skip[1] = 0x2A;
        skip[2] = 0x4D;
        skip[3] = 0x18;
        skip[4] = 3;
        System.arraycopy(frame, 0, skip, 11, frame.length);
        assertEquals(5, ZstdDecompressor.frameContentSize(skip));
        assertThrows(ZstdException.class, () -> ZstdDecompressor.frameContentSize(new byte[] {1, 2, 3, 4, 5}));
        assertThrows(ZstdException.class, () -> ZstdDecompressor.frameContentSize(new byte[] {0x28, (byte) 0xB5}));
    }

    @Test
    void argumentChecks() {
        ZstdCompressor c = new ZstdCompressor();
        assertThrows(IllegalArgumentException.class, () -> c.compress(new byte[10], 5, 6));
        assertThrows(ZstdException.class, () -> new ZstdDecompressor().decompress(new byte[0], 10));
    }
}
