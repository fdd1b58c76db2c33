package dev.jvortex.encodings;

import dev.jvortex.core.serde.ArrayDecoder;
import dev.jvortex.encodings.alp.AlpDecoder;
import dev.jvortex.encodings.alp.AlpRdDecoder;
import dev.jvortex.encodings.bytebool.ByteBoolDecoder;
import dev.jvortex.encodings.canonical.CanonicalDecoders;
import dev.jvortex.encodings.chunked.ChunkedDecoder;
import dev.jvortex.encodings.constant.ConstantDecoder;
import dev.jvortex.encodings.datetime.DateTimePartsDecoder;
import dev.jvortex.encodings.decimalbyteparts.DecimalBytePartsDecoder;
import dev.jvortex.encodings.dict.DictDecoder;
import dev.jvortex.encodings.fastlanes.BitPackedDecoder;
import dev.jvortex.encodings.fastlanes.DeltaDecoder;
import dev.jvortex.encodings.fastlanes.ForDecoder;
import dev.jvortex.encodings.fastlanes.RleDecoder;
import dev.jvortex.encodings.fsst.FsstDecoder;
import dev.jvortex.encodings.list.ListDecoder;
import dev.jvortex.encodings.masked.MaskedDecoder;
import dev.jvortex.encodings.onpair.OnPairDecoder;
import dev.jvortex.encodings.patches.PatchedDecoder;
import dev.jvortex.encodings.runend.RunEndDecoder;
import dev.jvortex.encodings.sequence.SequenceDecoder;
import dev.jvortex.encodings.pco.PcoArrayDecoder;
import dev.jvortex.encodings.sparse.SparseDecoder;
import dev.jvortex.encodings.varbin.VarBinDecoder;
import dev.jvortex.encodings.zigzag.ZigZagDecoder;
import dev.jvortex.encodings.zstd.ZstdDecoder;
import java.util.Set;
import java.util.TreeSet;

/// The one dispatch point from an array encoding id to its decoder.
public final class EncodingRegistry {
    private EncodingRegistry() {}

    /// Returns the decoder for encoding `id`, or null when the id is not supported.
    public static ArrayDecoder decoder(String id) {
        return switch (id) {
            case "vortex.null" -> CanonicalDecoders::nullArray;
            case "vortex.bool" -> CanonicalDecoders::bool;
            case "vortex.primitive" -> CanonicalDecoders::primitive;
            case "vortex.decimal" -> CanonicalDecoders::decimal;
            case "vortex.varbin" -> VarBinDecoder::varbin;
            case "vortex.varbinview" -> VarBinDecoder::varbinview;
            case "vortex.struct" -> CanonicalDecoders::struct;
            case "vortex.list" -> ListDecoder::list;
            case "vortex.listview" -> ListDecoder::listview;
            case "vortex.fixed_size_list" -> ListDecoder::fixedSizeList;
            case "vortex.ext" -> CanonicalDecoders::extension;
            case "vortex.map" -> ListDecoder::map;
            case "vortex.chunked" -> ChunkedDecoder::decode;
            case "vortex.constant" -> ConstantDecoder::decode;
            case "vortex.masked" -> MaskedDecoder::decode;
            case "vortex.dict" -> DictDecoder::decode;
            case "vortex.sparse" -> SparseDecoder::decode;
            case "vortex.patched" -> PatchedDecoder::decode;
            case "fastlanes.bitpacked" -> BitPackedDecoder::decode;
            case "fastlanes.for" -> ForDecoder::decode;
            case "fastlanes.delta" -> DeltaDecoder::decode;
            case "fastlanes.rle" -> RleDecoder::decode;
            case "vortex.alp" -> AlpDecoder::decode;
            case "vortex.alprd" -> AlpRdDecoder::decode;
            case "vortex.zstd" -> ZstdDecoder::zstd;
            case "vortex.zstd_buffers" -> ZstdDecoder::zstdBuffers;
            case "vortex.fsst" -> FsstDecoder::decode;
            case "vortex.onpair" -> OnPairDecoder::decode;
            case "vortex.runend" -> RunEndDecoder::decode;
            case "vortex.sequence" -> SequenceDecoder::decode;
            case "vortex.zigzag" -> ZigZagDecoder::decode;
            case "vortex.bytebool" -> ByteBoolDecoder::decode;
            case "vortex.decimal_byte_parts" -> DecimalBytePartsDecoder::decode;
            case "vortex.datetimeparts" -> DateTimePartsDecoder::decode;
            case "vortex.pco" -> PcoArrayDecoder::decode;
            default -> null;
        };
    }

    /// Returns the ids of every supported encoding, sorted.
    public static Set<String> supported() {
        Set<String> out = new TreeSet<>();
        for (String id : KNOWN_IDS) {
            if (decoder(id) != null) {
                out.add(id);
            }
        }
        return out;
    }

    /// Every encoding id the reference is known to write.
    public static final java.util.List<String> KNOWN_IDS = java.util.List.of(
            "fastlanes.bitpacked", "fastlanes.delta", "fastlanes.for", "fastlanes.rle",
            "vortex.alp", "vortex.alprd", "vortex.bool", "vortex.bytebool", "vortex.chunked", "vortex.constant",
            "vortex.datetimeparts", "vortex.decimal", "vortex.decimal_byte_parts", "vortex.dict", "vortex.ext",
            "vortex.fixed_size_list", "vortex.fsst", "vortex.list", "vortex.listview", "vortex.masked", "vortex.null",
            "vortex.pco", "vortex.primitive", "vortex.runend", "vortex.sequence", "vortex.sparse", "vortex.struct",
            "vortex.varbin", "vortex.varbinview", "vortex.variant", "vortex.zigzag", "vortex.zstd",
            "vortex.onpair", "vortex.zstd_buffers", "vortex.patched", "vortex.map");
}
