package dev.jvortex.compress.internal;

/// The name of each [Scheme], for the exclusion sets a scheme passes to its children ("no
/// dictionary on dictionary codes"). Identity only: what a scheme does lives in its class.
enum SchemeId {
    CONSTANT,
    SEQUENCE,
    FOR,
    ZIGZAG,
    BITPACK,
    SPARSE,
    DICT,
    RUNEND,
    ALP,
    ALPRD,
    FSST,
    VARBIN,
    INT_RLE,
    FLOAT_RLE,
    DELTA,
    ONPAIR,
    PCO,
    ZSTD,
    DATETIME_PARTS,
    DECIMAL_BYTE_PARTS
}
