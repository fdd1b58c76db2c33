package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/// The battery every encoding family's test inherits, after Lucene's `BasePostingsFormatTestCase`:
/// a family supplies its cases, its encoder and the glue to this module's decoders, and gets
///
/// - [#roundTrip]: each case serialized, parsed and decoded gives the input's rows back
///   (validity, and values bit for bit at valid rows);
/// - [#referenceDecode]: the reference (the pinned `vortex-data`, see [ReferenceDecoder])
///   decodes each case to the input's rows;
/// - [#take]: taking rows of each case (empty, first, last, all, reversed, around block
///   boundaries, random with repeats) equals decoding it whole and then indexing, and trees
///   whose encodings all have a take kernel never fall back to decoding a node whole;
/// - [#corruption]: damaged copies of the cases (bits flipped or bytes cut in the serialized
///   array; a node's metadata or a buffer flipped, cut or emptied, children dropped or swapped)
///   either decode or fail with a [VortexException], never another exception, and never hang;
/// - [#randomRoundTrip]: arrays from [#generate] with several seeds through the encoder, the
///   round trip, take and corruption; a failure names the seed and how to replay it
///   (`-Djvortex.seed`, see [TestSeeds]).
///
/// The fixed cases come from a fixed seed ([#caseSeed]), so their names and data are stable and
/// what the reference is asked to decode is the same on every run; the random battery and the
/// choice of damage and indices draw on [TestSeeds], so every run tries something new.
///
/// One test instance serves all the battery's methods (the cases are built once per class).
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AbstractEncodingTest {
    /// How long one case's corruption checks may run before they count as a hang.
    private static final Duration HANG = Duration.ofMinutes(2);

    /// One encoded input.
    ///
    /// @param name a unique, stable name (family, type, shape), e.g. `runend/u8/nullable`
    /// @param input the array encoded
    /// @param node the write tree the encoder returned
    public record Case(String name, Array input, WriteNode node) {}

    /// What a take returned.
    ///
    /// @param rows the rows taken
    /// @param wholeDecodes how many nodes the take decoded whole (had no take kernel for)
    public record Taken(Array rows, int wholeDecodes) {}

    /// The cases a family adds; names must be unique.
    public static final class Cases {
        private final List<Case> list = new ArrayList<>();
        private final Set<String> names = new HashSet<>();

        /// Adds a case; `node` must not be null (an encoder that declined is a test failure).
        public void add(String name, Array input, WriteNode node) {
            if (node == null) {
                throw new AssertionError("the encoder returned null for case " + name);
            }
            if (!names.add(name)) {
                throw new AssertionError("two cases named " + name);
            }
            list.add(new Case(name, input, node));
        }

        /// Adds a case when `node` is not null (for inputs an encoder may decline); returns whether it did.
        public boolean addIfEncoded(String name, Array input, WriteNode node) {
            if (node == null) {
                return false;
            }
            add(name, input, node);
            return true;
        }

        /// Returns the cases added so far.
        public List<Case> list() {
            return List.copyOf(list);
        }
    }

    private List<Case> cases;

    // ---------------------------------------------------------------- supplied by the family

    /// Adds the family's fixed cases to `out`: random and edge-case arrays (types, widths,
    /// lengths around blocks, nulls, slices, special values) with the write trees the family's
    /// encoder made, in its several configurations. `random` is seeded with [#caseSeed];
    /// `arena` is an automatic arena for inputs that need one.
    protected abstract void cases(Cases out, Random random, Arena arena);

    /// Returns the family's encoder applied to `input` as the compressor would apply it, or null
    /// when it declines the input (used on the arrays of [#generate]).
    protected abstract WriteNode encode(Array input);

    /// Decodes a whole serialized tree with the module's decoders (the glue to the decoder registry).
    protected abstract Array decode(EncodedNode root, DType dtype, int length, Arena arena);

    /// Takes `indices` of a serialized tree with the module's take kernels.
    protected abstract Taken take(EncodedNode root, DType dtype, int length, int[] indices, Arena arena);

    /// Returns the seed of the fixed cases; by default a hash of the class name.
    protected long caseSeed() {
        return getClass().getName().hashCode();
    }

    /// Returns arrays for the random battery, drawn from `random` (seeded from [TestSeeds]);
    /// [#encode] may decline some but not all of them. By default none.
    protected List<Array> generate(Random random, Arena arena) {
        return List.of();
    }

    /// Returns how many seeds the random battery runs (default 3).
    protected int seedCount() {
        return 3;
    }

    /// Returns true when a take may decode nodes of `encoding` whole (they have no take kernel).
    protected boolean mayDecodeWhole(String encoding) {
        return false;
    }

    /// Returns which cases the corruption checks damage: every `corruptionStride()`-th non-empty
    /// case (default every case).
    protected int corruptionStride() {
        return 1;
    }

    /// Returns how many damaged copies of its serialized bytes each case gets (default 12).
    protected int corruptionRounds() {
        return 12;
    }

    /// Returns how many damaged copies of its tree's nodes each case gets (default 12).
    protected int nodeMutations() {
        return 12;
    }

    /// Returns true when the reference is asked to decode `c` (by default: when the decoding
    /// script knows its type).
    protected boolean referenceDecodes(Case c) {
        return ReferenceDecoder.supports(c.input().dtype());
    }

    // ---------------------------------------------------------------- the battery

    /// Returns the fixed cases (built once).
    protected final synchronized List<Case> cases() {
        if (cases == null) {
            Cases out = new Cases();
            cases(out, new Random(caseSeed()), Arena.ofAuto());
            cases = out.list();
            assertTrue(!cases.isEmpty(), getClass().getSimpleName() + " has no cases");
        }
        return cases;
    }

    /// Every case serialized, parsed and decoded must give the input's rows.
    @TestFactory
    final Stream<DynamicTest> roundTrip() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> checkRoundTrip(c, c.name())));
    }

    /// The reference must decode every case (and the arrays of the first random seed) to the input's rows.
    @TestFactory
    final Stream<DynamicTest> referenceDecode() {
        List<Case> all = new ArrayList<>();
        for (Case c : cases()) {
            if (referenceDecodes(c)) {
                all.add(c);
            }
        }
        long seed = TestSeeds.seeds(getClass().getName() + "/random", Math.max(1, seedCount()))[0];
        List<Case> generated = generatedCases(seed, Arena.ofAuto());
        for (Case c : generated) {
            if (referenceDecodes(c)) {
                all.add(c);
            }
        }
        List<ReferenceDecoder.Input> inputs = new ArrayList<>();
        for (Case c : all) {
            List<String> ids = SerializedArrays.ids(c.node());
            inputs.add(new ReferenceDecoder.Input(
                    c.name(), c.input().dtype(), c.input().length(), ids, SerializedArrays.serialize(c.node(), ids)));
        }
        Map<String, ReferenceDecoder.Output> results = ReferenceDecoder.decode(
                inputs, Path.of("target", "reference-decode", getClass().getSimpleName()));
        return all.stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    ReferenceDecoder.Output out = results.get(c.name());
                    String what = c.name() + " " + SerializedArrays.ids(c.node())
                            + (generated.contains(c) ? ", " + TestSeeds.describe(seed) : "");
                    assertNotNull(out, "no reference output for " + what);
                    out.assertRows(c.input(), what);
                }));
    }

    /// Taking rows of every case must equal decoding it whole and then indexing.
    @TestFactory
    final Stream<DynamicTest> take() {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    long seed = TestSeeds.seeds(getClass().getName() + "/take/" + c.name(), 1)[0];
                    checkTake(
                            c,
                            IndexSets.of(c.input().length(), new Random(seed)),
                            c.name() + ", " + TestSeeds.describe(seed));
                }));
    }

    /// Damaged copies of the cases must decode and take, or fail with a [VortexException].
    @TestFactory
    final Stream<DynamicTest> corruption() {
        List<Case> some = new ArrayList<>();
        List<Case> all = cases();
        for (int i = 0; i < all.size(); i += Math.max(1, corruptionStride())) {
            if (all.get(i).input().length() > 0) {
                some.add(all.get(i));
            }
        }
        return some.stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    long seed = TestSeeds.seeds(getClass().getName() + "/corrupt/" + c.name(), 1)[0];
                    checkCorruption(
                            c,
                            new Random(seed),
                            corruptionRounds(),
                            nodeMutations(),
                            c.name() + ", " + TestSeeds.describe(seed));
                }));
    }

    /// The arrays of [#generate], for several seeds, through the encoder, the round trip, take and corruption.
    @TestFactory
    final Stream<DynamicTest> randomRoundTrip() {
        long[] seeds = TestSeeds.seeds(getClass().getName() + "/random", seedCount());
        return Arrays.stream(seeds)
                .mapToObj(seed -> DynamicTest.dynamicTest("seed " + TestSeeds.hex(seed), () -> {
                    List<Case> generated = generatedCases(seed, Arena.ofAuto());
                    if (generated.isEmpty()) {
                        return;
                    }
                    Random random = new Random(seed);
                    for (Case c : generated) {
                        String what = c.name() + " (" + c.input().dtype() + ", "
                                + c.input().length() + " rows) " + SerializedArrays.ids(c.node()) + ", "
                                + TestSeeds.describe(seed);
                        checkRoundTrip(c, what);
                        checkTake(c, IndexSets.of(c.input().length(), random), what);
                        if (c.input().length() > 0) {
                            checkCorruption(c, random, 2, 2, what);
                        }
                    }
                }));
    }

    /// Returns the arrays [#generate] makes from `seed` that [#encode] accepts, as cases named
    /// `random/<seed>/<index>`; fails when it declines every one.
    private List<Case> generatedCases(long seed, Arena arena) {
        List<Array> arrays = generate(new Random(seed), arena);
        List<Case> out = new ArrayList<>();
        for (int i = 0; i < arrays.size(); i++) {
            WriteNode node = encode(arrays.get(i));
            if (node != null) {
                out.add(new Case("random/" + TestSeeds.hex(seed) + "/" + i, arrays.get(i), node));
            }
        }
        if (!arrays.isEmpty() && out.isEmpty()) {
            fail("the encoder declined all " + arrays.size() + " generated arrays, " + TestSeeds.describe(seed));
        }
        return out;
    }

    private void checkRoundTrip(Case c, String what) {
        try (Arena arena = Arena.ofConfined()) {
            EncodedNode root = SerializedArrays.roundTrip(c.node(), arena);
            Array decoded = decode(root, c.input().dtype(), c.input().length(), arena);
            ArrayRows.assertSameRows(c.input(), decoded, what);
        }
    }

    private void checkTake(Case c, Map<String, int[]> indexSets, String what) {
        List<String> ids = SerializedArrays.ids(c.node());
        boolean kernelsOnly = ids.stream().noneMatch(this::mayDecodeWhole);
        int len = c.input().length();
        DType dtype = c.input().dtype();
        try (Arena parsed = Arena.ofConfined()) {
            EncodedNode root = SerializedArrays.roundTrip(c.node(), parsed);
            for (Map.Entry<String, int[]> e : indexSets.entrySet()) {
                String label = what + " " + e.getKey();
                try (Arena arena = Arena.ofConfined()) {
                    Array expected =
                            dev.jvortex.core.array.ArrayOps.take(decode(root, dtype, len, arena), e.getValue(), arena);
                    Taken taken = take(root, dtype, len, e.getValue(), arena);
                    ArrayRows.assertSameTypeAndRows(expected, taken.rows(), label);
                    if (kernelsOnly) {
                        assertEquals(0, taken.wholeDecodes(), label + " " + ids + ": nodes decoded whole");
                    }
                }
            }
        }
    }

    private void checkCorruption(Case c, Random random, int rounds, int mutations, String what) {
        assertTimeoutPreemptively(
                HANG,
                () -> {
                    List<String> ids = SerializedArrays.ids(c.node());
                    byte[] original = SerializedArrays.serialize(c.node(), ids);
                    int len = c.input().length();
                    DType dtype = c.input().dtype();
                    for (int round = 0; round < rounds; round++) {
                        byte[] bytes = original.clone();
                        String damage;
                        if (round % 4 == 3) {
                            int keep = random.nextInt(bytes.length);
                            bytes = Arrays.copyOf(bytes, keep);
                            damage = "serialized array cut to " + keep + " of " + original.length + " bytes";
                        } else {
                            StringBuilder sb = new StringBuilder("serialized bits flipped at");
                            for (int k = 0, n = 1 + random.nextInt(3); k < n; k++) {
                                int at = random.nextInt(bytes.length);
                                int bit = random.nextInt(8);
                                bytes[at] ^= (byte) (1 << bit);
                                sb.append(' ').append(at).append('.').append(bit);
                            }
                            damage = sb.toString();
                        }
                        int[] idx = random.ints(1 + random.nextInt(50), 0, len).toArray();
                        byte[] damaged = bytes;
                        decodeOrFailCleanly(
                                arena -> SerializedArrays.parse(damaged, ids, "damaged", arena),
                                dtype,
                                len,
                                idx,
                                what + ": " + damage);
                    }
                    try (Arena parsed = Arena.ofConfined()) {
                        EncodedNode root = SerializedArrays.roundTrip(c.node(), parsed);
                        for (NodeMutations.Mutation m : NodeMutations.random(root, mutations, random, parsed)) {
                            int[] idx =
                                    random.ints(1 + random.nextInt(50), 0, len).toArray();
                            decodeOrFailCleanly(arena -> m.root(), dtype, len, idx, what + ": " + m.what());
                        }
                    }
                },
                what + ": corruption checks did not finish in " + HANG);
    }

    /// Decodes and takes the tree `source` gives, either of which may fail, but only with a [VortexException].
    private void decodeOrFailCleanly(
            java.util.function.Function<Arena, EncodedNode> source, DType dtype, int len, int[] idx, String what) {
        try (Arena arena = Arena.ofConfined()) {
            decode(source.apply(arena), dtype, len, arena);
        } catch (VortexException expected) {
            assertNotNull(expected.getMessage(), what + ": a VortexException without a message");
        } catch (RuntimeException | Error e) {
            fail(what + ": decoding threw " + e, e);
        }
        try (Arena arena = Arena.ofConfined()) {
            take(source.apply(arena), dtype, len, idx, arena);
        } catch (VortexException expected) {
            assertNotNull(expected.getMessage(), what + ": a VortexException without a message");
        } catch (RuntimeException | Error e) {
            fail(what + ": taking threw " + e, e);
        }
    }
}
