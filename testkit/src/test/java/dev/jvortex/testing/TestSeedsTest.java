package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TestSeedsTest {
    @Test
    void seedsDependOnTheNameOnlyAndDiffer() {
        long[] a = TestSeeds.seeds("some test", 5);
        assertArrayEquals(a, TestSeeds.seeds("some test", 5));
        assertEquals(a[0], TestSeeds.seeds("some test", 1)[0]);
        assertNotEquals(a[0], TestSeeds.seeds("other test", 1)[0]);
        assertEquals(5, Arrays.stream(a).distinct().count());
        assertTrue(TestSeeds.describe(a[0]).contains("-Djvortex.seed=" + TestSeeds.hex(TestSeeds.master())));
    }

    @Test
    void parsesDecimalAndHex() {
        assertEquals(42, TestSeeds.parse("42"));
        assertEquals(-7, TestSeeds.parse(" -7 "));
        assertEquals(0xfedcba9876543210L, TestSeeds.parse("0xFEDCBA9876543210"));
        assertEquals("0xfedcba9876543210", TestSeeds.hex(0xfedcba9876543210L));
        assertThrows(IllegalArgumentException.class, () -> TestSeeds.parse("seed"));
    }
}
