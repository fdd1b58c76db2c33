package dev.jvortex.encodings.fsst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/// Symbol-table training, the order the reference requires, and escapes.
class FsstEncoderTest {
    @Test
    void tableIsInTheReferenceOrder() {
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            sample.add(
                    ("https://www.example.com/item/" + i + "?q=" + (i * 7919 % 1000)).getBytes(StandardCharsets.UTF_8));
        }
        FsstSymbolTable table = FsstSymbolTable.train(sample);
        assertTrue(table.size() > 10 && table.size() <= 255, table.toString());
        int previous = 2;
        boolean ones = false;
        for (int k = 0; k < table.size(); k++) {
            int len = table.length(k);
            if (ones) {
                assertEquals(1, len, "one-byte symbols come last: " + table);
            } else if (len == 1) {
                ones = true;
            } else {
                assertTrue(len >= previous, "multi-byte symbols by ascending length: " + table);
                previous = len;
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> FsstSymbolTable.of(new long[] {'a', 'b' | 'c' << 8}, new int[] {1, 2}));
    }

    @Test
    void repeatedTextBecomesLongSymbols() {
        List<byte[]> sample = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sample.add("abababababababababababababababab".getBytes(StandardCharsets.US_ASCII));
        }
        FsstSymbolTable table = FsstSymbolTable.train(sample);
        byte[] in = sample.get(0);
        byte[] out = new byte[2 * in.length];
        int n = table.compress(in, 0, in.length, out, 0);
        assertEquals(4, n, "32 bytes as four 8-byte symbols: " + table);
    }

    @Test
    void unknownBytesAreEscaped() {
        FsstSymbolTable table = FsstSymbolTable.of(new long[] {'x' | 'y' << 8, 'z'}, new int[] {2, 1});
        byte[] in = {'x', 'y', (byte) 0xFF, 'z', 'q'};
        byte[] out = new byte[10];
        int n = table.compress(in, 0, in.length, out, 0);
        assertEquals("00ffff01ff71", java.util.HexFormat.of().formatHex(out, 0, n));
    }

    @Test
    void nothingToCompress() {
        try (Arena arena = Arena.ofConfined()) {
            assertNull(FsstEncoder.encode(
                    EncodeTesting.strings(new String[] {"", null}, true, arena), LightEncoder.PACKED));
            assertNull(FsstEncoder.encode(EncodeTesting.strings(new String[0], false, arena), LightEncoder.PACKED));
        }
    }
}
