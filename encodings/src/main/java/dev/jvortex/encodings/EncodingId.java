package dev.jvortex.encodings;

import java.util.HashMap;
import java.util.Map;

/// The array encodings by their id on the wire: every id the reference is known to write.
///
/// A file names the encoding of each array node by its string id; [#parse] turns it into a
/// constant here or, for an id jvortex has never heard of, a [ParsedEncodingId.Unknown] that keeps
/// the string for the error message. Dispatch over the constants is an exhaustive `switch`
/// (without `default`) in [EncodingRegistry#decoder(EncodingId)] and [Taking#kernel(EncodingId)],
/// so adding a constant makes the compiler list every place that must handle it. Encoders write
/// `X.id()`, never a string literal.
///
/// [#decodable()] says whether jvortex reads the encoding; the ones it does not are marked here
/// and rejected with [ParsedEncodingId#unsupported(String)], like unknown ids.
public enum EncodingId implements ParsedEncodingId {
    /// `vortex.null`: an array of nulls (canonical).
    NULL("vortex.null"),
    /// `vortex.bool`: bits (canonical).
    BOOL("vortex.bool"),
    /// `vortex.primitive`: fixed-width numbers (canonical).
    PRIMITIVE("vortex.primitive"),
    /// `vortex.decimal`: fixed-width decimals (canonical).
    DECIMAL("vortex.decimal"),
    /// `vortex.varbin`: strings or bytes end to end with offsets.
    VARBIN("vortex.varbin"),
    /// `vortex.varbinview`: strings or bytes as 16-byte views (canonical).
    VARBINVIEW("vortex.varbinview"),
    /// `vortex.struct`: one child per field (canonical).
    STRUCT("vortex.struct"),
    /// `vortex.list`: elements and offsets.
    LIST("vortex.list"),
    /// `vortex.listview`: elements, offsets and sizes (canonical).
    LISTVIEW("vortex.listview"),
    /// `vortex.fixed_size_list`: elements, the same number per row (canonical).
    FIXED_SIZE_LIST("vortex.fixed_size_list"),
    /// `vortex.ext`: an extension type over its storage (canonical).
    EXT("vortex.ext"),
    /// `vortex.map`: a list of key-value entries.
    MAP("vortex.map"),
    /// `vortex.variant`: semi-structured values; not read by jvortex.
    VARIANT("vortex.variant", false),
    /// `vortex.chunked`: consecutive chunks.
    CHUNKED("vortex.chunked"),
    /// `vortex.constant`: one value on every row.
    CONSTANT("vortex.constant"),
    /// `vortex.masked`: a validity over a non-nullable child.
    MASKED("vortex.masked"),
    /// `vortex.dict`: codes into a dictionary of values.
    DICT("vortex.dict"),
    /// `vortex.sparse`: a fill value and patches.
    SPARSE("vortex.sparse"),
    /// `vortex.patched`: an inner array and per-chunk patches.
    PATCHED("vortex.patched"),
    /// `fastlanes.bitpacked`: integers packed at one bit width, with patches.
    BITPACKED("fastlanes.bitpacked"),
    /// `fastlanes.for`: frame of reference.
    FOR("fastlanes.for"),
    /// `fastlanes.delta`: per-lane deltas in FastLanes order.
    DELTA("fastlanes.delta"),
    /// `fastlanes.rle`: per-block run values and indices.
    RLE("fastlanes.rle"),
    /// `vortex.alp`: floats as scaled integers, with patches.
    ALP("vortex.alp"),
    /// `vortex.alprd`: floats split into dictionary-coded left bits and packed right bits.
    ALPRD("vortex.alprd"),
    /// `vortex.zstd`: Zstandard frames of values.
    ZSTD("vortex.zstd"),
    /// `vortex.zstd_buffers`: another encoding with its buffers compressed by Zstandard.
    ZSTD_BUFFERS("vortex.zstd_buffers"),
    /// `vortex.pco`: Pcodec chunks and pages.
    PCO("vortex.pco"),
    /// `vortex.fsst`: strings compressed with a static symbol table.
    FSST("vortex.fsst"),
    /// `vortex.onpair`: strings compressed with a dictionary of byte-pair tokens.
    ONPAIR("vortex.onpair"),
    /// `vortex.runend`: run values and run ends.
    RUNEND("vortex.runend"),
    /// `vortex.sequence`: `base + i × multiplier`.
    SEQUENCE("vortex.sequence"),
    /// `vortex.zigzag`: signed integers mapped to unsigned ones.
    ZIGZAG("vortex.zigzag"),
    /// `vortex.bytebool`: one byte per bool.
    BYTEBOOL("vortex.bytebool"),
    /// `vortex.decimal_byte_parts`: decimals as their most significant integer part.
    DECIMAL_BYTE_PARTS("vortex.decimal_byte_parts"),
    /// `vortex.datetimeparts`: timestamps as days, seconds and subseconds.
    DATETIMEPARTS("vortex.datetimeparts");

    private static final Map<String, EncodingId> BY_ID = new HashMap<>();

    static {
        for (EncodingId e : values()) {
            BY_ID.put(e.id, e);
        }
    }

    private final String id;
    private final boolean decodable;

    EncodingId(String id) {
        this(id, true);
    }

    EncodingId(String id, boolean decodable) {
        this.id = id;
        this.decodable = decodable;
    }

    /// Returns the id as written in files, e.g. `fastlanes.bitpacked`.
    @Override
    public String id() {
        return id;
    }

    /// Returns whether jvortex decodes this encoding (false for the ids it only recognises).
    public boolean decodable() {
        return decodable;
    }

    /// Returns whether `id` is this encoding's id.
    public boolean is(String id) {
        return this.id.equals(id);
    }

    /// Returns the encoding with id `id`, or a [ParsedEncodingId.Unknown] holding `id`.
    public static ParsedEncodingId parse(String id) {
        EncodingId known = BY_ID.get(id);
        return known != null ? known : new ParsedEncodingId.Unknown(id);
    }
}
