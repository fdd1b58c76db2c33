package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/// Serialized arrays decoded by the reference: a batch of arrays goes to
/// `testkit/src/main/python/decode_with_reference.py` in one process (run by [Oracle]), which
/// prints each array's rows as [ArrayRows#render] does, or the reference's error.
public final class ReferenceDecoder {
    /// The script, relative to the repository root.
    public static final String SCRIPT = "testkit/src/main/python/decode_with_reference.py";

    /// Seconds one batch may take.
    private static final long TIMEOUT_SECONDS = 1800;

    private ReferenceDecoder() {}

    /// One serialized array to decode.
    ///
    /// @param name a unique name in the batch (no tab or newline)
    /// @param dtype the array's type (see [#dtypeSpec] for the types the script knows)
    /// @param length the number of rows
    /// @param ids the encoding ids, in the order the serialization numbered them
    /// @param bytes the serialized array
    public record Input(String name, DType dtype, int length, List<String> ids, byte[] bytes) {}

    /// What the reference made of one array.
    ///
    /// @param ok true when it decoded the array
    /// @param text the rows ([ArrayRows#render]) when `ok`, else the reference's error
    public record Output(boolean ok, String text) {
        /// Asserts that the reference decoded the rows of `expected`.
        public void assertRows(Array expected, String what) {
            if (!ok) {
                fail("the reference could not decode " + what + ": " + text);
            }
            ArrayRows.assertSameRendering(ArrayRows.render(expected), text, what + " as the reference decodes it");
        }
    }

    /// Decodes every input with the reference, writing the batch under `workDir`; returns the
    /// output by name (a name with no line in the output is missing from the map). Aborts or
    /// fails the test as [Oracle#python] says when the oracle is unavailable, and fails it when
    /// the script itself fails.
    public static Map<String, Output> decode(List<Input> inputs, Path workDir) {
        Oracle.python();
        try {
            Files.createDirectories(workDir);
            Path batch = workDir.resolve("arrays.txt");
            HexFormat hex = HexFormat.of();
            try (BufferedWriter w = Files.newBufferedWriter(batch, StandardCharsets.UTF_8)) {
                for (Input in : inputs) {
                    if (in.name().indexOf('\t') >= 0 || in.name().indexOf('\n') >= 0) {
                        throw new IllegalArgumentException("array name with a tab or newline: " + in.name());
                    }
                    w.write(in.name() + "\t" + dtypeSpec(in.dtype()) + "\t" + in.length() + "\t"
                            + String.join(",", in.ids()) + "\t" + hex.formatHex(in.bytes()) + "\n");
                }
            }
            Oracle.Result r =
                    Oracle.runScript(SCRIPT, List.of(batch.toAbsolutePath().toString()), workDir, TIMEOUT_SECONDS);
            if (!r.ok()) {
                fail("the reference decoding script failed (" + r.status() + "): " + r.stderr());
            }
            Map<String, Output> out = new HashMap<>();
            for (String line : r.stdout().split("\n")) {
                if (!line.isEmpty()) {
                    String[] parts = line.split("\t", 3);
                    out.put(parts[0], new Output(parts[1].equals("OK"), parts.length > 2 ? parts[2] : ""));
                }
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the reference decoded", e);
        }
    }

    /// Returns true when the script can decode arrays of `dtype` (see [#dtypeSpec]).
    public static boolean supports(DType dtype) {
        try {
            dtypeSpec(dtype);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /// Returns the script's name for a flat type, e.g. `i32?`, a timestamp, e.g. `timestamp:ms?`
    /// or `timestamp:us:UTC` (unit `s`, `ms`, `us` or `ns`, then the zone if any), or a decimal,
    /// e.g. `decimal:10:2`.
    ///
    /// @throws IllegalArgumentException for a type the script does not know
    public static String dtypeSpec(DType dtype) {
        String base = switch (dtype) {
            case DType.Extension e
            when "vortex.timestamp".equals(e.id()) && e.metadata().length >= 3 -> {
                String unit = switch (e.metadata()[0]) {
                    case 0 -> "ns";
                    case 1 -> "us";
                    case 2 -> "ms";
                    case 3 -> "s";
                    default -> throw new IllegalArgumentException("no spec for " + dtype);
                };
                int zoneLength = (e.metadata()[1] & 0xFF) | (e.metadata()[2] & 0xFF) << 8;
                yield "timestamp:" + unit
                        + (zoneLength == 0
                                ? ""
                                : ":" + new String(e.metadata(), 3, zoneLength, StandardCharsets.UTF_8));
            }
            case DType.Primitive p -> p.ptype().shortName();
            case DType.Bool b -> "bool";
            case DType.Utf8 u -> "utf8";
            case DType.Binary b -> "binary";
            case DType.Decimal d -> "decimal:" + d.precision() + ":" + d.scale();
            default -> throw new IllegalArgumentException("no spec for " + dtype);
        };
        return dtype.nullable() ? base + "?" : base;
    }
}
