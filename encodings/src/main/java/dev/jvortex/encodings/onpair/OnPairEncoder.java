package dev.jvortex.encodings.onpair;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/// Encodes utf8 and binary arrays as `vortex.onpair` (layout in [OnPairDecoder] and the package
/// documentation): a dictionary trained on the values ([OnPairTrainer]), every valid row parsed
/// greedily into its longest dictionary tokens, null rows with no tokens and length 0.
///
/// As the reference writes it (vortex-data 0.90 with the `onpair` crate's dict-12 preset): at
/// most 4096 tokens of 1 to 16 bytes, sorted by their bytes, the dictionary bytes followed by 16
/// zero bytes, no `bits` metadata, and every integer child in the narrowest unsigned type that
/// holds its values. Unlike the reference, tokens the parse never uses are dropped from the
/// dictionary (the rest keep their order), which saves their bytes and offsets; a dictionary keeps
/// at least one token (the reference cannot read an empty one).
///
/// Children go through a [ChildEncoder]: `dict_offsets` and `codes_offsets` as
/// [ChildEncoder.Role#OFFSETS], `codes` as [ChildEncoder.Role#CODES], `uncompressed_lengths` as
/// [ChildEncoder.Role#LENGTHS].
public final class OnPairEncoder {
    /// Longest token, in bytes.
    public static final int MAX_TOKEN_BYTES = 16;
    /// The reference's dictionary budget: `2^12` tokens.
    public static final int DEFAULT_DICT_BITS = 12;
    /// Zero bytes after the dictionary (the reference's decoder reads 16 bytes from every token).
    static final int PADDING = 16;
    /// Little-endian 4-byte reads from a byte array.
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private OnPairEncoder() {}

    /// The OnPair array before its integer children are written.
    ///
    /// @param dictBytes the tokens back to back (without padding)
    /// @param dictOffsets token `t` is `dictBytes[dictOffsets[t], dictOffsets[t + 1])`; `tokens + 1` values
    /// @param tokens the number of tokens
    /// @param codes every row's token ids, in row order (non-null)
    /// @param codesOffsets where each row's codes start, plus the end (`len + 1` values, non-null)
    /// @param lengths each row's byte length, 0 for null rows (non-null)
    /// @param validity the array's validity
    /// @param codesTop how often the most frequent value of `codes` occurs
    /// @param codesOffsetsTop how often the most frequent value of `codesOffsets` occurs
    /// @param lengthsTop how often the most frequent value of `lengths` occurs
    /// @param model the dictionary the rows were parsed with (before unused tokens were dropped)
    /// @param reused whether `model` came from another array rather than from these rows
    public record Parts(
            byte[] dictBytes,
            int[] dictOffsets,
            int tokens,
            PrimitiveArray codes,
            PrimitiveArray codesOffsets,
            PrimitiveArray lengths,
            Validity validity,
            int codesTop,
            int codesOffsetsTop,
            int lengthsTop,
            Model model,
            boolean reused) {
        /// How often the most frequent value of `child` occurs when it is one of the integer
        /// children here (`codes`, `codesOffsets` or `lengths`, by identity), else -1.
        public int topCount(PrimitiveArray child) {
            return child == codes
                    ? codesTop
                    : child == codesOffsets ? codesOffsetsTop : child == lengths ? lengthsTop : -1;
        }
    }

    /// Returns the OnPair node of `a` with its integer children written by `children`.
    public static WriteNode encode(VarBinViewArray a, ChildEncoder children) {
        return node(a.dtype(), split(a, DEFAULT_DICT_BITS), children);
    }

