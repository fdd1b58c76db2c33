package dev.jvortex.compress.internal;

/// [RleScheme] among the float candidates.
final class FloatRleScheme extends RleScheme {
    static final FloatRleScheme INSTANCE = new FloatRleScheme();

    private FloatRleScheme() {
        super(SchemeId.FLOAT_RLE);
    }
}
