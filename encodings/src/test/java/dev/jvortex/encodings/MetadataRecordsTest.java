package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.encodings.alp.AlpMetadata;
import dev.jvortex.encodings.alp.AlpRdMetadata;
import dev.jvortex.encodings.canonical.BoolMetadata;
import dev.jvortex.encodings.canonical.DecimalMetadata;
import dev.jvortex.encodings.datetime.DateTimePartsMetadata;
import dev.jvortex.encodings.decimalbyteparts.DecimalBytePartsMetadata;
import dev.jvortex.encodings.dict.DictMetadata;
import dev.jvortex.encodings.fastlanes.BitPackedMetadata;
import dev.jvortex.encodings.fastlanes.DeltaMetadata;
import dev.jvortex.encodings.fastlanes.ForMetadata;
import dev.jvortex.encodings.fastlanes.RleMetadata;
import dev.jvortex.encodings.fsst.FsstMetadata;
import dev.jvortex.encodings.list.ListMetadata;
import dev.jvortex.encodings.list.ListViewMetadata;
import dev.jvortex.encodings.onpair.OnPairMetadata;
import dev.jvortex.encodings.patches.PatchedMetadata;
import dev.jvortex.encodings.patches.PatchesMetadata;
import dev.jvortex.encodings.pco.PcoMetadata;
import dev.jvortex.encodings.runend.RunEndMetadata;
import dev.jvortex.encodings.sequence.SequenceMetadata;
import dev.jvortex.encodings.sparse.SparseMetadata;
import dev.jvortex.encodings.varbin.VarBinMetadata;
import dev.jvortex.encodings.zstd.ZstdBuffersMetadata;
import dev.jvortex.encodings.zstd.ZstdMetadata;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/// Each encoding family's metadata record reads back what it writes, and writes the bytes the
/// reference does: proto3 scalars omitted when zero, optional fields written when present.
class MetadataRecordsTest {
    private static final PatchesMetadata PATCHES = new PatchesMetadata(5, 0, PType.U16.code(), false, 0, 0, 0);
    private static final PatchesMetadata CHUNKED_PATCHES = new PatchesMetadata(5, 0, PType.U16.code(), true, 3, 0, 0);

    @Test
    void patches() {
        assertEquals(PATCHES, PatchesMetadata.read(new ProtoReader(PATCHES.write(), "p")));
        // Chunk offsets: the optional fields are written even when zero (u8 chunk offsets, code 0).
        byte[] chunked = CHUNKED_PATCHES.write();
        assertArrayEquals(new byte[] {0x08, 5, 0x18, 1, 0x20, 3, 0x28, 0, 0x30, 0}, chunked);
        assertEquals(CHUNKED_PATCHES, PatchesMetadata.read(new ProtoReader(chunked, "p")));
        assertEquals(2, PATCHES.childCount());
        assertEquals(3, CHUNKED_PATCHES.childCount());
        PatchedMetadata patched = new PatchedMetadata(7, 16, 3);
        assertEquals(patched, PatchedMetadata.read(patched.write()));
    }

    @Test
    void fastLanes() {
        BitPackedMetadata plain = new BitPackedMetadata(0, 0, null);
        assertArrayEquals(new byte[0], plain.write());
        assertEquals(plain, BitPackedMetadata.read(plain.write()));
        BitPackedMetadata patched = new BitPackedMetadata(9, 17, CHUNKED_PATCHES);
        assertEquals(patched, BitPackedMetadata.read(patched.write()));
        DeltaMetadata delta = new DeltaMetadata(2048, 5);
        assertEquals(delta, DeltaMetadata.read(delta.write()));
        RleMetadata rle = new RleMetadata(10, 2048, 0, 2, PType.U32.code(), 7);
        assertEquals(rle, RleMetadata.read(rle.write()));
        DType i32 = new DType.Primitive(PType.I32, false);
        ForMetadata reference = new ForMetadata(new Scalar(i32, -12L));
        assertEquals(
                reference.reference(), ForMetadata.read(reference.write(), i32).reference());
    }

    @Test
    void alp() {
        AlpMetadata alp = new AlpMetadata(14, 3, PATCHES);
        assertEquals(alp, AlpMetadata.read(alp.write()));
        assertNull(AlpMetadata.read(new AlpMetadata(1, 0, null).write()).patches());
        AlpRdMetadata rd = new AlpRdMetadata(52, 3, new long[] {0, 300, 65535}, PType.U16.code(), CHUNKED_PATCHES);
        AlpRdMetadata back = AlpRdMetadata.read(rd.write());
        assertEquals(rd.rightBitWidth(), back.rightBitWidth());
        assertEquals(rd.dictLen(), back.dictLen());
        assertArrayEquals(rd.dict(), back.dict());
        assertEquals(rd.leftPartsPtype(), back.leftPartsPtype());
        assertEquals(rd.patches(), back.patches());
    }

