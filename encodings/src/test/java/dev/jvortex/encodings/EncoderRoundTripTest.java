package dev.jvortex.encodings;

import dev.jvortex.core.array.Array;
import java.lang.foreign.Arena;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Every case of [EncoderCases]: serialized, parsed and decoded by this module's decoders, the
/// rows must equal the input's (validity, and values bit for bit at valid rows).
class EncoderRoundTripTest {
    @TestFactory
    Stream<DynamicTest> roundTrips() {
        return EncoderCases.all().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (Arena arena = Arena.ofConfined()) {
                        Array decoded = EncodeTesting.roundTrip(
                                c.node(), c.input().dtype(), c.input().length(), arena);
                        EncodeTesting.assertSameRows(c.input(), decoded, c.name());
                    }
                }));
    }
}
