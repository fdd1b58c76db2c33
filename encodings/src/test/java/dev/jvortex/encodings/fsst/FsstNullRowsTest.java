package dev.jvortex.encodings.fsst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.encodings.EncodeTesting;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// FSST's training and splitting over arrays with null and empty rows: the table trained on an
/// array with nulls is the one trained on its valid rows alone, and each valid row's codes are
/// the table's compression of its bytes, as a plain per-row loop makes them.
class FsstNullRowsTest {
    @Test
    void nullRowsAreSkippedAndValidRowsCompressAlone() {
        Random random = new Random(5);
        String[] words = {"alpha", "beta", "gamma", "", "a much longer value than twelve bytes", "delta-epsilon"};
        try (Arena arena = Arena.ofConfined()) {
            for (int n : new int[] {1, 70, 3000}) {
                String[] values = new String[n];
                List<String> valid = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    String s = words[random.nextInt(words.length)] + (random.nextBoolean() ? i : "");
                    values[i] = random.nextInt(4) == 0 ? null : s;
                    if (values[i] != null) {
                        valid.add(values[i]);
                    }
                }
                VarBinViewArray withNulls = EncodeTesting.strings(values, true, arena);
                VarBinViewArray validOnly = EncodeTesting.strings(valid.toArray(new String[0]), false, arena);
                FsstSymbolTable table = FsstEncoder.train(withNulls);
                FsstSymbolTable same = FsstEncoder.train(validOnly);
                if (table == null) {
                    assertEquals(null, same);
                    continue;
                }
                FsstEncoder.Parts parts = FsstEncoder.split(withNulls, table);
                FsstEncoder.Parts plain = FsstEncoder.split(validOnly, same);
                assertArrayEquals(plain.codes(), parts.codes(), n + " rows: codes of the valid rows, in order");
                byte[] expected = new byte[parts.codes().length + 16];
                int at = 0;
                for (int i = 0; i < n; i++) {
                    assertEquals(at, parts.offsets().getLong(i), "offset of row " + i);
                    if (values[i] != null) {
                        byte[] row = withNulls.getBytes(i);
                        assertEquals(row.length, parts.lengths().getLong(i), "length of row " + i);
                        at = table.compress(row, 0, row.length, expected, at);
                    } else {
                        assertEquals(0, parts.lengths().getLong(i), "null row " + i);
                    }
                }
                assertEquals(at, parts.offsets().getLong(n));
                assertArrayEquals(java.util.Arrays.copyOf(expected, at), parts.codes());
            }
        }
    }
}
