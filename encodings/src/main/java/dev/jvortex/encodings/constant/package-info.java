/// `vortex.constant`: one value repeated on every row.
///
/// ## Bytes
/// - metadata: empty
/// - buffer 0: the value, a protobuf `ScalarValue` ([dev.jvortex.core.Scalar#encode()])
/// - no children
///
/// ## Decoding
/// [ConstantDecoder] repeats the value (null when the scalar is null); [ConstantEncoder] writes
/// arrays whose valid rows are all equal, as `vortex.masked` over a constant when some rows are null.
///
/// Reference: `vortex-array/src/arrays/constant` in vortex-data/vortex.
package dev.jvortex.encodings.constant;
