package dev.jvortex.file.layout;

import dev.jvortex.core.VortexException;

/// A layout id as read from a file: one jvortex knows ([LayoutId]) or one it does not
/// ([Unknown], which keeps the string as written). See [LayoutId#parse].
public sealed interface ParsedLayoutId permits LayoutId, ParsedLayoutId.Unknown {
    /// Returns the id as written in the file.
    String id();

    /// An id that is none of [LayoutId]'s.
    ///
    /// @param id the id as written in the file
    record Unknown(String id) implements ParsedLayoutId {
        /// Returns the error for a layout node with this id at `where`: the file is well formed
        /// but uses a layout jvortex does not read ([VortexException.Kind#UNSUPPORTED]).
        public VortexException unsupported(String where) {
            return VortexException.unsupported(where + ": layout '" + id + "' is not supported");
        }
    }
}
