/// Implementation helpers shared by the encodings, the compressor and the writer: bulk moves
/// between value buffers and Java arrays ([dev.jvortex.core.internal.Segments],
/// [dev.jvortex.core.internal.IntegerArrays], [dev.jvortex.core.internal.Heap]), primitive arrays
/// built from Java arrays ([dev.jvortex.core.internal.Primitives]), row values of flat canonical
/// arrays ([dev.jvortex.core.internal.Rows]), a hash table of distinct longs
/// ([dev.jvortex.core.internal.DistinctLongs]) and a row lookup by binary search
/// ([dev.jvortex.core.internal.PositionLookup]).
///
/// Not part of the public API: the hot loops of the decoders and encoders call these directly,
/// and they may change with them.
package dev.jvortex.core.internal;
