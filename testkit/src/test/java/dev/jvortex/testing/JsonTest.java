package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void readsEveryKindOfValueKeepingKeyOrderAndNumberText() {
        Map<String, Object> m = Json.parseObject(
                " {\"b\": [1, -2.50, 1e400, true, false, null], \"a\": \"x\\n\\u00e9\\\"\", \"c\": {}} ");
        assertEquals(List.of("b", "a", "c"), List.copyOf(m.keySet()));
        List<?> b = (List<?>) m.get("b");
        assertEquals(1L, ((Json.Num) b.get(0)).longValue());
        assertEquals(new BigDecimal("-2.50"), ((Json.Num) b.get(1)).decimal());
        assertEquals("1e400", ((Json.Num) b.get(2)).text());
        assertEquals(Boolean.TRUE, b.get(3));
        assertEquals(Boolean.FALSE, b.get(4));
        assertNull(b.get(5));
        assertEquals("x\n\u00e9\"", m.get("a"));
        assertEquals(Map.of(), m.get("c"));
        assertEquals(List.of(), Json.parse("[]"));
        assertEquals(Long.MIN_VALUE, ((Json.Num) Json.parse("-9223372036854775808")).longValue());
    }

    @Test
    void rejectsWhatIsNotOneValue() {
        for (String bad :
                new String[] {"", "{", "[1,", "{\"a\" 1}", "[1] 2", "tru", "\"abc", "\"\\u12\"", "{} {}", "@"}) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> Json.parseObject("[1]"));
        assertThrows(ArithmeticException.class, () -> ((Json.Num) Json.parse("1.5")).longValue());
    }
}