    @Test
    void genericAndCanonical() {
        DictMetadata dict = new DictMetadata(300, PType.U16.code(), false, true);
        assertArrayEquals(new byte[] {0x08, (byte) 0xAC, 0x02, 0x10, 1, 0x18, 0, 0x20, 1}, dict.write());
        assertEquals(dict, DictMetadata.read(dict.write()));
        DictMetadata absent = new DictMetadata(4, 0, null, null);
        assertEquals(absent, DictMetadata.read(absent.write()));
        SparseMetadata sparse = new SparseMetadata(PATCHES);
        assertEquals(sparse, SparseMetadata.read(sparse.write()));
        assertEquals(PatchesMetadata.EMPTY, SparseMetadata.read(new byte[0]).patches());
        assertEquals(new BoolMetadata(3), BoolMetadata.read(new BoolMetadata(3).write()));
        assertArrayEquals(new byte[0], new BoolMetadata(0).write());
        assertEquals(new DecimalMetadata(4), DecimalMetadata.read(new DecimalMetadata(4).write()));
        assertArrayEquals(new byte[0], new DecimalMetadata(0).write());
        assertEquals(
                new VarBinMetadata(PType.I32.code()),
                VarBinMetadata.read(new VarBinMetadata(PType.I32.code()).write()));
        ListMetadata list = new ListMetadata(99, PType.I64.code());
        assertEquals(list, ListMetadata.read(list.write()));
        ListViewMetadata view = new ListViewMetadata(99, PType.I64.code(), PType.U8.code());
        assertEquals(view, ListViewMetadata.read(view.write()));
    }

    @Test
    void compressedFamilies() {
        FsstMetadata fsst = new FsstMetadata(PType.U16.code(), PType.U32.code());
        assertEquals(fsst, FsstMetadata.read(fsst.write()));
        OnPairMetadata onPair = new OnPairMetadata(1, 12, 4000, 123456, 2, 1, 3);
        assertEquals(onPair, OnPairMetadata.read(onPair.write()));
        RunEndMetadata runEnd = new RunEndMetadata(PType.U16.code(), 77, 12);
        assertEquals(runEnd, RunEndMetadata.read(runEnd.write()));
        DateTimePartsMetadata parts = new DateTimePartsMetadata(PType.I32.code(), PType.U32.code(), PType.U64.code());
        assertEquals(parts, DateTimePartsMetadata.read(parts.write()));
        DecimalBytePartsMetadata bytes = new DecimalBytePartsMetadata(PType.I64.code(), 0);
        assertEquals(bytes, DecimalBytePartsMetadata.read(bytes.write()));
        SequenceMetadata sequence = new SequenceMetadata(-5, BigInteger.valueOf(3));
        TestNode node = TestNode.of(EncodingId.SEQUENCE.id(), sequence.write(PType.I16), List.of());
        assertEquals(sequence, SequenceMetadata.read(node, PType.I16));
    }

    @Test
    void codecs() {
        ZstdMetadata zstd =
                new ZstdMetadata(0, List.of(new ZstdMetadata.Frame(800, 100), new ZstdMetadata.Frame(8, 1)));
        assertEquals(zstd, ZstdMetadata.read(zstd.write()));
        ZstdBuffersMetadata buffers = new ZstdBuffersMetadata(
                EncodingId.PRIMITIVE.id(), new byte[] {1, 2}, List.of(40L, 8L), List.of(8L, 1L));
        ZstdBuffersMetadata buffersBack = ZstdBuffersMetadata.read(buffers.write());
        assertEquals(buffers.innerEncoding(), buffersBack.innerEncoding());
        assertArrayEquals(buffers.innerMetadata(), buffersBack.innerMetadata());
        assertEquals(buffers.uncompressedSizes(), buffersBack.uncompressedSizes());
        assertEquals(buffers.alignments(), buffersBack.alignments());
        PcoMetadata pco = new PcoMetadata(new byte[] {9, 8, 7}, List.of(new long[] {10, 0, 3}, new long[] {4}));
        PcoMetadata pcoBack = PcoMetadata.read(pco.write());
        assertArrayEquals(pco.header(), pcoBack.header());
        assertEquals(pco.chunks().size(), pcoBack.chunks().size());
        for (int c = 0; c < pco.chunks().size(); c++) {
            assertArrayEquals(pco.chunks().get(c), pcoBack.chunks().get(c));
        }
    }
}
