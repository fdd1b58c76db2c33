package dev.jvortex.file;

import java.lang.foreign.MemorySegment;
import java.util.List;

/// The data segments of a file by id ([VortexFile#segments()]), which the layout readers decode
/// (a flat layout's segment holds one serialized array, [dev.jvortex.format.SerializedArray]).
public interface SegmentSource {
    /// Returns segment `id` (checked to lie inside the file).
    MemorySegment segment(int id);

    /// Returns the footer's array encoding ids.
    List<String> arraySpecs();

    /// Returns the file name for error messages.
    String name();
}
