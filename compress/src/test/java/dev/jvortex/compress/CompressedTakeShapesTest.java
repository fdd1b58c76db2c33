package dev.jvortex.compress;

import dev.jvortex.encodings.TakingShapesTest;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// The take shapes of the encodings module ([TakingShapesTest]) with their integer columns and
/// the timestamp written by the cascading compressor (every scheme): each take must agree with
/// the whole decode, and no node may be decoded whole.
class CompressedTakeShapesTest {
    @TestFactory
    Stream<DynamicTest> shapes() {
        return TakingShapesTest.tests(TakingShapesTest.shapes(Compressor.FULL::compress));
    }
}
