package dev.jvortex.encodings.onpair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/// Finds the longest dictionary token at a position of a byte array (greedy OnPair parsing).
///
/// Tokens of 2 to 16 bytes live in an open-addressing table keyed by their bytes (two
/// little-endian words, zero above the length) and length. A second table, indexed by a token's
/// first two bytes, holds a bit per token length present with that prefix, so a lookup probes
/// only the lengths that can match, longest first. One-byte tokens are a direct table.
///
/// The searched array must hold 16 readable bytes from every position searched (callers pad it).
final class TokenMatcher {
    /// Little-endian 8-byte reads from a byte array at any offset.
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int[] single = new int[256];
    private final int[] lengthsByPrefix = new int[1 << 16];
    private final long[] keyLow;
    private final long[] keyHigh;
    private final byte[] keyLength;
    private final int[] keyId;
    private final int slotMask;
    private int size;

    /// A matcher with room for `capacity` tokens.
    TokenMatcher(int capacity) {
        int slots = Integer.highestOneBit(Math.max(16, capacity) * 4 - 1) << 1;
        keyLow = new long[slots];
        keyHigh = new long[slots];
        keyLength = new byte[slots];
        keyId = new int[slots];
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
        while (keyLength[slot] != 0) {
            if (keyLength[slot] == length && keyLow[slot] == low && keyHigh[slot] == high) {
                return false;
            }
            slot = (slot + 1) & slotMask;
        }
        keyLow[slot] = low;
        keyHigh[slot] = high;
        keyLength[slot] = (byte) length;
        keyId[slot] = id;
        lengthsByPrefix[(int) (low & 0xFFFF)] |= 1 << length;
        size++;
        return true;
    }

    /// Returns `id << 5 | length` of the longest token that is a prefix of `data[pos, pos + rem)`
    /// (`rem >= 1`), or `-1 << 5 | 1` when not even its first byte is a token.
    int longest(byte[] data, int pos, int rem) {
        long w0 = (long) LONG.get(data, pos);
        if (rem >= 2) {
            int lengths = lengthsByPrefix[(int) (w0 & 0xFFFF)];
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
                int slot = hash(low, high, length) & slotMask;
                while (keyLength[slot] != 0) {
                    if (keyLength[slot] == length && keyLow[slot] == low && keyHigh[slot] == high) {
                        return keyId[slot] << 5 | length;
                    }
                    slot = (slot + 1) & slotMask;
                }
                lengths ^= 1 << length;
            }
        }
        return single[(int) (w0 & 0xFF)] << 5 | 1;
    }

    private static int hash(long low, long high, int length) {
        long h = low * 0x9E3779B97F4A7C15L + high * 0xC2B2AE3D27D4EB4FL + length;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 29));
    }
}
