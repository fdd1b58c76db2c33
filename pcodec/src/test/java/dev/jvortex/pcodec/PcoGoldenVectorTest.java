package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// Every golden vector (real pco 1.0.2 and 0.4.4 output) decodes to exactly its expected bits.
class PcoGoldenVectorTest {
    static Stream<PcoVectors.Vector> vectors() {
        return PcoVectors.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodesBitExactly(PcoVectors.Vector v) {
        byte[] actual = decode(v);
        int width = v.ptype().byteWidth();
        for (int i = 0; i < v.valueCount(); i++) {
            for (int b = 0; b < width; b++) {
                if (actual[i * width + b] != v.values()[i * width + b]) {
                    HexFormat hex = HexFormat.of();
                    fail(v + ": value " + i + " is " + hex.formatHex(actual, i * width, (i + 1) * width) + ", expected "
                            + hex.formatHex(v.values(), i * width, (i + 1) * width));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void parsesModeAndDeltaAsPcoDescribesThem(PcoVectors.Vector v) {
        PcoDecoder pco = PcoDecoder.open(v.header());
        for (PcoVectors.Chunk c : v.chunks()) {
            PcoChunkMeta meta =
                    pco.chunk(v.ptype(), MemorySegment.ofArray(c.meta())).meta();
            String desc = c.desc();
            PcoMode mode = desc.startsWith("Classic")
                    ? PcoMode.CLASSIC
                    : desc.startsWith("IntMult")
                            ? PcoMode.INT_MULT
                            : desc.startsWith("FloatMult")
                                    ? PcoMode.FLOAT_MULT
                                    : desc.startsWith("FloatQuant") ? PcoMode.FLOAT_QUANT : PcoMode.DICT;
            String deltaPart = desc.substring(desc.indexOf('|') + 1).trim();
            PcoDelta delta = deltaPart.startsWith("Consecutive")
                    ? PcoDelta.CONSECUTIVE
                    : deltaPart.startsWith("Lookback")
                            ? PcoDelta.LOOKBACK
                            : deltaPart.startsWith("Conv1") ? PcoDelta.CONV1 : PcoDelta.NONE;
            assertEquals(mode, meta.mode(), desc);
            assertEquals(delta, meta.delta(), desc);
        }
    }

    @Test
    void vectorsCoverEveryModeDeltaAndType() {
        List<PcoVectors.Vector> all = PcoVectors.all();
        assertEquals(103, all.size());
        Set<PcoMode> modes = EnumSet.noneOf(PcoMode.class);
        Set<PcoDelta> deltas = EnumSet.noneOf(PcoDelta.class);
        Set<PcoType> types = EnumSet.noneOf(PcoType.class);
        for (PcoVectors.Vector v : all) {
            types.add(v.ptype());
            PcoDecoder pco = PcoDecoder.open(v.header());
            for (PcoVectors.Chunk c : v.chunks()) {
                PcoChunkMeta meta =
                        pco.chunk(v.ptype(), MemorySegment.ofArray(c.meta())).meta();
                modes.add(meta.mode());
                deltas.add(meta.delta());
            }
        }
        assertEquals(EnumSet.allOf(PcoMode.class), modes);
        assertEquals(EnumSet.allOf(PcoDelta.class), deltas);
        assertEquals(EnumSet.allOf(PcoType.class), types);
    }

    @Test
    void headersNameTheirFormat() {
        PcoDecoder v4 = PcoDecoder.open(new byte[] {4, 1});
        assertEquals(4, v4.major());
        assertEquals(1, v4.minor());
        PcoDecoder v3 = PcoDecoder.open(new byte[] {3});
        assertEquals(3, v3.major());
        assertEquals(0, v3.minor());
        assertTrue(
                PcoVectors.load(PcoVectors.V044).stream().allMatch(v -> v.header().length == 1 && v.header()[0] == 3));
    }

    /// Decodes all pages of all chunks of `v` into one byte array.
    static byte[] decode(PcoVectors.Vector v) {
        int width = v.ptype().byteWidth();
        byte[] out = new byte[v.valueCount() * width];
        MemorySegment seg = MemorySegment.ofArray(out);
        PcoDecoder pco = PcoDecoder.open(v.header());
        long at = 0;
        for (PcoVectors.Chunk c : v.chunks()) {
            PcoChunkDecoder chunk = pco.chunk(v.ptype(), MemorySegment.ofArray(c.meta()));
            for (PcoVectors.Page p : c.pages()) {
                chunk.decodePage(MemorySegment.ofArray(p.bytes()), p.n(), seg, at);
                at += p.n();
            }
        }
        assertEquals(v.valueCount(), at, v + ": page counts");
        return out;
    }
}
