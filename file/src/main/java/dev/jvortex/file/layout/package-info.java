/// Layout readers: one per layout id, built from the layout tree with each child's type derived
/// from its parent ([dev.jvortex.file.layout.Layouts] documents the bytes of each layout). They
/// decode into the memory of a [dev.jvortex.file.layout.ReadContext]: the batch's arena and the
/// reference-counted [dev.jvortex.file.layout.Shared] blocks it keeps alive.
///
/// Not exported: the scans of [dev.jvortex.file] are the way in.
package dev.jvortex.file.layout;
