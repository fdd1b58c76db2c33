package dev.jvortex.pcodec;

/// Input that pco cannot decode: corrupt or truncated data (a field out of range, bin weights
/// that do not add up, a page that runs past its bytes, ...), or data in a newer format than
/// this decoder reads ([#isUnsupported()]).
///
/// The message says what was wrong and where: the component (header, chunk meta, page), the
/// field and, for bit-level errors, the bit position. Arguments a caller got wrong (a negative
/// count, an output too small, an unknown setting) are [IllegalArgumentException]s instead.
public final class PcoException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean unsupported;

    /// Creates an exception for corrupt data with the given message.
    public PcoException(String message) {
        this(message, false);
    }

    private PcoException(String message, boolean unsupported) {
        super(message);
        this.unsupported = unsupported;
    }

    /// Returns an exception for data that is valid pco, but in a format version newer than this
    /// decoder reads.
    public static PcoException unsupported(String message) {
        return new PcoException(message, true);
    }

    /// Returns true when the data is in a format newer than this decoder reads, false when it is
    /// corrupt.
    public boolean isUnsupported() {
        return unsupported;
    }
}
