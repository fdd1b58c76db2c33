/// Types shared by every jvortex module: logical types ([dev.jvortex.core.DType]), physical
/// types ([dev.jvortex.core.PType]), single values ([dev.jvortex.core.Scalar], with the
/// protobuf `ScalarValue` codec) and the one exception type, [dev.jvortex.core.VortexException].
package dev.jvortex.core;