    /// Returns the node of already split parts.
    public static WriteNode node(DType dtype, Parts parts, ChildEncoder children) {
        int tokens = parts.tokens();
        int dictLength = parts.dictOffsets()[tokens];
        byte[] dict = new byte[dictLength + PADDING];
        System.arraycopy(parts.dictBytes(), 0, dict, 0, dictLength);
        PrimitiveArray dictOffsets = Primitives.narrowUnsigned(parts.dictOffsets(), tokens + 1, dictLength);
        byte[] meta = new OnPairMetadata(
                        parts.lengths().ptype().code(),
                        0,
                        tokens,
                        parts.codes().length(),
                        dictOffsets.ptype().code(),
                        parts.codes().ptype().code(),
                        parts.codesOffsets().ptype().code())
                .write();
        List<WriteNode> kids = new ArrayList<>();
        kids.add(children.encode(ChildEncoder.Role.OFFSETS, dictOffsets));
        kids.add(children.encode(ChildEncoder.Role.CODES, parts.codes()));
        kids.add(children.encode(ChildEncoder.Role.OFFSETS, parts.codesOffsets()));
        kids.add(children.encode(ChildEncoder.Role.LENGTHS, parts.lengths()));
        kids.addAll(CanonicalEncoder.validity(
                dtype, parts.validity(), parts.lengths().length()));
        return new WriteNode(
                EncodingId.ONPAIR.id(), meta, List.of(new WriteNode.Buffer(MemorySegment.ofArray(dict), 8)), kids);
    }

    /// A dictionary trained on one array, with its parser and the estimated bytes per input byte
    /// it gave there ([#estimate]), for parsing later arrays of the same column ([#split(VarBinViewArray, int,
    /// Model, double)]). Immutable: one model may parse arrays on several threads at once.
    public static final class Model {
        private final OnPairTrainer.Dictionary dict;
        private final TokenParser parser;
        private final int dictBits;
        private final double sizePerByte;

        Model(OnPairTrainer.Dictionary dict, TokenParser parser, int dictBits, double sizePerByte) {
            this.dict = dict;
            this.parser = parser;
            this.dictBits = dictBits;
            this.sizePerByte = sizePerByte;
        }

        /// Estimated encoded bytes ([#estimate]) per input byte on the array the dictionary was
        /// trained on.
        public double sizePerByte() {
            return sizePerByte;
        }

        /// The number of tokens in the dictionary (before unused ones are dropped per array).
        public int tokens() {
            return dict.size();
        }
    }

    /// Trains a dictionary of at most `2^dictBits` tokens (9 to 16) on `a`'s valid values and
    /// parses every row with it.
    public static Parts split(VarBinViewArray a, int dictBits) {
        return split(a, dictBits, null, 0);
    }

    /// As [#split(VarBinViewArray, int)], but first parses `a` with the dictionary of `reuse`
    /// (when not null and of the same `dictBits`), and keeps that parse when its estimated size
    /// ([#estimate]) per input byte is at most `1 + tolerance` times what `reuse` gave on its own
    /// training array (so a small chunk that would need most of a large dictionary trains its
    /// own); otherwise trains a dictionary on `a` and parses again. The result depends only on
    /// `a`, `reuse` and `tolerance`; [Parts#model()] is the model used and [Parts#reused()] says
    /// which way it went.
    public static Parts split(VarBinViewArray a, int dictBits, Model reuse, double tolerance) {
        if (dictBits < 9 || dictBits > 16) {
            throw new IllegalArgumentException("OnPair dictionary bits must be 9 to 16, not " + dictBits);
        }
        if (!(a.dtype() instanceof DType.Utf8 || a.dtype() instanceof DType.Binary)) {
            throw VortexException.misuse("vortex.onpair cannot encode type " + a.dtype());
        }
        int len = a.length();
        Validity validity = a.validity();
        long[] lengths = new long[len];
        int[] starts = new int[len + 1];
        byte[] data = flatten(a, lengths, starts);
        int maxLength = (int) max(lengths, len);
        char[] codes = new char[Math.max(1, starts[len])];
        long[] codesOffsets = new long[len + 1];
        long bytes = starts[len];
        Model model = null;
        int count = 0;
        // newId[t] starts as the number of uses of token t.
        int[] newId = null;
        if (reuse != null && reuse.dictBits == dictBits) {
            count = reuse.parser.parse(data, starts, len, codes, codesOffsets);
            newId = histogram(codes, count, reuse.dict.size());
            if (estimate(newId, count, reuse.dict) <= reuse.sizePerByte * bytes * (1 + tolerance)) {
                model = reuse;
            }
        }
        boolean reused = model != null;
        if (model == null) {
            OnPairTrainer.Dictionary dict = OnPairTrainer.train(data, starts, len, dictBits);
            TokenParser parser = new TokenParser(dict);
            count = parser.parse(data, starts, len, codes, codesOffsets);
            newId = histogram(codes, count, dict.size());
            model = new Model(dict, parser, dictBits, bytes == 0 ? 0 : estimate(newId, count, dict) / bytes);
        }
        OnPairTrainer.Dictionary trained = model.dict;

        // Keep only the tokens the parse used, in their sorted order; at least one, since the
        // reference rejects an empty dictionary.
        int codesTop = max(newId, trained.size());
        int kept = renumber(count, newId);
        byte[] dictBytes = new byte[keptLength(trained.length(), newId) + 16];
        int[] dictOffsets = new int[kept + 1];
        copyKept(trained, newId, dictBytes, dictOffsets);
        return new Parts(
                dictBytes,
                dictOffsets,
                kept,
                codeArray(codes, count, newId, kept),
                Primitives.narrowUnsigned(codesOffsets, len + 1, count),
                Primitives.narrowUnsigned(lengths, len, maxLength),
                validity,
                codesTop,
                longestRun(codesOffsets, len + 1),
                topCount(lengths, len),
                model,
                reused);
    }

