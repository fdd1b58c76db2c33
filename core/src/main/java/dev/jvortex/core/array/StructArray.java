package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import java.util.List;

/// Named fields of equal length, with the struct's own validity.
public record StructArray(DType.Struct dtype, List<Array> fields, int length, Validity validity) implements Array {
    public StructArray {
        fields = List.copyOf(fields);
    }

    /// Returns field `i`.
    public Array field(int i) {
        return fields.get(i);
    }

    /// Returns the first field named `name`, or null.
    public Array field(String name) {
        int i = dtype.indexOf(name);
        return i < 0 ? null : fields.get(i);
    }
}
