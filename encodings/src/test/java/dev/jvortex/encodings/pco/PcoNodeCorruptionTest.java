package dev.jvortex.encodings.pco;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestNode;
import dev.jvortex.pcodec.PcoVectors;
import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Damaged `vortex.pco` node metadata ends in a [VortexException] (or, for damage that happens
/// to leave valid metadata, in a clean decode), never in another exception or a hang. Damaged pco
/// data itself is tested in the pcodec module (`PcoCorruptionTest`).
class PcoNodeCorruptionTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /// Runs `action`; a [VortexException] or success is fine, anything else fails the test.
    private static void cleanly(String what, Runnable action) {
        try {
            action.run();
        } catch (VortexException e) {
            // expected for most damage
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t, t);
        }
    }

    /// Flips one random bit, or (one time in four) overwrites a random byte.
    private static void flip(byte[] bytes, Random random) {
        if (bytes.length == 0) {
            return;
        }
        int at = random.nextInt(bytes.length);
        if (random.nextInt(4) == 0) {
            bytes[at] = (byte) random.nextInt(256);
        } else {
            bytes[at] ^= (byte) (1 << random.nextInt(8));
        }
    }

    @Test
    void damagedNodeMetadataFailsCleanly() {
        Random random = new Random(7);
        List<PcoVectors.Vector> sample = new ArrayList<>();
        for (String name : List.of("i64_multichunk", "f32_nan_mix", "u32_dict", "i32_small_chunks")) {
            sample.add(PcoVectors.named(PcoVectors.V102, name));
        }
        assertTimeoutPreemptively(LIMIT, () -> {
            for (PcoVectors.Vector v : sample) {
                TestNode node = PcoArrayDecoderTest.node(v);
                byte[] metadata = node.metadata();
                for (int k = 0; k < 100; k++) {
                    byte[] damaged =
                            k % 3 == 0 ? Arrays.copyOf(metadata, random.nextInt(metadata.length)) : metadata.clone();
                    if (k % 3 != 0) {
                        flip(damaged, random);
                    }
                    TestNode bad = TestNode.of("vortex.pco", damaged, node.buffers());
                    cleanly(v + " metadata damage " + k, () -> {
                        try (Arena arena = Arena.ofConfined()) {
                            Decoding.decodeRoot(
                                    bad,
                                    new DType.Primitive(PType.valueOf(v.ptype().name()), false),
                                    v.valueCount(),
                                    arena);
                        }
                    });
                }
            }
        });
    }
}
