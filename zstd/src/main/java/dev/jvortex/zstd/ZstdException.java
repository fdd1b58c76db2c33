package dev.jvortex.zstd;

/// Input that is not valid Zstandard data: a truncated or corrupt frame, a frame that needs a
/// dictionary it was not given, or one that would produce more output than the caller allows.
///
/// The message says what was wrong and, where known, where (`input byte N` counts from the
/// start of the input the decompressor was given). Limits of the API itself (an input or output
/// larger than a Java array can hold, a range outside an array) are [IllegalArgumentException]s.
public final class ZstdException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /// Creates an exception with the given message.
    public ZstdException(String message) {
        super(message);
    }

    /// Creates an exception with the given message and cause.
    public ZstdException(String message, Throwable cause) {
        super(message, cause);
    }
}
