package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StringBoundsTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shortValuesAreTheirOwnBounds() {
        assertArrayEquals(utf8("abc"), StringStats.lowerBound(utf8("abc"), true, 4));
        assertArrayEquals(utf8("abc"), StringStats.upperBound(utf8("abc"), true, 4));
    }

    @Test
    void utf8BoundsCutAtCharacterBoundaries() {
        // "aé" + "z": é is two bytes; a 2-byte limit cannot keep half of it.
        assertArrayEquals(utf8("a"), StringStats.lowerBound(utf8("aéz"), true, 2));
        assertArrayEquals(utf8("b"), StringStats.upperBound(utf8("aéz"), true, 2));
        assertArrayEquals(utf8("ab"), StringStats.upperBound(utf8("aaz"), true, 2));
    }

    @Test
    void binaryUpperBoundCarries() {
        assertArrayEquals(new byte[] {1, 3}, StringStats.upperBound(new byte[] {1, 2, (byte) 0xFF, 0}, false, 2));
        assertArrayEquals(new byte[] {2}, StringStats.upperBound(new byte[] {1, (byte) 0xFF, 7}, false, 2));
        assertNull(StringStats.upperBound(new byte[] {(byte) 0xFF, (byte) 0xFF, 1}, false, 2));
    }

    @Test
    void utf8UpperBoundSkipsTheMaximalCharacter() {
        String max = new String(Character.toChars(0x10FFFF));
        assertArrayEquals(utf8("b"), StringStats.upperBound(utf8("a" + max + "x"), true, 5));
    }
}
