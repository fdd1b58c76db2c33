package dev.jvortex.encodings.runend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.encodings.KernelInputs;
import dev.jvortex.encodings.KernelInputs.Input;
import org.junit.jupiter.api.Test;

/// [RunEndEncoder#runCount] (branch-free when every row is valid) against a plain loop, and
/// against the runs [RunEndEncoder#split] finds.
class RunCountKernelTest {
    @Test
    void runCountMatchesAPlainLoop() {
        for (Input in : KernelInputs.all()) {
            long[] v = in.values();
            int expected = v.length == 0 ? 0 : 1;
            for (int i = 1; i < v.length; i++) {
                boolean prev = KernelInputs.valid(in, i - 1);
                boolean cur = KernelInputs.valid(in, i);
                if (prev != cur || cur && v[i] != v[i - 1]) {
                    expected++;
                }
            }
            assertEquals(expected, RunEndEncoder.runCount(in.array()), in.name());
            if (v.length > 0) {
                assertEquals(expected, RunEndEncoder.split(in.array()).ends().length(), in.name());
            }
            if (v.length > 0 && in.valid() == null) {
                assertEquals(expected, RunEndEncoder.primitiveRunCount(in.array()), in.name());
            }
        }
    }
}
