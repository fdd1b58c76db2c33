/// Array encodings: [dev.jvortex.encodings.EncodingRegistry] maps each encoding id to its
/// decoder (one package per family) and [dev.jvortex.encodings.Decoding] runs a decode with the
/// limits that turn corrupt input into a [dev.jvortex.core.VortexException].
///
/// ## Encoding
/// Each family's encoder sits beside its decoder (`BitPackedEncoder`, `ForEncoder`,
/// `AlpEncoder`, `AlpRdEncoder`, `DictEncoder`, `RunEndEncoder`, `SparseEncoder`,
/// `ConstantEncoder`, `SequenceEncoder`, `ZigZagEncoder`, `FsstEncoder`) and turns a canonical
/// array into a [dev.jvortex.core.serde.WriteNode] the reference decodes; it returns null when it
/// does not apply. Its size is [dev.jvortex.core.serde.WriteNode#bufferBytes()] (what the
/// reference's compressor compares as `nbytes`). Child arrays go through a
/// [dev.jvortex.encodings.ChildEncoder] the caller passes in, so a compressor can cascade; without
/// one, [dev.jvortex.encodings.light.LightEncoder#PACKED] makes one level of cheap choices.
package dev.jvortex.encodings;
