package dev.jvortex.encodings;

import dev.jvortex.core.VortexException;

/// An array encoding id as read from a file: one jvortex knows ([EncodingId]) or one it does not
/// ([Unknown], which keeps the string as written). See [EncodingId#parse].
public sealed interface ParsedEncodingId permits EncodingId, ParsedEncodingId.Unknown {
    /// Returns the id as written in the file.
    String id();

    /// Returns the error for a node of this encoding at `location` that cannot be decoded: the
    /// id is unknown, or known but not read by jvortex. The file is well formed, so the error is
    /// [VortexException.Kind#UNSUPPORTED], not corrupt data.
    default VortexException unsupported(String location) {
        return VortexException.unsupported(location + ": array encoding '" + id() + "' is not supported");
    }

    /// An id that is none of [EncodingId]'s.
    ///
    /// @param id the id as written in the file
    record Unknown(String id) implements ParsedEncodingId {}
}