    /// The estimated bytes of an array parsed into `count` codes with `dict`, token `t` used
    /// `uses[t]` times: the codes at the bits the tokens they use need, those tokens' bytes and a
    /// 2-byte offset for each.
    static double estimate(int[] uses, int count, OnPairTrainer.Dictionary dict) {
        int kept = 0;
        long dictBytes = 0;
        for (int t = 0; t < dict.size(); t++) {
            if (uses[t] != 0) {
                kept++;
                dictBytes += dict.length()[t];
            }
        }
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, kept - 1));
        return count * (double) bits / 8 + dictBytes + 2.0 * kept;
    }

    // The loops of [#split] and [#codeArray] are small static methods of their own: the drivers,
    // called once per array, then have no loop for the JIT to compile on the stack with everything
    // they call inlined, and each loop compiles alone, small.

    /// The largest of `v[0, n)`, 0 when `n` is 0 (values non-negative).
    private static long max(long[] v, int n) {
        long best = 0;
        for (int i = 0; i < n; i++) {
            best = Math.max(best, v[i]);
        }
        return best;
    }

    /// The largest of `v[0, n)`, 0 when `n` is 0.
    private static int max(int[] v, int n) {
        int best = 0;
        for (int i = 0; i < n; i++) {
            best = Math.max(best, v[i]);
        }
        return best;
    }

    /// The total bytes of the tokens `t` with `newId[t] >= 0`, token `t` being `length[t]` bytes.
    private static int keptLength(int[] length, int[] newId) {
        int total = 0;
        for (int t = 0; t < newId.length; t++) {
            total += newId[t] >= 0 ? length[t] : 0;
        }
        return total;
    }

    /// Copies the tokens `t` of `dict` with `newId[t] >= 0` in their order to `dictBytes` (with
    /// 16 bytes of room past the last one) and their ends to `dictOffsets[1, kept]`.
    private static void copyKept(OnPairTrainer.Dictionary dict, int[] newId, byte[] dictBytes, int[] dictOffsets) {
        long[] low = dict.low();
        long[] high = dict.high();
        int[] length = dict.length();
        int d = 0;
        int pos = 0;
        for (int t = 0; t < newId.length; t++) {
            if (newId[t] >= 0) {
                TokenMatcher.LONG.set(dictBytes, pos, low[t]);
                TokenMatcher.LONG.set(dictBytes, pos + 8, high[t]);
                pos += length[t];
                dictOffsets[++d] = pos;
            }
        }
    }

    /// How often each of the `tokens` ids occurs in `codes[0, count)`.
    private static int[] histogram(char[] codes, int count, int tokens) {
        int[] uses = new int[tokens];
        for (int k = 0; k < count; k++) {
            uses[codes[k]]++;
        }
        return uses;
    }

    /// The length of the longest run of equal values in `v[0, n)` (for a non-decreasing `v`, how
    /// often its most frequent value occurs).
    private static int longestRun(long[] v, int n) {
        if (n == 0) {
            return 0;
        }
        int best = 1;
        int run = 1;
        for (int i = 1; i < n; i++) {
            run = v[i] == v[i - 1] ? run + 1 : 1;
            best = Math.max(best, run);
        }
        return best;
    }

    /// How often the most frequent value of `v[0, n)` occurs, exactly when it fills more than
    /// half of `v` (a majority vote, then a count), else a count below `n / 2 + 1`.
    private static int topCount(long[] v, int n) {
        long candidate = 0;
        int votes = 0;
        for (int i = 0; i < n; i++) {
            if (votes == 0) {
                candidate = v[i];
                votes = 1;
            } else {
                votes += v[i] == candidate ? 1 : -1;
            }
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += v[i] == candidate ? 1 : 0;
        }
        return count;
    }

    /// Returns the valid rows of `a` back to back (null rows empty) followed by 16 zero bytes for
    /// the matcher's reads, filling each row's length and start (plus the end) in `lengths` and `starts`.
    ///
    /// The views are read from one heap copy; inlined values are copied from it, and consecutive
    /// out-of-line values that follow each other in the same data buffer in one bulk copy.
    private static byte[] flatten(VarBinViewArray a, long[] lengths, int[] starts) {
        int len = a.length();
        Validity validity = a.validity();
        boolean allValid = validity.isAllValid();
        boolean allInvalid = validity.isAllInvalid();
        byte[] views = allInvalid || len == 0
                ? new byte[0]
                : a.views().asSlice(0, (long) len * VarBinViewArray.VIEW_SIZE).toArray(ValueLayout.JAVA_BYTE);
        long total = allInvalid
                ? 0
                : allValid ? rowLengths(views, lengths, len) : validLengths(views, validity, lengths, len);
        if (total > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("OnPair of " + total + " bytes needs more than one array");
        }
        byte[] data = new byte[(int) total + PADDING];
        if (!allInvalid) {
            int[] longRows = new int[len + 1];
            int count = copyInlined(views, lengths, len, data, starts, longRows);
            if (count > 0) {
                longRows[count] = longRows[count - 1];
                copyOutOfLine(views, a.buffers(), lengths, starts, longRows, count, data);
            }
        }
        return data;
    }

    /// Fills `lengths[0, len)` from the views of `len` valid rows; returns their total.
    private static long rowLengths(byte[] views, long[] lengths, int len) {
        long total = 0;
        for (int i = 0; i < len; i++) {
            lengths[i] = (int) INT.get(views, i * VarBinViewArray.VIEW_SIZE);
            total += lengths[i];
        }
        return total;
    }

    /// Fills `lengths[i]` for the valid rows `i < len` from their views (0 for null rows); returns
    /// their total. The bitmap is copied to the heap first, then [#maskedLengths] reads it.
    private static long validLengths(byte[] views, Validity validity, long[] lengths, int len) {
        byte[] bits = validity.bits().asSlice(0, Bits.byteLength(len)).toArray(ValueLayout.JAVA_BYTE);
        return maskedLengths(views, bits, lengths, len);
    }

    /// [#rowLengths] with each length masked to 0 where the row's bit in `bits` is clear. No
    /// branch on validity: a branch whose first arrays are all valid (or nearly) gets compiled for
    /// that alone and thrown away at the first array with more nulls.
    private static long maskedLengths(byte[] views, byte[] bits, long[] lengths, int len) {
        long total = 0;
        for (int i = 0; i < len; i++) {
            int valid = (bits[i >>> 3] >>> (i & 7)) & 1;
            lengths[i] = (int) INT.get(views, i * VarBinViewArray.VIEW_SIZE) & -valid;
            total += lengths[i];
        }
        return total;
    }

    // The copy has no branch on a row's kind (inlined or not): a loop whose first arrays have
    // only one kind would be compiled for that kind alone and thrown away at the first other one.

    /// Sets `starts[0, len]` for rows of `lengths[i]` bytes back to back in `data` and copies the
    /// first `min(length, 12)` bytes of each row's view there (a whole inlined value; for a longer
    /// one, bytes [#copyOutOfLine] overwrites); lists the rows of more than 12 bytes in
    /// `longRows` and returns their number.
    private static int copyInlined(byte[] views, long[] lengths, int len, byte[] data, int[] starts, int[] longRows) {
        int at = 0;
        int count = 0;
        for (int i = 0; i < len; i++) {
            starts[i] = at;
            int size = (int) lengths[i];
            System.arraycopy(
                    views, i * VarBinViewArray.VIEW_SIZE + 4, data, at, Math.min(size, VarBinViewArray.MAX_INLINED));
            longRows[count] = i;
            count += (VarBinViewArray.MAX_INLINED - size) >>> 31;
            at += size;
        }
        starts[len] = at;
        return count;
    }

    /// Copies the `count` rows `longRows[k]` (of more than 12 bytes, in row order) from `buffers`
    /// to `data` at `starts[row]`, consecutive rows that follow each other in the same buffer in
    /// one bulk copy. `longRows[count]` repeats the last row: the loop ends on it, with the last
    /// copy made in the loop (one copy call to compile, not two).
    private static void copyOutOfLine(
            byte[] views,
            MemorySegment[] buffers,
            long[] lengths,
            int[] starts,
            int[] longRows,
            int count,
            byte[] data) {
        // A pending copy of runLength bytes from buffer runBuffer at runFrom to data at runTo.
        int row = longRows[0];
        int runBuffer = (int) INT.get(views, row * VarBinViewArray.VIEW_SIZE + 8);
        long runFrom = Integer.toUnsignedLong((int) INT.get(views, row * VarBinViewArray.VIEW_SIZE + 12));
        int runTo = starts[row];
        int runLength = (int) lengths[row];
        for (int k = 1; k <= count; k++) {
            row = longRows[k];
            int buffer = (int) INT.get(views, row * VarBinViewArray.VIEW_SIZE + 8);
            long offset = Integer.toUnsignedLong((int) INT.get(views, row * VarBinViewArray.VIEW_SIZE + 12));
            int at = starts[row];
            // Zero when the row continues the pending copy in the buffer and in data (never for
            // the repeated last row, k == count).
            long gap = (buffer ^ runBuffer)
                    | (offset ^ (runFrom + runLength))
                    | (at ^ (runTo + runLength))
                    | (count - 1 - k) >>> 31;
            if (gap == 0) {
                runLength += (int) lengths[row];
            } else {
                MemorySegment.copy(buffers[runBuffer], ValueLayout.JAVA_BYTE, runFrom, data, runTo, runLength);
                runBuffer = buffer;
                runFrom = offset;
                runTo = at;
                runLength = (int) lengths[row];
            }
        }
    }

    /// Turns `newId[t]`, how often token `t` is used by the `count` codes, into its rank among the
    /// tokens used (token 0 counts as used when there are no codes), -1 for unused tokens;
    /// returns the number used.
    private static int renumber(int count, int[] newId) {
        if (count == 0) {
            newId[0] = 1;
        }
        int kept = 0;
        for (int t = 0; t < newId.length; t++) {
            newId[t] = newId[t] != 0 ? kept++ : -1;
        }
        return kept;
    }

    /// The codes renumbered by `newId`, as the narrowest unsigned type for `kept` tokens.
    private static PrimitiveArray codeArray(char[] codes, int count, int[] newId, int kept) {
        PType codeType = Primitives.narrowestUnsigned(Math.max(0, kept - 1));
        byte[] out = codeType == PType.U8 ? codesU8(codes, count, newId) : codesU16(codes, count, newId);
        return new PrimitiveArray(
                new DType.Primitive(codeType, false), codeType, MemorySegment.ofArray(out), count, Validity.ALL_VALID);
    }

    /// `newId[codes[k]]` for `k < count`, one byte each.
    private static byte[] codesU8(char[] codes, int count, int[] newId) {
        byte[] out = new byte[count];
        for (int k = 0; k < count; k++) {
            out[k] = (byte) newId[codes[k]];
        }
        return out;
    }

    /// `newId[codes[k]]` for `k < count`, two little-endian bytes each.
    private static byte[] codesU16(char[] codes, int count, int[] newId) {
        byte[] out = new byte[2 * count];
        for (int k = 0; k < count; k++) {
            int id = newId[codes[k]];
            out[2 * k] = (byte) id;
            out[2 * k + 1] = (byte) (id >>> 8);
        }
        return out;
    }
}
