package dev.jvortex.encodings.onpair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/// Finds the longest dictionary token at a position of a byte array (greedy OnPair parsing).
///
/// Tokens of 2 to 16 bytes live in an open-addressing table keyed by their bytes (two
/// little-endian words, zero above the length) and length; a slot is three adjacent longs (low
/// word, high word, length and id), so a probe touches one cache line. Two filters say which
/// lengths can match at a position, so a lookup probes only those, longest first: a bit per
/// token length for every first two bytes, and a bit per length of 3 or more for a hash of the
/// first three bytes. One-byte tokens are a direct table.
///
/// The searched array must hold 16 readable bytes from every position searched (callers pad it).
final class TokenMatcher {
    /// Little-endian 8-byte reads from a byte array at any offset.
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /// Bits of the three-byte prefix filter's index.
    private static final int PREFIX3_BITS = 16;

    private final int[] single = new int[256];
    private final int[] lengthsByPrefix2 = new int[1 << 16];
    private final int[] lengthsByPrefix3 = new int[1 << PREFIX3_BITS];
    /// Slot `s` is `table[3s]` (low word), `table[3s + 1]` (high word), `table[3s + 2]`
    /// (`length << 32 | id`, 0 when empty).
    private final long[] table;
    private final int slotMask;
    private int size;

    /// A matcher with room for `capacity` tokens.
    TokenMatcher(int capacity) {
        int slots = Integer.highestOneBit(Math.max(16, capacity) * 4 - 1) << 1;
        table = new long[3 * slots];
        slotMask = slots - 1;
        Arrays.fill(single, -1);
    }

    /// Number of tokens added.
    int size() {
        return size;
    }

    /// Mask of the low `n` bytes of a word (`n` in 0..8).
    static long lowBytes(int n) {
        return n >= 8 ? -1L : (1L << (8 * n)) - 1;
    }

    /// Adds the token `low`/`high` (little-endian words, zero above `length` bytes) of `length`
    /// bytes (1 to 16) as `id`; returns false (and adds nothing) when the token is already present.
    boolean add(long low, long high, int length, int id) {
        if (length == 1) {
            int b = (int) (low & 0xFF);
            if (single[b] >= 0) {
                return false;
            }
            single[b] = id;
            size++;
            return true;
        }
        int slot = hash(low, high, length) & slotMask;
        long tag = (long) length << 32;
        long entry;
        while ((entry = table[3 * slot + 2]) != 0) {
            if ((entry & 0xFFFF_FFFF_0000_0000L) == tag && table[3 * slot] == low && table[3 * slot + 1] == high) {
                return false;
            }
            slot = (slot + 1) & slotMask;
        }
        table[3 * slot] = low;
        table[3 * slot + 1] = high;
        table[3 * slot + 2] = tag | id;
        lengthsByPrefix2[(int) (low & 0xFFFF)] |= 1 << length;
        if (length >= 3) {
            lengthsByPrefix3[prefix3(low)] |= 1 << length;
        }
        size++;
        return true;
    }

    /// Returns `id << 5 | length` of the longest token that is a prefix of `data[pos, pos + rem)`
    /// (`rem >= 1`), or `-1 << 5 | 1` when not even its first byte is a token.
    int longest(byte[] data, int pos, int rem) {
        long w0 = (long) LONG.get(data, pos);
        if (rem >= 2) {
            int lengths = lengthsByPrefix2[(int) (w0 & 0xFFFF)];
            if (rem >= 3) {
                lengths &= lengthsByPrefix3[prefix3(w0)] | 0b100;
            }
            if (rem < 16) {
                lengths &= (2 << rem) - 1;
            }
            while (lengths != 0) {
                int length = 31 - Integer.numberOfLeadingZeros(lengths);
                long low;
                long high;
                if (length <= 8) {
                    low = w0 & lowBytes(length);
                    high = 0;
                } else {
                    low = w0;
                    high = (long) LONG.get(data, pos + 8) & lowBytes(length - 8);
                }
                long tag = (long) length << 32;
                int slot = hash(low, high, length) & slotMask;
                long entry;
                while ((entry = table[3 * slot + 2]) != 0) {
                    if ((entry & 0xFFFF_FFFF_0000_0000L) == tag
                            && table[3 * slot] == low
                            && table[3 * slot + 1] == high) {
                        return (int) entry << 5 | length;
                    }
                    slot = (slot + 1) & slotMask;
                }
                lengths ^= 1 << length;
            }
        }
        return single[(int) (w0 & 0xFF)] << 5 | 1;
    }

    private static int prefix3(long word) {
        return (int) (((word & 0xFF_FFFFL) * 0x9E3779B1L) >>> (32 - PREFIX3_BITS)) & ((1 << PREFIX3_BITS) - 1);
    }

    private static int hash(long low, long high, int length) {
        long h = low * 0x9E3779B97F4A7C15L + high * 0xC2B2AE3D27D4EB4FL + length;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 29));
    }
}
