package dev.jvortex.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.array.PrimitiveArray;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/// Runs every kernel of [KernelBenchmark] once, outside JMH, on small inputs: each parameter the
/// benchmark declares (read from its `@Param` annotations, so new ones are covered too) must set
/// up, decode to the values it was built from, and decode again to the same values. Keeps
/// `bench/kernels.sh` from rotting; the throughput itself is measured only by JMH.
class KernelBenchmarkSmokeTest {
    private static final int OUT_BYTES = 64 * 1024;

    private static String[] params(Class<?> state, String field) throws ReflectiveOperationException {
        Field f = state.getField(field);
        return f.getAnnotation(Param.class).value();
    }

    @Test
    void everyEncodedInputDecodesToItsValues() throws ReflectiveOperationException {
        KernelBenchmark bench = new KernelBenchmark();
        String[] inputs = params(KernelBenchmark.Encoded.class, "input");
        assertTrue(inputs.length >= 10, "the benchmark declares its inputs");
        for (String input : inputs) {
            KernelBenchmark.Encoded s = new KernelBenchmark.Encoded();
            s.input = input;
            s.outBytes = OUT_BYTES;
            s.setup(); // decodes twice and compares with the values the input was built from
            try {
                KernelInputs.requireSame(input, s.in.expected(), bench.decode(s));
                assertTrue(s.in.encodedBytes() > 0, input);
            } finally {
                s.close();
            }
        }
    }

    @Test
    void everyBitWidthUnpacks() throws ReflectiveOperationException {
        KernelBenchmark bench = new KernelBenchmark();
        for (String w : params(KernelBenchmark.Unpack64.class, "width64")) {
            KernelBenchmark.Unpack64 s = new KernelBenchmark.Unpack64();
            s.width64 = Integer.parseInt(w);
            s.outBytes = OUT_BYTES;
            s.setup(); // packs random values, unpacks and compares
            long[][] first = copy(s.out);
            assertArrayEquals(first, bench.unpack64(s));
        }
        for (String w : params(KernelBenchmark.Unpack32.class, "width32")) {
            KernelBenchmark.Unpack32 s = new KernelBenchmark.Unpack32();
            s.width32 = Integer.parseInt(w);
            s.outBytes = OUT_BYTES;
            s.setup();
            bench.unpack32(s);
            bench.unpack32Words(s);
        }
        for (String w : params(KernelBenchmark.Unpack16.class, "width16")) {
            KernelBenchmark.Unpack16 s = new KernelBenchmark.Unpack16();
            s.width16 = Integer.parseInt(w);
            s.outBytes = OUT_BYTES;
            s.setup();
            bench.unpack16(s);
            bench.unpack16Words(s);
        }
        for (String w : params(KernelBenchmark.Unpack8.class, "width8")) {
            KernelBenchmark.Unpack8 s = new KernelBenchmark.Unpack8();
            s.width8 = Integer.parseInt(w);
            s.outBytes = OUT_BYTES;
            s.setup();
            bench.unpack8(s);
            bench.unpack8Words(s);
        }
    }

    @Test
    void memoryBaselinesCopyAndSum() {
        KernelBenchmark bench = new KernelBenchmark();
        KernelBenchmark.Memory m = new KernelBenchmark.Memory();
        m.outBytes = OUT_BYTES;
        m.setup();
        try {
            long expected = 0;
            for (long i = 0; i < OUT_BYTES / 8; i++) {
                expected += m.src.getAtIndex(PrimitiveArray.LE_LONG, i);
            }
            assertEquals(expected, bench.sum(m));
            bench.memcpy(m);
            assertEquals(-1L, m.src.mismatch(m.dst));
        } finally {
            m.close();
        }
    }

    private static long[][] copy(long[][] a) {
        long[][] out = new long[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
        }
        return out;
    }
}
