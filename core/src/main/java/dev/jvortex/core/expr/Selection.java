package dev.jvortex.core.expr;

import java.util.Arrays;

/// Which rows of a batch are selected: one bit per row in 64-bit words (bit `i % 64` of word
/// `i / 64`); bits past the length are always zero.
public final class Selection {
    private final long[] words;
    private final int length;

    private Selection(long[] words, int length) {
        this.words = words;
        this.length = length;
    }

    /// Wraps `words` (not copied) as a selection of `length` rows; bits past `length` are cleared.
    public static Selection ofWords(long[] words, int length) {
        if (length < 0 || words.length < CompareKernels.wordCount(length)) {
            throw new IllegalArgumentException(words.length + " words cannot hold " + length + " rows");
        }
        CompareKernels.clearTail(words, length);
        return new Selection(words, length);
    }

    /// Returns a selection of every one of `length` rows.
    public static Selection all(int length) {
        long[] w = new long[CompareKernels.wordCount(length)];
        Arrays.fill(w, -1L);
        return ofWords(w, length);
    }

    /// Returns a selection of none of `length` rows.
    public static Selection none(int length) {
        return new Selection(new long[CompareKernels.wordCount(length)], length);
    }

    /// Returns the number of rows (selected or not).
    public int length() {
        return length;
    }

    /// Returns true when row `i` is selected.
    public boolean get(int i) {
        return (words[i >>> 6] & (1L << i)) != 0;
    }

    /// Returns the number of selected rows.
    public int count() {
        int c = 0;
        int n = CompareKernels.wordCount(length);
        for (int w = 0; w < n; w++) {
            c += Long.bitCount(words[w]);
        }
        return c;
    }

    /// Returns true when every row is selected.
    public boolean isAll() {
        return count() == length;
    }

    /// Returns true when no row is selected.
    public boolean isEmpty() {
        int n = CompareKernels.wordCount(length);
        for (int w = 0; w < n; w++) {
            if (words[w] != 0) {
                return false;
            }
        }
        return true;
    }

    /// Returns the selected row positions in ascending order.
    public int[] indices() {
        int[] out = new int[count()];
        int k = 0;
        int n = CompareKernels.wordCount(length);
        for (int w = 0; w < n; w++) {
            long word = words[w];
            while (word != 0) {
                out[k++] = (w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            }
        }
        return out;
    }

    /// Returns the rows selected in both (a new selection).
    public Selection and(Selection other) {
        if (other.length != length) {
            throw new IllegalArgumentException("selections of " + length + " and " + other.length + " rows");
        }
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = words[i] & other.words[i];
        }
        return new Selection(w, length);
    }

    /// Returns a copy of the words.
    public long[] words() {
        return words.clone();
    }

    @Override
    public String toString() {
        return "Selection[" + count() + " of " + length + "]";
    }
}
