package dev.jvortex.core;

/// The one exception type of jvortex: corrupt input, unsupported features and misuse.
///
/// Messages say what was wrong and, where known, where: the file, the segment and the byte
/// offset. The [#kind()] separates data that is broken from data that is valid but not
/// supported and from API misuse.
public final class VortexException extends RuntimeException {
    /// What went wrong, broadly.
    public enum Kind {
        /// The bytes do not form a valid Vortex file (truncated, inconsistent, out of range).
        CORRUPT,
        /// The file is valid but uses something this version cannot read or write.
        UNSUPPORTED,
        /// The caller used the API wrongly (closed object, wrong type, bad argument).
        MISUSE,
        /// An I/O error while reading or writing.
        IO
    }

    private final Kind kind;

    public VortexException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public VortexException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /// Returns the broad kind of failure.
    public Kind kind() {
        return kind;
    }

    /// Returns a [Kind#CORRUPT] exception with the given message.
    public static VortexException corrupt(String message) {
        return new VortexException(Kind.CORRUPT, message);
    }

    /// Returns a [Kind#CORRUPT] exception with the given message and cause.
    public static VortexException corrupt(String message, Throwable cause) {
        return new VortexException(Kind.CORRUPT, message, cause);
    }

    /// Returns a [Kind#UNSUPPORTED] exception with the given message.
    public static VortexException unsupported(String message) {
        return new VortexException(Kind.UNSUPPORTED, message);
    }

    /// Returns a [Kind#MISUSE] exception with the given message.
    public static VortexException misuse(String message) {
        return new VortexException(Kind.MISUSE, message);
    }

    /// Throws a corrupt-data exception with `what` unless `ok` holds.
    public static void check(boolean ok, String what) {
        if (!ok) {
            throw corrupt(what);
        }
    }

    /// Returns a copy of this exception with `where` prepended to the message, keeping the kind.
    public VortexException at(String where) {
        VortexException e = new VortexException(kind, where + ": " + getMessage(), getCause());
        e.setStackTrace(getStackTrace());
        return e;
    }
}
