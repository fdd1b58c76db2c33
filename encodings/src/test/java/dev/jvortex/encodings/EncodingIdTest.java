package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import java.lang.foreign.Arena;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/// [EncodingId]: every id the reference writes has a decoder or is marked as not decoded, ids
/// round-trip through [EncodingId#parse], and an unknown id is kept and reported clearly.
class EncodingIdTest {
    @Test
    void everyIdHasADecoderUnlessMarkedOtherwise() {
        for (EncodingId id : EncodingId.values()) {
            if (id.decodable()) {
                assertNotNull(EncodingRegistry.decoder(id), id + " is marked decodable but has no decoder");
                assertNotNull(EncodingRegistry.decoder(id.id()), id.id());
            } else {
                assertNull(EncodingRegistry.decoder(id), id + " is marked not decodable but has a decoder");
            }
        }
        assertFalse(EncodingId.VARIANT.decodable());
    }

    @Test
    void parseRoundTripsAndIdsAreDistinct() {
        Set<String> seen = new HashSet<>();
        for (EncodingId id : EncodingId.values()) {
            assertSame(id, EncodingId.parse(id.id()));
            assertTrue(id.is(id.id()));
            assertTrue(seen.add(id.id()), "duplicate id " + id.id());
        }
        assertEquals(List.copyOf(seen).size(), EncodingRegistry.KNOWN_IDS.size());
        assertTrue(seen.containsAll(EncodingRegistry.KNOWN_IDS));
    }

    @Test
    void supportedListsTheDecodableIds() {
        Set<String> expected = new TreeSet<>();
        for (EncodingId id : EncodingId.values()) {
            if (id.decodable()) {
                expected.add(id.id());
            }
        }
        assertEquals(expected, EncodingRegistry.supported());
        assertFalse(EncodingRegistry.supported().contains("vortex.variant"));
    }

    @Test
    void unknownIdsAreKeptAsWritten() {
        ParsedEncodingId parsed = EncodingId.parse("vortex.teleport");
        ParsedEncodingId.Unknown unknown = assertInstanceOf(ParsedEncodingId.Unknown.class, parsed);
        assertEquals("vortex.teleport", unknown.id());
        assertNull(EncodingRegistry.decoder("vortex.teleport"));
        assertInstanceOf(ParsedEncodingId.Unknown.class, EncodingId.parse(""));
    }

    @Test
    void decodingAnUnknownOrUnreadEncodingIsUnsupported() {
        DType type = new DType.Primitive(PType.I32, false);
        for (String id : List.of("vortex.teleport", EncodingId.VARIANT.id())) {
            TestNode node = TestNode.of(id, new byte[0], List.of());
            try (Arena arena = Arena.ofConfined()) {
                VortexException decode =
                        assertThrows(VortexException.class, () -> Decoding.decodeRoot(node, type, 3, arena));
                assertEquals(VortexException.Kind.UNSUPPORTED, decode.kind(), decode.getMessage());
                assertEquals("test node " + id + ": array encoding '" + id + "' is not supported", decode.getMessage());
                VortexException take =
                        assertThrows(VortexException.class, () -> Taking.take(node, type, 3, new int[] {0, 2}, arena));
                assertEquals(VortexException.Kind.UNSUPPORTED, take.kind(), take.getMessage());
                assertTrue(
                        take.getMessage().contains("array encoding '" + id + "' is not supported"), take.getMessage());
            }
        }
    }

    @Test
    void takeKernelsExistOnlyForKnownIds() {
        // Every constant is handled by the (exhaustive) switch; the ones without a kernel decode whole.
        for (EncodingId id : EncodingId.values()) {
            TakeKernel kernel = Taking.kernel(id);
            if (id == EncodingId.ZSTD_BUFFERS || id == EncodingId.VARIANT) {
                assertNull(kernel, id.id());
            } else {
                assertNotNull(kernel, id.id());
            }
        }
    }
}
