package dev.jvortex.encodings.pco;

import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.pcodec.PcoException;
import dev.jvortex.pcodec.PcoType;

/// What `vortex.pco` needs between jvortex and the `jvortex-pcodec` module: the number type of a
/// [PType], and pco's errors as [VortexException]s.
final class PcoTypes {
    private PcoTypes() {}

    /// Returns the pco number type of `ptype` (the same eleven types).
    static PcoType of(PType ptype) {
        return switch (ptype) {
            case U8 -> PcoType.U8;
            case U16 -> PcoType.U16;
            case U32 -> PcoType.U32;
            case U64 -> PcoType.U64;
            case I8 -> PcoType.I8;
            case I16 -> PcoType.I16;
            case I32 -> PcoType.I32;
            case I64 -> PcoType.I64;
            case F16 -> PcoType.F16;
            case F32 -> PcoType.F32;
            case F64 -> PcoType.F64;
        };
    }

    /// Returns `e` as a [VortexException] with `where` in front of its message: unsupported for
    /// data in a newer pco format, corrupt otherwise.
    static VortexException error(String where, PcoException e) {
        String message = where + ": " + e.getMessage();
        return e.isUnsupported()
                ? new VortexException(VortexException.Kind.UNSUPPORTED, message, e)
                : VortexException.corrupt(message, e);
    }
}
