package dev.jvortex.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Round trips of [ZstdCompressor] through our [ZstdDecompressor], and, when the `zstd` command
/// line tool (libzstd) is installed, decoding of our frames by libzstd and a size comparison
/// with its level 3.
class ZstdCompressorTest {
    private static byte[] roundTrip(ZstdCompressor c, byte[] input) {
        byte[] frame = c.compress(input, 0, input.length);
        assertTrue(frame.length <= ZstdCompressor.maxCompressedSize(input.length), "frame exceeds the bound");
        byte[] back = new ZstdDecompressor().decompress(frame, input.length);
        assertArrayEquals(input, back);
        return frame;
    }

    // ---------------------------------------------------------------- inputs

    /// Pseudo-English: words from a Zipf-like vocabulary, with punctuation and line breaks.
    static byte[] text(Random r, int size) {
        String[] vocabulary = new String[3000];
        for (int i = 0; i < vocabulary.length; i++) {
            int len = 1 + r.nextInt(3) + r.nextInt(8);
            StringBuilder w = new StringBuilder();
            for (int k = 0; k < len; k++) {
                w.append((char) ('a' + (int) (26 * Math.pow(r.nextDouble(), 1.7))));
            }
            vocabulary[i] = w.toString();
        }
        StringBuilder sb = new StringBuilder(size + 32);
        int sentence = 0;
        while (sb.length() < size) {
            int i = (int) (vocabulary.length * Math.pow(r.nextDouble(), 3));
            String w = vocabulary[i];
            sb.append(sentence == 0 ? Character.toUpperCase(w.charAt(0)) + w.substring(1) : w);
            if (++sentence > 4 + r.nextInt(12)) {
                sb.append(r.nextInt(5) == 0 ? ".\n" : ". ");
                sentence = 0;
            } else {
                sb.append(r.nextInt(10) == 0 ? ", " : " ");
            }
        }
        return Arrays.copyOf(sb.toString().getBytes(StandardCharsets.US_ASCII), size);
    }

    /// Little-endian i64 timestamps with small random steps.
    static byte[] timestamps(Random r, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        long v = 1_700_000_000_000L;
        for (int i = 0; i < count; i++) {
            v += r.nextInt(1000);
            b.putLong(v);
        }
        return b.array();
    }

