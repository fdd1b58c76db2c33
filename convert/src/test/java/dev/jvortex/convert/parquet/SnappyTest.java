package dev.jvortex.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.VortexException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Snappy blocks made by a small encoder written here (literals of every length form, the three
/// copy forms, overlapping copies with periods 1 to 9) decode to their input, also at an offset
/// in the output; damaged and truncated blocks fail with a [VortexException] (or decode to some
/// bytes of the declared length), never with another exception or a hang.
class SnappyTest {
    /// Encodes `in` greedily: 4-byte matches found by a hash table, copies of up to 64 bytes.
    private static byte[] encode(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n = in.length;
        do {
            int b = (int) (n & 0x7F);
            n >>>= 7;
            out.write(n != 0 ? b | 0x80 : b);
        } while (n != 0);
        int[] table = new int[1 << 12];
        Arrays.fill(table, -1);
        int lit = 0;
        int i = 0;
        while (i + 4 <= in.length) {
            int h = (hash4(in, i) * 0x1E35A7BD) >>> 20;
            int cand = table[h];
            table[h] = i;
            if (cand >= 0 && i - cand < (1 << 20) && hash4(in, cand) == hash4(in, i)) {
                literal(out, in, lit, i - lit);
                int len = 4;
                while (i + len < in.length && len < 64 && in[cand + len] == in[i + len]) {
                    len++;
                }
                copy(out, i - cand, len);
                i += len;
                lit = i;
            } else {
                i++;
            }
        }
        literal(out, in, lit, in.length - lit);
        return out.toByteArray();
    }

    private static int hash4(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }

    private static void literal(ByteArrayOutputStream out, byte[] in, int from, int len) {
        while (len > 0) {
            int n = Math.min(len, 70_000);
            int m = n - 1;
            if (m < 60) {
                out.write(m << 2);
            } else if (m < 1 << 8) {
                out.write(60 << 2);
                out.write(m);
            } else if (m < 1 << 16) {
                out.write(61 << 2);
                out.write(m);
                out.write(m >>> 8);
            } else {
                out.write(62 << 2);
                out.write(m);
                out.write(m >>> 8);
                out.write(m >>> 16);
            }
            out.write(in, from, n);
            from += n;
            len -= n;
        }
    }

    private static void copy(ByteArrayOutputStream out, int offset, int len) {
        if (len <= 11 && offset < 2048) {
            out.write(1 | (len - 4) << 2 | (offset >>> 8) << 5);
            out.write(offset);
        } else if (offset < 1 << 16) {
            out.write(2 | (len - 1) << 2);
            out.write(offset);
            out.write(offset >>> 8);
        } else {
            out.write(3 | (len - 1) << 2);
            out.write(offset);
            out.write(offset >>> 8);
            out.write(offset >>> 16);
            out.write(offset >>> 24);
        }
    }

    private static byte[] decode(byte[] block, int outLen, int at) {
        byte[] out = new byte[at + outLen];
        Codecs.snappy(block, 0, block.length, out, at, outLen, "test");
        return Arrays.copyOfRange(out, at, at + outLen);
    }

    private static byte[] sample(Random r, int len) {
        byte[] b = new byte[len];
        int i = 0;
        while (i < len) {
            int kind = r.nextInt(4);
            int run = Math.min(len - i, 1 + r.nextInt(kind == 0 ? 300 : 40));
            if (kind == 0) { // a repeated pattern of period 1..9: overlapping copies
                int period = 1 + r.nextInt(9);
                for (int k = 0; k < run; k++) {
                    b[i + k] = k < period ? (byte) r.nextInt(256) : b[i + k - period];
                }
            } else if (kind == 1 && i > 100) { // a repeat of earlier bytes
                int from = r.nextInt(i - 50);
                run = Math.min(run, i - from);
                System.arraycopy(b, from, b, i, run);
            } else {
                for (int k = 0; k < run; k++) {
                    b[i + k] = (byte) (kind == 2 ? 'a' + r.nextInt(6) : r.nextInt(256));
                }
            }
            i += run;
        }
        return b;
    }

    @Test
    void blocksRoundTrip() {
        Random r = new Random(42);
        int[] sizes = {0, 1, 5, 15, 16, 17, 63, 64, 65, 300, 4096, 70_000, 300_000};
        for (int size : sizes) {
            for (int trial = 0; trial < 8; trial++) {
                byte[] in = sample(r, size);
                byte[] block = encode(in);
                assertArrayEquals(in, decode(block, in.length, 0), "size " + size);
                assertArrayEquals(in, decode(block, in.length, 13), "size " + size + " at an offset");
            }
        }
        byte[] text = "abcabcabcabcabcabc the quick brown fox, the quick brown fox"
                .repeat(500)
                .getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(text, decode(encode(text), text.length, 0));
    }

    @Test
    void copiesStayInsideTheOutput() {
        // long copies near the end of the output take the byte-wise path: the bytes after the
        // output region (another page's, say) are left as they were
        Random r = new Random(7);
        for (int size : new int[] {9, 16, 23, 40, 64, 100, 1000}) {
            for (int trial = 0; trial < 20; trial++) {
                byte[] in = sample(r, size);
                byte[] block = encode(in);
                byte[] out = new byte[5 + size + 16];
                Arrays.fill(out, (byte) 0x5A);
                Codecs.snappy(block, 0, block.length, out, 5, size, "test");
                assertArrayEquals(in, Arrays.copyOfRange(out, 5, 5 + size), "size " + size);
                for (int i = 5 + size; i < out.length; i++) {
                    assertEquals((byte) 0x5A, out[i], "byte " + i + " after the output, size " + size);
                }
            }
        }
        // a block of one literal and one long copy of offset 8 reaching the very end
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(72); // varint 72
        byte[] head = "01234567".getBytes(StandardCharsets.UTF_8);
        literal(b, head, 0, 8);
        copy(b, 8, 64);
        byte[] out = new byte[72 + 3];
        Codecs.snappy(b.toByteArray(), 0, b.size(), out, 0, 72, "test");
        assertEquals("01234567".repeat(9), new String(out, 0, 72, StandardCharsets.UTF_8));
        assertArrayEquals(new byte[3], Arrays.copyOfRange(out, 72, 75));
    }

    @Test
    void shortCopiesAtEveryOffsetAndRoom() {
        // a literal, one copy (offsets 1 to 20 and 40, lengths 4 to 20 and 64: the two-word
        // path of copies of up to 16 bytes at offsets of 8 or more, the word loop and the
        // byte-wise one), then a tail of 0 to 17 literal bytes, so that the room after the copy
        // is below and above 16 bytes; checked against the copy done one byte at a time
        Random r = new Random(11);
        int[] offsets = new int[21];
        for (int i = 0; i < 20; i++) {
            offsets[i] = i + 1;
        }
        offsets[20] = 40;
        for (int offset : offsets) {
            for (int length = 4; length <= 64; length = length == 20 ? 64 : length + 1) {
                for (int tail = 0; tail <= 17; tail++) {
                    byte[] expect = new byte[offset + length + tail];
                    for (int i = 0; i < offset; i++) {
                        expect[i] = (byte) r.nextInt(256);
                    }
                    for (int i = offset; i < offset + length; i++) {
                        expect[i] = expect[i - offset];
                    }
                    for (int i = offset + length; i < expect.length; i++) {
                        expect[i] = (byte) r.nextInt(256);
                    }
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    b.write(expect.length); // at most 121: a one-byte varint
                    literal(b, expect, 0, offset);
                    copy(b, offset, length);
                    literal(b, expect, offset + length, tail);
                    String what = "offset " + offset + ", length " + length + ", tail " + tail;
                    assertArrayEquals(expect, decode(b.toByteArray(), expect.length, 0), what);
                    assertArrayEquals(expect, decode(b.toByteArray(), expect.length, 3), what + " at an offset");
                }
            }
        }
    }

    @Test
    void aWrongDeclaredLengthFails() {
        byte[] in = sample(new Random(1), 1000);
        byte[] block = encode(in);
        assertThrows(VortexException.class, () -> decode(block, 999, 0));
        assertThrows(VortexException.class, () -> decode(block, 1001, 0));
    }

    @Test
    void damagedBlocksFailCleanly() {
        Random r = new Random(7);
        int failed = 0;
        for (int trial = 0; trial < 3000; trial++) {
            byte[] in = sample(r, 1 + r.nextInt(3000));
            byte[] block = encode(in);
            byte[] bad;
            if (trial % 3 == 0) {
                bad = Arrays.copyOf(block, r.nextInt(block.length));
            } else {
                bad = block.clone();
                int flips = 1 + r.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
                }
            }
            long t0 = System.nanoTime();
            try {
                byte[] out = decode(bad, in.length, r.nextInt(3));
                assertTrue(out.length == in.length);
            } catch (VortexException e) {
                failed++;
            } catch (RuntimeException e) {
                fail("trial " + trial + ": " + e, e);
            }
            assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "trial " + trial + " took over a second");
        }
        assertTrue(failed > 1000, failed + " of 3000 damaged blocks failed");
    }
}
