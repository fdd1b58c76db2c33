/// The types every jvortex module shares: logical and physical types, scalars and the one
/// exception type ([dev.jvortex.core]), the in-memory arrays ([dev.jvortex.core.array]), filter
/// expressions ([dev.jvortex.core.expr]) and the serialized array nodes that the file format and
/// the encodings exchange ([dev.jvortex.core.serde]).
///
/// The protobuf codec and the buffer helpers of the hot loops are exported to the other jvortex
/// modules only.
@SuppressWarnings("module") // the modules named in qualified exports are built after this one
module dev.jvortex.core {
    exports dev.jvortex.core;
    exports dev.jvortex.core.array;
    exports dev.jvortex.core.expr;
    exports dev.jvortex.core.serde;
    exports dev.jvortex.core.expr.internal to
            dev.jvortex.file;
    exports dev.jvortex.core.internal to
            dev.jvortex.encodings,
            dev.jvortex.compress,
            dev.jvortex.file;
    exports dev.jvortex.core.proto to
            dev.jvortex.format,
            dev.jvortex.encodings,
            dev.jvortex.compress,
            dev.jvortex.file;
}
