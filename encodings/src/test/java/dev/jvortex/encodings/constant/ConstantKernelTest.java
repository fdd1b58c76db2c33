package dev.jvortex.encodings.constant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.encodings.KernelInputs;
import dev.jvortex.encodings.KernelInputs.Input;
import org.junit.jupiter.api.Test;

/// The blockwise constant test of [ConstantEncoder] against a plain loop over the rows.
class ConstantKernelTest {
    @Test
    void sameValidValuesMatchesAPlainLoop() {
        int tried = 0;
        for (Input in : KernelInputs.all()) {
            int first = -1;
            for (int i = 0; i < in.values().length && first < 0; i++) {
                if (KernelInputs.valid(in, i)) {
                    first = i;
                }
            }
            if (first < 0) {
                continue;
            }
            boolean expected = true;
            for (int i = first + 1; i < in.values().length; i++) {
                if (KernelInputs.valid(in, i) && in.values()[i] != in.values()[first]) {
                    expected = false;
                }
            }
            assertEquals(expected, ConstantEncoder.sameValidValues(in.array(), first), in.name());
            assertEquals(expected, ConstantEncoder.encode(in.array()) != null, in.name());
            tried++;
        }
        assertTrue(tried > 1000, "inputs tried: " + tried);
    }
}
