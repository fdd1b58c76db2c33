/// Layout readers: one per layout id, built from the layout tree with each child's type derived
/// from its parent ([dev.jvortex.file.layout.Layouts] documents the bytes of each layout).
package dev.jvortex.file.layout;
