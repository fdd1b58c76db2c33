package dev.jvortex.encodings;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.ArrayDecoder;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// Decodes serialized array trees into canonical arrays in one arena, with limits that turn
/// corrupt input into a [VortexException] instead of an endless loop or an out-of-memory error.
public final class Decoding implements DecodeContext {
    /// Default cap on the bytes one decode may allocate.
    public static final long DEFAULT_MAX_BYTES = 2L << 30;
    /// Most nodes one decode may visit (guards against shared subtrees exploding).
    public static final int MAX_NODES = 1 << 20;

    private final Arena arena;
    private final long maxBytes;
    private DType.Extension stripped;
    private long allocated;
    private int nodes;

    /// Creates a context that allocates from `arena`.
    public Decoding(Arena arena) {
        this(arena, DEFAULT_MAX_BYTES);
    }

    /// Creates a context that allocates at most `maxBytes` from `arena`.
    public Decoding(Arena arena, long maxBytes) {
        this.arena = arena;
        this.maxBytes = maxBytes;
    }

    /// Decodes a whole serialized array rooted at `root`.
    public static Array decodeRoot(EncodedNode root, DType dtype, long length, Arena arena) {
        int len = DecodeContext.checkedLength(length, "array length");
        return new Decoding(arena).decode(root, dtype, len);
    }

    @Override
    public Arena arena() {
        return arena;
    }

    @Override
    public Array decode(EncodedNode node, DType dtype, int length) {
        if (++nodes > MAX_NODES) {
            throw VortexException.corrupt(node.location() + ": array tree has more than " + MAX_NODES + " nodes");
        }
        if (length < 0) {
            throw VortexException.corrupt(node.location() + ": negative length " + length);
        }
        String id = node.encoding();
        ParsedEncodingId parsed = EncodingId.parse(id);
        if (dtype instanceof DType.Extension ext && !extensionAware(parsed)) {
            // Encodings other than these work on the storage values; the extension type is re-applied on top.
            DType.Extension outer = stripped;
            stripped = ext;
            try {
                return new dev.jvortex.core.array.ExtensionArray(ext, decode(node, ext.storage(), length));
            } finally {
                stripped = outer;
            }
        }
        if (!(dtype instanceof DType.Extension)
                && parsed == EncodingId.DATETIMEPARTS
                && stripped != null
                && stripped.storage().withNullable(false).equals(dtype.withNullable(false))) {
            // An extension-aware encoding (date-time parts) below a generic one (dict, run-end, ...) that
            // was given the storage type: decode it with the extension type and hand back the storage.
            Array a = decode(node, stripped.withNullable(dtype.nullable()), length);
            return a instanceof dev.jvortex.core.array.ExtensionArray e ? e.storage() : a;
        }
        ArrayDecoder decoder = switch (parsed) {
            case EncodingId known -> EncodingRegistry.decoder(known);
            case ParsedEncodingId.Unknown _ -> null;
        };
        if (decoder == null) {
            throw parsed.unsupported(node.location());
        }
        Array out;
        try {
            out = decoder.decode(node, dtype, length, this);
        } catch (RuntimeException e) {
            throw failure(e, node.location() + " (" + id + " as " + dtype + ", " + length + " rows)");
        }
        if (out.length() != length) {
            throw VortexException.corrupt(
                    node.location() + ": " + id + " decoded " + out.length() + " rows, expected " + length);
        }
        return out;
    }

    /// Whether encodings of `id` decode extension types themselves (rather than their storage).
    static boolean extensionAware(ParsedEncodingId id) {
        return id == EncodingId.EXT || id == EncodingId.DATETIMEPARTS;
    }

    /// Returns what to throw for `e`, raised while decoding untrusted bytes at `where`.
    ///
    /// - a [VortexException] passes through unchanged;
    /// - an [IndexOutOfBoundsException] or [ArithmeticException] is the net under the decoders'
    ///   explicit checks (a read past a buffer, an overflowing length): corrupt data, as a
    ///   [VortexException.Kind#CORRUPT] naming `where`;
    /// - the FFM "already closed" [IllegalStateException] means the memory being decoded was
    ///   freed, and a [WrongThreadException] that it belongs to another thread's confined arena
    ///   (e.g. a file opened over confined memory and read by a parallel scan): a
    ///   [VortexException.Kind#MISUSE] saying so;
    /// - anything else is a bug in jvortex, not in the data: a [VortexException.Kind#INTERNAL]
    ///   naming `where`, with `e` as its cause.
    public static VortexException failure(RuntimeException e, String where) {
        return switch (e) {
            case VortexException v -> v;
            case IndexOutOfBoundsException _, ArithmeticException _ -> VortexException.corrupt(where + ": " + e, e);
            case IllegalStateException _
            when isClosedError(e) ->
                VortexException.misuse(
                        where + ": read after close (the file, batch or arena this memory belongs to is closed)", e);
            case WrongThreadException _ ->
                VortexException.misuse(
                        where + ": memory of a confined arena was read by a thread"
                                + " other than its owner (use a shared arena for memory that a parallel scan reads)",
                        e);
            default -> VortexException.internal(where, e);
        };
    }

    /// Returns true when `e` is the FFM error for access to memory whose arena is closed.
    public static boolean isClosedError(RuntimeException e) {
        return e instanceof IllegalStateException && "Already closed".equals(e.getMessage());
    }

    @Override
    public MemorySegment allocate(long bytes, long alignment) {
        if (bytes < 0 || bytes > maxBytes - allocated) {
            throw VortexException.corrupt("decoding needs " + bytes + " more bytes, over the limit of " + maxBytes);
        }
        allocated += bytes;
        try {
            return arena.allocate(Math.max(bytes, 1), alignment);
        } catch (OutOfMemoryError e) {
            // The size passed the cap above, so this is a machine short of memory for a length
            // the file may legitimately hold: a resource failure, not corrupt data and not a bug.
            throw new VortexException(
                    VortexException.Kind.IO, "out of memory allocating " + bytes + " bytes for decoding", e);
        }
    }
}
