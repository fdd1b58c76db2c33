package dev.jvortex.core;

/// The one exception type of jvortex: corrupt input, unsupported features, misuse and our own bugs.
///
/// Messages say what was wrong and, where known, where: the file, the segment and the byte
/// offset. The [#kind()] separates data that is broken from data that is valid but not
/// supported, from API misuse and from a failed invariant of jvortex itself.
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
        IO,
        /// A bug in jvortex: an invariant of the code, not of the data, failed. The cause is the
        /// original exception; the message says where it happened.
        INTERNAL
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

    /// Returns a [Kind#MISUSE] exception with the given message and cause.
    public static VortexException misuse(String message, Throwable cause) {
        return new VortexException(Kind.MISUSE, message, cause);
    }

    /// Returns a [Kind#INTERNAL] exception for the bug `cause` found at `where`.
    public static VortexException internal(String where, Throwable cause) {
        return new VortexException(
                Kind.INTERNAL,
                where + ": internal error (a bug in jvortex, not a problem with the data): " + cause,
                cause);
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
