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
import dev.jvortex.encodings.pco.PcoArrayDecoder;
import dev.jvortex.encodings.runend.RunEndDecoder;
import dev.jvortex.encodings.sequence.SequenceDecoder;
import dev.jvortex.encodings.sparse.SparseDecoder;
import dev.jvortex.encodings.varbin.VarBinDecoder;
import dev.jvortex.encodings.zigzag.ZigZagDecoder;
import dev.jvortex.encodings.zstd.ZstdDecoder;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/// The one dispatch point from an array encoding to its decoder.
public final class EncodingRegistry {
    private EncodingRegistry() {}

    /// Returns the decoder of encoding `id`, or null when jvortex does not decode it (see
    /// [EncodingId#decodable()]).
    public static ArrayDecoder decoder(EncodingId id) {
        return switch (id) {
            case NULL -> CanonicalDecoders::nullArray;
            case BOOL -> CanonicalDecoders::bool;
            case PRIMITIVE -> CanonicalDecoders::primitive;
            case DECIMAL -> CanonicalDecoders::decimal;
            case VARBIN -> VarBinDecoder::varbin;
            case VARBINVIEW -> VarBinDecoder::varbinview;
            case STRUCT -> CanonicalDecoders::struct;
            case LIST -> ListDecoder::list;
            case LISTVIEW -> ListDecoder::listview;
            case FIXED_SIZE_LIST -> ListDecoder::fixedSizeList;
            case EXT -> CanonicalDecoders::extension;
            case MAP -> ListDecoder::map;
            case VARIANT -> null;
            case CHUNKED -> ChunkedDecoder::decode;
            case CONSTANT -> ConstantDecoder::decode;
            case MASKED -> MaskedDecoder::decode;
            case DICT -> DictDecoder::decode;
            case SPARSE -> SparseDecoder::decode;
            case PATCHED -> PatchedDecoder::decode;
            case BITPACKED -> BitPackedDecoder::decode;
            case FOR -> ForDecoder::decode;
            case DELTA -> DeltaDecoder::decode;
            case RLE -> RleDecoder::decode;
            case ALP -> AlpDecoder::decode;
            case ALPRD -> AlpRdDecoder::decode;
            case ZSTD -> ZstdDecoder::zstd;
            case ZSTD_BUFFERS -> ZstdDecoder::zstdBuffers;
            case PCO -> PcoArrayDecoder::decode;
            case FSST -> FsstDecoder::decode;
            case ONPAIR -> OnPairDecoder::decode;
            case RUNEND -> RunEndDecoder::decode;
            case SEQUENCE -> SequenceDecoder::decode;
            case ZIGZAG -> ZigZagDecoder::decode;
            case BYTEBOOL -> ByteBoolDecoder::decode;
            case DECIMAL_BYTE_PARTS -> DecimalBytePartsDecoder::decode;
            case DATETIMEPARTS -> DateTimePartsDecoder::decode;
        };
    }

    /// Returns the decoder for the encoding with id `id`, or null when the id is unknown or not
    /// decoded by jvortex.
    public static ArrayDecoder decoder(String id) {
        return switch (EncodingId.parse(id)) {
            case EncodingId known -> decoder(known);
            case ParsedEncodingId.Unknown _ -> null;
        };
    }

    /// Returns the ids of every supported encoding, sorted.
    public static Set<String> supported() {
        Set<String> out = new TreeSet<>();
        for (EncodingId id : EncodingId.values()) {
            if (decoder(id) != null) {
                out.add(id.id());
            }
        }
        return out;
    }

    /// Every encoding id the reference is known to write (the ids of [EncodingId], in its order).
    public static final List<String> KNOWN_IDS =
            Arrays.stream(EncodingId.values()).map(EncodingId::id).toList();
}
