package dev.jvortex.arrow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.types.pojo.Field;

/// An Arrow dictionary grown from the vectors it encodes: each distinct non-null value gets the
/// next index, in order of first appearance, across every call (so one builder gives a whole
/// file's batches one dictionary).
final class DictionaryBuilder implements AutoCloseable {
    private FieldVector dictionary;
    private final Map<Integer, List<Integer>> byHash = new HashMap<>();
    private int size;
    private boolean frozen;

    /// Starts an empty dictionary of values of `values` (the type of the vectors to encode).
    DictionaryBuilder(Field values, BufferAllocator allocator) {
        // Made from the values' own field, so that the two compare as the same type.
        dictionary = values.createVector(allocator);
        dictionary.allocateNew();
    }

    /// Fills `indices` with the dictionary positions of the rows of `values` (nulls stay null),
    /// adding the values not yet in the dictionary.
    void encode(FieldVector values, IntVector indices) {
        int n = values.getValueCount();
        indices.allocateNew(n);
        RangeEqualsVisitor equal = new RangeEqualsVisitor(values, dictionary);
        for (int i = 0; i < n; i++) {
            if (values.isNull(i)) {
                indices.setNull(i);
                continue;
            }
            List<Integer> candidates = byHash.computeIfAbsent(values.hashCode(i), _ -> new ArrayList<>(1));
            int found = -1;
            for (int k : candidates) {
                if (equal.rangeEquals(new Range(i, k, 1))) {
                    found = k;
                    break;
                }
            }
            if (found < 0) {
                if (frozen) {
                    throw new IllegalStateException("a value outside the frozen dictionary at row " + i);
                }
                found = size++;
                dictionary.copyFromSafe(i, found, values);
                dictionary.setValueCount(size);
                candidates.add(found);
            }
            indices.set(i, found);
        }
        dictionary.setValueCount(size);
        indices.setValueCount(n);
    }

    /// Makes [#encode] fail on a value not yet in the dictionary (once the dictionary is written).
    void freeze() {
        frozen = true;
    }

    /// Returns the dictionary (still owned by the builder).
    FieldVector dictionary() {
        dictionary.setValueCount(size);
        return dictionary;
    }

    /// Returns the dictionary and hands its ownership to the caller (the builder is then spent).
    FieldVector take() {
        FieldVector d = dictionary;
        dictionary.setValueCount(size);
        dictionary = null;
        return d;
    }

    @Override
    public void close() {
        if (dictionary != null) {
            dictionary.close();
        }
    }
}
