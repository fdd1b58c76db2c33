package dev.jvortex.file;

import dev.jvortex.file.layout.Shared;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Consumer;

/// The data segments of a file by id ([VortexFile#segments()]), which the layout readers decode
/// (a flat layout's segment holds one serialized array, [dev.jvortex.format.SerializedArray]).
public interface SegmentSource {
    /// Returns segment `id` (checked to lie inside the file).
    MemorySegment segment(int id);

    /// Returns segment `id` for decoding: when its bytes live in memory that must be released (a
    /// fetched range of a remote file), one reference to that memory is handed to `keeper`,
    /// which releases it once nothing points into the bytes any more (decoded arrays may be
    /// views of them). A mapped file hands nothing over.
    default MemorySegment segment(int id, Consumer<Shared> keeper) {
        return segment(id);
    }

    /// Returns the footer's array encoding ids.
    List<String> arraySpecs();

    /// Returns the file name for error messages.
    String name();
}