    /// Little-endian f64 prices with two decimals.
    static byte[] prices(Random r, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            b.putDouble(Math.round(r.nextDouble() * 50_000) / 100.0);
        }
        return b.array();
    }

    /// Little-endian i32 values below 1000.
    static byte[] smallInts(Random r, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            b.putInt(r.nextInt(1000));
        }
        return b.array();
    }

    /// A `vortex.zstd` string payload: u32 length + bytes per value (e-mail-like values).
    static byte[] lengthPrefixed(Random r, int count) {
        String[] domains = {"gmail.com", "example.org", "mail.corp.net", "yahoo.co.uk"};
        byte[] words = text(r, 40_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < count; i++) {
            int from = r.nextInt(words.length - 20);
            String s = new String(words, from, 3 + r.nextInt(12), StandardCharsets.US_ASCII)
                            .replace(' ', '.')
                            .replace('\n', '_')
                    + r.nextInt(100) + "@" + domains[r.nextInt(domains.length)];
            byte[] v = s.getBytes(StandardCharsets.US_ASCII);
            out.writeBytes(ByteBuffer.allocate(4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(v.length)
                    .array());
            out.writeBytes(v);
        }
        return out.toByteArray();
    }

    static byte[] random(Random r, int size) {
        byte[] b = new byte[size];
        r.nextBytes(b);
        return b;
    }

    /// One of several shapes, chosen at random: small alphabets, copies of earlier stretches at
    /// random distances, runs, noise, text, numbers.
    static byte[] randomShape(Random r, int size) {
        byte[] b = new byte[size];
        switch (r.nextInt(8)) {
            case 0 -> r.nextBytes(b);
            case 1 -> {
                int alphabet = 1 + r.nextInt(r.nextBoolean() ? 4 : 200);
                for (int i = 0; i < size; i++) {
                    b[i] = (byte) r.nextInt(alphabet);
                }
            }
            case 2 -> {
                // Copies of earlier data at random distances (including overlapping ones), with noise between.
                int i = 0;
                while (i < size) {
                    if (i > 0 && r.nextInt(3) != 0) {
                        int dist = 1 + r.nextInt(Math.min(i, r.nextBoolean() ? 16 : 70_000));
                        int len = Math.min(size - i, 1 + r.nextInt(r.nextBoolean() ? 8 : 300));
                        for (int k = 0; k < len; k++, i++) {
                            b[i] = b[i - dist];
                        }
                    } else {
                        int len = Math.min(size - i, 1 + r.nextInt(20));
                        for (int k = 0; k < len; k++) {
                            b[i++] = (byte) r.nextInt(256);
                        }
                    }
                }
            }
            case 3 -> {
                int i = 0;
                while (i < size) {
                    byte v = (byte) r.nextInt(4);
                    int len = Math.min(size - i, 1 + r.nextInt(r.nextBoolean() ? 5 : 5000));
                    Arrays.fill(b, i, i + len, v);
                    i += len;
                }
            }
            case 4 -> {
                byte[] t = text(r, size);
                System.arraycopy(t, 0, b, 0, size);
            }
            case 5 -> {
                byte[] t = timestamps(r, size / 8 + 1);
                System.arraycopy(t, 0, b, 0, size);
            }
            case 6 -> {
                // A short period repeated, with rare flips.
                int period = 1 + r.nextInt(40);
                byte[] unit = random(r, period);
                for (int i = 0; i < size; i++) {
                    b[i] = r.nextInt(500) == 0 ? (byte) r.nextInt(256) : unit[i % period];
                }
            }
            default -> {
                byte[] t = lengthPrefixed(r, size / 20 + 1);
                System.arraycopy(t, 0, b, 0, Math.min(size, t.length));
            }
        }
        return b;
    }

    // ---------------------------------------------------------------- round trips

    @Test
    void emptyAndTinyInputs() {
        ZstdCompressor c = new ZstdCompressor();
        byte[] empty = roundTrip(c, new byte[0]);
        // Magic, descriptor, 1-byte content size, one empty raw block.
        assertEquals(4 + 1 + 1 + 3, empty.length);
        for (int n = 1; n <= 40; n++) {
            roundTrip(c, random(new Random(n), n));
            byte[] same = new byte[n];
            Arrays.fill(same, (byte) 'x');
            roundTrip(c, same);
        }
    }

    @Test
    void compressesRepetitiveAndTypicalInputs() {
        ZstdCompressor c = new ZstdCompressor();
        Random r = new Random(1);
        byte[] zeros = new byte[1 << 20];
        assertTrue(roundTrip(c, zeros).length < 100, "1 MiB of zeros");
        byte[] pattern = new byte[300_000];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i % 7 * 31);
        }
        assertTrue(roundTrip(c, pattern).length < 200, "period-7 pattern");
        byte[] text = text(r, 500_000);
        assertTrue(roundTrip(c, text).length < text.length / 2, "text");
        byte[] ts = timestamps(r, 100_000);
        assertTrue(roundTrip(c, ts).length < ts.length / 2, "timestamps");
        byte[] noise = random(r, 300_000);
        // Incompressible: stored raw, only headers added.
        assertTrue(roundTrip(c, noise).length <= noise.length + 4 + 2 + 4 + 3 * 3, "random");
    }

    @Test
    void blockAndWindowBoundaries() {
        ZstdCompressor c = new ZstdCompressor();
        Random r = new Random(2);
        int block = ZstdCompressor.MAX_BLOCK;
        for (int size : new int[] {
            255,
            256,
            257,
            65_791,
            65_792,
            block - 1,
            block,
            block + 1,
            2 * block + 3,
            (1 << 21) - 1,
            1 << 21,
            (1 << 21) + 1
        }) {
            roundTrip(c, randomShape(r, size));
            roundTrip(c, text(r, size));
        }
        // Several MiB: frames past the 2 MiB window declare it, and matches stay inside it.
        byte[] big = new byte[5 << 20];
        byte[] unit = text(r, 1 << 20);
        for (int i = 0; i < 5; i++) {
            System.arraycopy(unit, 0, big, i << 20, 1 << 20);
        }
        for (int i = 0; i < big.length; i += 4096) {
            big[i] ^= 1;
        }
        byte[] frame = roundTrip(c, big);
        assertEquals(0, frame[4] & 0x20, "not single-segment");
        roundTrip(c, timestamps(r, 700_000));
    }

    @Test
    void thousandsOfRandomInputs() {
        ZstdCompressor c = new ZstdCompressor();
        Random r = new Random(3);
        for (int i = 0; i < 3000; i++) {
            int size = switch (r.nextInt(4)) {
                case 0 -> r.nextInt(64);
                case 1 -> r.nextInt(2000);
                case 2 -> r.nextInt(40_000);
                default -> r.nextInt(300_000);
            };
            byte[] input = randomShape(r, size);
            byte[] frame = c.compress(input, 0, input.length);
            byte[] back = new ZstdDecompressor().decompress(frame, input.length);
            if (!Arrays.equals(input, back)) {
                throw new AssertionError("case " + i + " of " + size + " bytes does not round-trip");
            }
        }
    }

    @Test
    void rangesAndSegments() {
        ZstdCompressor c = new ZstdCompressor();
        byte[] data = text(new Random(4), 10_000);
        byte[] frame = c.compress(data, 1234, 5000);
        assertArrayEquals(Arrays.copyOfRange(data, 1234, 6234), new ZstdDecompressor().decompress(frame, 5000));
        byte[] viaSegment = c.compress(MemorySegment.ofArray(data).asSlice(1234, 5000));
        assertArrayEquals(frame, viaSegment);
        assertThrows(IllegalArgumentException.class, () -> c.compress(data, 9000, 2000));
        assertThrows(IllegalArgumentException.class, () -> c.compress(data, -1, 10));
    }

    // ---------------------------------------------------------------- libzstd

    private static boolean haveZstdTool() {
        try {
            Process p = new ProcessBuilder("zstd", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static byte[] run(Path stdin, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectInput(stdin.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "zstd timed out");
        assertEquals(0, p.exitValue(), "zstd " + String.join(" ", command) + " failed");
        return out;
    }

    @Test
    void libzstdDecodesOurFrames(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(haveZstdTool(), "the zstd command line tool is not installed");
        ZstdCompressor c = new ZstdCompressor();
        Random r = new Random(5);
        // libzstd decodes concatenated frames into the concatenation of their contents.
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        List<byte[]> inputs = new ArrayList<>();
        inputs.add(new byte[0]);
        inputs.add(new byte[] {42});
        inputs.add(new byte[1 << 20]);
        inputs.add(text(r, 3 << 20));
        inputs.add(timestamps(r, 400_000));
        for (int i = 0; i < 400; i++) {
            inputs.add(randomShape(r, r.nextInt(r.nextBoolean() ? 3000 : 300_000)));
        }
        for (byte[] input : inputs) {
            frames.writeBytes(c.compress(input, 0, input.length));
            expected.writeBytes(input);
        }
        Path in = dir.resolve("frames.zst");
        Files.write(in, frames.toByteArray());
        byte[] decoded = run(in, "zstd", "-d", "-c", "-q");
        assertArrayEquals(expected.toByteArray(), decoded);
    }

    @Test
    void sizesCloseToLibzstdLevel3(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(haveZstdTool(), "the zstd command line tool is not installed");
        Random r = new Random(6);
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        inputs.put("text 2 MB", text(r, 2_000_000));
        inputs.put("text 100 KB", text(r, 100_000));
        inputs.put("i64 timestamps 2 MB", timestamps(r, 250_000));
        inputs.put("f64 prices 2 MB", prices(r, 250_000));
        inputs.put("i32 small 2 MB", smallInts(r, 500_000));
        inputs.put("i64 timestamps 8192 values", timestamps(r, 8192));
        inputs.put("e-mails 8192 values", lengthPrefixed(r, 8192));
        inputs.put("random 1 MB", random(r, 1_000_000));
        ZstdCompressor c = new ZstdCompressor();
        StringBuilder report = new StringBuilder();
        for (var e : inputs.entrySet()) {
            byte[] input = e.getValue();
            Path file = dir.resolve("input");
            Files.write(file, input);
            // With the size known up front, as libzstd's one-shot compression (and vortex) has it.
            int reference = run(file, "zstd", "-3", "-c", "-q", "--stream-size=" + input.length).length;
            int ours = roundTrip(c, input).length;
            report.append(String.format(
                    Locale.ROOT,
                    "%-28s %9d bytes: ours %9d, libzstd -3 %9d (%+.2f %%)%n",
                    e.getKey(),
                    input.length,
                    ours,
                    reference,
                    100.0 * (ours - reference) / reference));
            assertTrue(ours <= reference * 1.05 + 64, e.getKey() + ": " + ours + " bytes vs libzstd's " + reference);
        }
        System.out.print(report);
    }
}
