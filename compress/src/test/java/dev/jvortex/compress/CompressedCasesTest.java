package dev.jvortex.compress;

import dev.jvortex.core.array.Array;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.ReferenceDecodesEncodersTest;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Every case of [CompressedCases]: serialized, parsed and decoded by our decoders, and decoded
/// by the reference (the pinned `vortex-data`); both must give exactly the input's rows.
class CompressedCasesTest {
    @TestFactory
    Stream<DynamicTest> roundTrips() {
        return CompressedCases.all().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (Arena arena = Arena.ofConfined()) {
                        Array decoded = EncodeTesting.roundTrip(
                                c.node(), c.input().dtype(), c.input().length(), arena);
                        EncodeTesting.assertSameRows(c.input(), decoded, c.name());
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> referenceDecodesThem() throws IOException, InterruptedException {
        return ReferenceDecodesEncodersTest.referenceDecodes(CompressedCases.all());
    }
}
