package dev.jvortex.file.layout;

import java.lang.foreign.MemorySegment;
import java.util.List;

/// Gives layout readers the bytes of data segments.
public interface SegmentSource {
    /// Returns segment `id` (checked to lie inside the file).
    MemorySegment segment(int id);

    /// Returns the footer's array encoding ids.
    List<String> arraySpecs();

    /// Returns the file name for error messages.
    String name();
}
