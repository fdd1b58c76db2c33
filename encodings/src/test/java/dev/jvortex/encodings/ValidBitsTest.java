package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/// [ValidBits] reads a validity bitmap into words that answer as the bitmap does, row by row,
/// for every length around word and byte boundaries, and masks the rows past the length.
class ValidBitsTest {
    @Test
    void wordsAnswerAsTheBitmapForEveryLength() {
        SplittableRandom random = new SplittableRandom(7);
        for (int len = 0; len <= 200; len++) {
            byte[] raw = new byte[(len + 7) / 8 + 3];
            random.nextBytes(raw);
            // a bitmap on the heap, and the same bits one byte into a larger segment (unaligned)
            byte[] shifted = new byte[raw.length + 1];
            System.arraycopy(raw, 0, shifted, 1, raw.length);
            for (MemorySegment bits : new MemorySegment[] {
                MemorySegment.ofArray(raw), MemorySegment.ofArray(shifted).asSlice(1)
            }) {
                Validity v = Validity.ofBits(bits);
                long[] words = ValidBits.words(v, len);
                assertEquals((len + 63) / 64, words.length, "words for " + len + " rows");
                for (int i = 0; i < len; i++) {
                    // the bitmap's own rule: bit i % 8 of byte i / 8
                    boolean expected = (raw[i >>> 3] >> (i & 7) & 1) != 0;
                    assertEquals(expected, ValidBits.get(words, i), "row " + i + " of " + len);
                }
                if ((len & 63) != 0) {
                    assertEquals(0, words[words.length - 1] >>> (len & 63), "rows past " + len + " are clear");
                }
            }
        }
    }

    @Test
    void allValidIsNoWordsAndAllInvalidIsZeros() {
        assertNull(ValidBits.words(Validity.ALL_VALID, 100));
        assertTrue(ValidBits.get(null, 99));
        long[] none = ValidBits.words(Validity.allInvalid(), 100);
        assertEquals(2, none.length);
        for (int i = 0; i < 100; i++) {
            assertFalse(ValidBits.get(none, i));
        }
    }

    @Test
    void aBitmapAtAnOddOffsetOfANativeSegment() {
        byte[] raw = {(byte) 0b1010_0101, (byte) 0xFF, 0x01, (byte) 0x80, 0x7F, 0x00, 0x55, (byte) 0xAA, 0x0F};
        MemorySegment big = MemorySegment.ofArray(new byte[raw.length + 1]);
        MemorySegment bits = big.asSlice(1);
        MemorySegment.copy(MemorySegment.ofArray(raw), 0, bits, 0, raw.length);
        long[] words = ValidBits.words(Validity.ofBits(bits), 70);
        for (int i = 0; i < 70; i++) {
            assertEquals((raw[i >>> 3] >> (i & 7) & 1) != 0, ValidBits.get(words, i), "row " + i);
        }
    }
}
