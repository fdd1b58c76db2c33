package dev.jvortex.arrow;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.Batch;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/// A root in which some columns are Arrow dictionary vectors (`int32` indices into a dictionary
/// of the column's distinct values), with the dictionaries; close it to free both.
///
/// ```java
/// try (DictionaryRoot d = DictionaryRoot.of(batch, allocator, Set.of("city"))) {
///     IntVector indices = (IntVector) d.root().getVector("city");
///     Dictionary cities = d.dictionaries().lookup(indices.getField().getDictionary().getId());
/// }
/// ```
///
/// Scan batches hold decoded columns, so the dictionary is built per batch from the values (in
/// order of first appearance; nulls are null indices, not dictionary entries). Dictionary ids are
/// the column positions.
///
/// @param root the columns, the asked ones dictionary-encoded
/// @param dictionaries the dictionaries, by the ids in the encoded fields
public record DictionaryRoot(VectorSchemaRoot root, DictionaryProvider.MapDictionaryProvider dictionaries)
        implements AutoCloseable {
    static final ArrowType.Int INDEX = new ArrowType.Int(32, true);

    /// Returns the columns of `batch` with those named in `encode` dictionary-encoded.
    public static DictionaryRoot of(Batch batch, BufferAllocator allocator, Set<String> encode) {
        List<Array> columns = new ArrayList<>(batch.columnCount());
        for (int i = 0; i < batch.columnCount(); i++) {
            columns.add(batch.column(i));
        }
        return of(batch.columnNames(), columns, allocator, encode);
    }

    /// Returns named arrays as a root with the columns named in `encode` dictionary-encoded.
    public static DictionaryRoot of(
            List<String> names, List<Array> columns, BufferAllocator allocator, Set<String> encode) {
        for (String e : encode) {
            if (!names.contains(e)) {
                throw VortexException.misuse("no column '" + e + "' to dictionary-encode; columns are " + names);
            }
        }
        DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
        List<FieldVector> vectors = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        int rows = columns.isEmpty() ? 0 : columns.getFirst().length();
        try {
            for (int c = 0; c < columns.size(); c++) {
                String name = names.get(c);
                Array a = columns.get(c);
                if (!encode.contains(name)) {
                    fields.add(ArrowTypes.toArrow(name, a.dtype()));
                    vectors.add(ArrowExport.toVector(name, a, allocator));
                    continue;
                }
                DictionaryEncoding encoding = new DictionaryEncoding(c, false, INDEX);
                try (FieldVector values = ArrowExport.toVector(name, a, allocator);
                        DictionaryBuilder builder = new DictionaryBuilder(values.getField(), allocator)) {
                    IntVector indices = new IntVector(indexField(values.getField(), encoding), allocator);
                    try {
                        builder.encode(values, indices);
                    } catch (RuntimeException e) {
                        indices.close();
                        throw e;
                    }
                    provider.put(new Dictionary(builder.take(), encoding));
                    fields.add(indices.getField());
                    vectors.add(indices);
                }
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            provider.close();
            throw e;
        }
        return new DictionaryRoot(new VectorSchemaRoot(fields, vectors, rows), provider);
    }

    /// The field of a dictionary-encoded column: `int32` indices, the values' name and nullability.
    static Field indexField(Field values, DictionaryEncoding encoding) {
        return new Field(values.getName(), new FieldType(values.isNullable(), INDEX, encoding), null);
    }

    @Override
    public void close() {
        root.close();
        dictionaries.close();
    }

    /// Returns the dictionary of the encoded column `name`, or null when it is not encoded.
    public Dictionary dictionary(String name) {
        DictionaryEncoding e = root.getVector(name).getField().getDictionary();
        return e == null ? null : dictionaries.lookup(e.getId());
    }
}
