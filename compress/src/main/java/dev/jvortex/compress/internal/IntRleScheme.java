package dev.jvortex.compress.internal;

/// [RleScheme] among the integer candidates.
final class IntRleScheme extends RleScheme {
    static final IntRleScheme INSTANCE = new IntRleScheme();

    private IntRleScheme() {
        super(SchemeId.INT_RLE);
    }
}
