/// The contract between the file format and the encodings: a serialized array node
/// ([dev.jvortex.core.serde.EncodedNode]) is decoded by an [dev.jvortex.core.serde.ArrayDecoder]
/// given the type and length its parent prescribes; a [dev.jvortex.core.serde.WriteNode] is
/// the same tree on the way out.
package dev.jvortex.core.serde;
