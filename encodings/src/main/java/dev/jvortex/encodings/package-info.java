/// Array encodings: [dev.jvortex.encodings.EncodingRegistry] maps each encoding id to its
/// decoder (one package per family) and [dev.jvortex.encodings.Decoding] runs a decode with the
/// limits that turn corrupt input into a [dev.jvortex.core.VortexException].
///
/// ## Identities and metadata
/// [dev.jvortex.encodings.EncodingId] names every encoding the reference writes; a string id
/// from a file parses to one of its constants or to a
/// [dev.jvortex.encodings.ParsedEncodingId.Unknown] that keeps the string for the error. The
/// dispatch points ([dev.jvortex.encodings.EncodingRegistry#decoder(EncodingId)],
/// [dev.jvortex.encodings.Taking#kernel(EncodingId)]) are exhaustive switches, so a new constant
/// makes the compiler list what else must handle it. Each family package holds its metadata as a
/// record (`BitPackedMetadata`, `DictMetadata`, ...) with `read(bytes)` and `write()`: the one
/// place its protobuf field numbers appear, shared by the decoder, the take kernel and the encoder.
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
