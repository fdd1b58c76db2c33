/// The canonical in-memory arrays every encoding decodes to.
///
/// Buffers are [java.lang.foreign.MemorySegment]s in little-endian order: slices of the mapped
/// file where the stored bytes already are the canonical form (primitive values, views), or
/// memory of the arena that decoded them. Validity is a bitmap (least-significant bit first) or
/// a constant. [dev.jvortex.core.array.ArrayOps] slices, gathers and concatenates arrays.
package dev.jvortex.core.array;
