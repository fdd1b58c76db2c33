package dev.jvortex.compress;

import static dev.jvortex.encodings.EncodeTesting.ints;
import static dev.jvortex.encodings.EncodeTesting.randomValidity;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.encodings.EncoderCases;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/// The compressor's output as encoder cases (the shape of [EncoderCases], whose round trip and
/// reference decode [CompressedCasesTest] runs): the flat inputs of [CompressorTest] up to 5000
/// rows, held readings that the compressor writes as RLE, and timestamps through the temporal
/// scheme. All from fixed seeds.
final class CompressedCases {
    private CompressedCases() {}

    /// Returns every case.
    static List<EncoderCases.Case> all() {
        List<EncoderCases.Case> out = new ArrayList<>();
        Arena arena = Arena.ofAuto();
        flat(out, arena);
        heldReadings(out, new Random(20261130L));
        timestamps(out, new Random(20261202L));
        return out;
    }

    /// The cascading compressor's output (every scheme) for the flat inputs of [CompressorTest].
    private static void flat(List<EncoderCases.Case> out, Arena arena) {
        for (CompressorTest.Case c : CompressorTest.cases(arena)) {
            Array a = c.input();
            boolean flat = a instanceof PrimitiveArray || a instanceof BoolArray || a instanceof VarBinViewArray;
            if (flat && a.length() <= 5000 && a.length() != 0) {
                out.add(new EncoderCases.Case("compressed " + c.name(), a, Compressor.FULL.compress(a)));
            }
        }
    }

    /// Held readings with nulls: the cascading compressor picks RLE (children compressed too).
    private static void heldReadings(List<EncoderCases.Case> out, Random random) {
        long[] held = new long[5000];
        for (int i = 0, run = 0; i < held.length; i++, run--) {
            if (run <= 0) {
                run = 1 + random.nextInt(12);
                held[i] = random.nextInt(1 << 24);
            } else {
                held[i] = held[i - 1];
            }
        }
        for (PType ptype : new PType[] {PType.U32, PType.I64}) {
            PrimitiveArray h = ints(ptype, held, randomValidity(random, held.length, 0.1));
            out.add(new EncoderCases.Case("compressed rle/held/" + ptype.shortName(), h, Compressor.FULL.compress(h)));
        }
    }

    /// Timestamps of every unit through the temporal scheme (datetime parts or the storage, the
    /// smaller): whole days with a zone, and values before and after 1970 with a zone and nulls.
    /// The values are those of the encoder catalogue's `datetimeparts` cases (same seed and draws).
    private static void timestamps(List<EncoderCases.Case> out, Random random) {
        String[] units = {"ns", "us", "ms", "s"};
        long[] perSecond = {1_000_000_000L, 1_000_000L, 1_000L, 1L};
        for (int unit = 0; unit < 4; unit++) {
            for (int len : new int[] {0, 1, 1023, 1024, 1025, 20_000}) {
                long[] anywhere = new long[len];
                long[] days = new long[len];
                for (int i = 0; i < len; i++) {
                    random.nextInt(1000); // the catalogue's event times
                    anywhere[i] = random.nextLong(-8_000_000_000L, 8_000_000_000L) * perSecond[unit]
                            + (perSecond[unit] == 1 ? 0 : random.nextLong(perSecond[unit]));
                    days[i] = (random.nextInt(40_000) - 10_000) * 86_400L * perSecond[unit];
                }
                String n = "datetimeparts/" + units[unit] + "/len" + len;
                ExtensionArray b = timestamp(unit, "Europe/Amsterdam", anywhere, randomValidity(random, len, 0.2));
                ExtensionArray c = timestamp(unit, "UTC", days, null);
                if (len > 1) {
                    out.add(new EncoderCases.Case(n + "/days/compressed", c, Compressor.FULL.compress(c)));
                    out.add(new EncoderCases.Case(n + "/anywhere/compressed", b, Compressor.DATA.compress(b)));
                }
            }
        }
    }

    private static ExtensionArray timestamp(int unit, String zone, long[] values, boolean[] valid) {
        byte[] tz = zone == null ? new byte[0] : zone.getBytes(StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        meta[2] = (byte) (tz.length >>> 8);
        System.arraycopy(tz, 0, meta, 3, tz.length);
        DType.Extension dtype =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, valid != null), meta);
        return new ExtensionArray(dtype, ints(PType.I64, values, valid));
    }
}
