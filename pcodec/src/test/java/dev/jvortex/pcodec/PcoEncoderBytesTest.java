package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Byte-identity guard of [PcoEncoder]: a broad set of inputs (every pco type Vortex uses, many
/// shapes, small and huge spans, repeats, Lookback-friendly interleavings, several chunk and page
/// sizes and levels, forced deltas, NaNs and -0.0) is encoded, and the SHA-256 of each group's
/// output is compared with the value recorded from the unchanged encoder at commit a081448 (a
/// regression guard for speed work, not an independent statement of correctness). Each output
/// is also decoded and must give back its input.
///
/// To print the current hashes (after an intended format change): run with
/// `-Dpco.bytes.print=true` and copy the lines into [#EXPECTED].
class PcoEncoderBytesTest {
    /// Group name and SHA-256 of every chunk (meta, pages, page counts) of the group, recorded
    /// from the encoder at a081448.
    private static final String[] EXPECTED = {
        "shape i16/walk 26 6f1e2045ff38e51d855758020ddbc5a42591080a632139d91dd06dc948f44715",
        "shape i16/sorted 26 61471c147d416e8e22aaec2547a822288b4132816c5cfa460be57bd6dd21cbdd",
        "shape i16/small 26 583a6296b2c08ebaac41007f716a3d8f8750291f5d3cdff06a25614ef56d558a",
        "shape i16/constant 26 3a94e7e5dd5377e263bc6992bfae615d0c24658f7ce473be3fc9726129f70b99",
        "shape i16/full 26 b4ab737788fc1e0fe4ca96eff740b321eff639c9a633bb2c0a2e0152b1ad953b",
        "shape i16/extremes 26 bed84bc9988cc6afd8876b41f257104c6a55fa69f63efbbf2db1c23a64e0f096",
        "shape i16/mult 26 a245a78c594e9ca202849acd50347099fa74b55b0f3fa494c73bfda4d8488900",
        "shape i16/mixed 26 958a4f5d50a9a22974b05c84b8f9c7d29a29b53dc79811852282b5fe4b29a98e",
        "shape i16/repeats 26 207f2bdd60d825c6eae750a38c4e19e83ddbfc31052f5a8353c824bc83355f68",
        "shape i32/walk 26 6bc7726ee464551615be7dbd61216c821b041be7db6fb26f46b8ed3f8f0897de",
        "shape i32/sorted 26 2e62a6c8a5893fcc1d74b52cfd7e666fc7e541ace8f85592ed5c2f2cc3350bfa",
        "shape i32/small 26 d9d8ab0170e2bfe937b864b2c00ef55497b8c966ebee7ba3b67039dc4687d29b",
        "shape i32/constant 26 8676ad0e83b1fc87902956f4098e65b15841bc2b468dcbbe58fde6a8c54e2f42",
        "shape i32/full 26 d61f28d04246fa8c5353e3abb7a79d3c5cc254f211b81f7e91b759d05cb05319",
        "shape i32/extremes 26 0ee0be6e1b968c76e576f12ed52c219269b54b8a562bd759359a3290cd58fef6",
        "shape i32/mult 26 3efa0f5dd886ae223e4749ee3cfb30277fdd353823bbcbb6c39002a13810da20",
        "shape i32/mixed 26 5a4f2be00063a86220237799e94ffc7525733627d008356c6c5be654e0c68b73",
        "shape i32/repeats 26 96642fa2d7538eb4f6ef466bc78b39651f78fdce2ca0c7c5a854c0bccb954c69",
        "shape i64/walk 26 71bd2f0fa4cca3013b16d26834f245ad13971154446373bf3e5da3bee0a3478b",
        "shape i64/sorted 26 b7d9511b993f345676f382845fda8d26392ea0da2ad1165aecb8dd35619856da",
        "shape i64/small 26 6a24148f6d5b527bc7d07bca3556b2c561eaa235e153fe13125945c263a5135e",
        "shape i64/constant 26 673d636a05f4665470d96f4a1c81abdcf1c5860dfd7d87983fce28f59ea7b13e",
        "shape i64/full 26 5277742626fdfdbf2925e3d35303d7b10317aad32441178d5edc2b8294f2c37e",
        "shape i64/extremes 26 2c017f6a7d50e305eb6cc45d85948ea8c470bd72c9c18a8cf3f725e0fd6f2e30",
        "shape i64/mult 26 75fb628b29e7f11b31ec94da087be4741379bdb01dae13122489d1f71467a69e",
        "shape i64/mixed 26 dc505366c42bda79cdc65ef6d78496fb29d4c55683382224d1af3078bb35d314",
        "shape i64/repeats 26 13b8ef5652ae796b233cf3f7c5cf011d472ea488129e27588493da74ae3ef58a",
        "shape u16/walk 26 78e213025720ef60ddcbf60291705b1e229977e5d5c11e3e584575cbb18861cd",
        "shape u16/sorted 26 d9b6cda3b07e25e11f2a3b34c0c44d9cb3b1160c29f10131155cec033817a9df",
        "shape u16/small 26 af62906b4e46e8fcbc8c25ac8dc3d21de9db949f86dddad79d6163689f83f151",
        "shape u16/constant 26 b6d83ff1af0ec0d7b84d7126142b3444702527d08ecf6b812cca3fc2c4c73b1f",
        "shape u16/full 26 fd80ee72996c06710ea7dd6ed2d8ac2872d6c90c7474da5bb01ef3a50fae648e",
        "shape u16/extremes 26 b6b92fe1a59f0fdd4a495be71accd336e323e9147b7bf3faf3f22720a825a17a",
        "shape u16/mult 26 cd0fa851c4bc39d8f4af7cfc6d32f303bc7767ef76794050ec77cc0356f124a8",
        "shape u16/mixed 26 b3d7ccf101db6286cec80f8883c29fc9e471ef163b1db68235373eddfe8df726",
        "shape u16/repeats 26 99dd0a9e4d669e6740824380af961ef8be76adbd0a7ce2faafc93640a7c36df4",
        "shape u32/walk 26 e501ddf474a0417e3f8be532a92cf882a4debbd40b94afa3d586961fbf407872",
        "shape u32/sorted 26 e2cdad66d9ef33e0c8e42e8a113d0aae490bc0c4810d1dfa9603b73656125e80",
        "shape u32/small 26 925ef908a60f300c6a193367ebe3b33e8e4ecf0380f41605f15b7101e485a1ff",
        "shape u32/constant 26 016391ab92edd0d9ff655df29a102affdff0d3372123e497649a690e900e78d0",
        "shape u32/full 26 e9e67d8dfc40a26a88053c78e5d9e93754204083adb6ed07ee6ef93cea202d9d",
        "shape u32/extremes 26 c32321fe4989d1614952d4008116c1ffc02c25c2339981b0d373cec8503f2196",
        "shape u32/mult 26 44acda540a929a9b7b931e5a183a5ea3e47ea21a6957427fccba2f3fd61c35cb",
        "shape u32/mixed 26 58586816ba58b7a574a2ca3ace87f95aba3201db6c5b4dbfc4c096a342c77447",
        "shape u32/repeats 26 25e796ac3a853c98b0d9c4f25972087d8c82b21e8e2ba345f657f560177fb26d",
        "shape u64/walk 26 c4dc8b2bb817c751e402702846f24280d5aa7f8b87259b5515d2c5e74abf3975",
        "shape u64/sorted 26 c8a2c3b1e3d75fedc60af94a18e9ad280722b60335c3c8c2dae169030c3efba1",
        "shape u64/small 26 106d427091a7f877e99b22868f659e870f018dff24646e71aadb739e42b16904",
        "shape u64/constant 26 9d2c0a2b0a93fd85baf052bb13ffb0d3de6755405454d8415252f03588858ddf",
        "shape u64/full 26 b6c594bab93c873270a1c5dad29dfa692b19e5c011906c299f9f60be142a4cef",
        "shape u64/extremes 26 338a0947e80f5447175b42d5c15d3b72f1a31a028bdeebdae3c4bc39debc0a20",
        "shape u64/mult 26 8e537f8349aa210c308b605873cc8a37ae9cddd88e9a25d0871ca5d3fcfdfe56",
        "shape u64/mixed 26 a4c4801a45634c6cfa7f75d168ca42cc9d4d835dd58f28cdcce56509e8eecc3b",
        "shape u64/repeats 26 7d6200f81e8a59bd4bcb5a05c091d5b5b24d31d99cfc41d0cef9c7ec415bd9ea",
        "shape f16/prices 26 566b3f592164320649cf7fdd019ceee752a19ea6af6b88581313f4e35fc6d5c9",
        "shape f16/noisy 26 904dcadeb503c4c1357b61bcc332eea1d0bd05472c2da248f50937fcc729f813",
        "shape f16/special 26 842fbadd0605f072058faa47d9f70342d10587d848be2343d9e9fb7e0551a94b",
        "shape f16/intfloats 26 2a3120f2dac3308ac13e199bc5c1345888061bee4fc473d6589c00e7b8d39de0",
        "shape f16/constant 26 5b783e62dd888f7002e600e890611198676dbedfff676bb1b19043f61f90fba1",
        "shape f16/bits 26 1075a720b91495ff4f9b772b15ec3b0450e9db40d21454308af4986975f8a484",
        "shape f16/walk 26 ff2f72d344ea9bc419f91ee5624b525905d2e967f9d16aa1b2a92ebddca6bce3",
        "shape f16/mixed 26 10c47e3d5bdd3b98cbdfe8867873eb28b63cf33e1954c030d7a0a7f92cf3c6e9",
        "shape f16/quant 26 279151343fb3234dfe26425252cffad588ec50287d71a3f84a18e8dd54428d98",
        "shape f32/prices 26 30b1beddb6a737c4e7700bdde3cde16482f32a84ebe3dcc5681487dacef2a2a8",
        "shape f32/noisy 26 d0ec4ac3055e2c9bab5591dcc8d47664e11874e40a7f382db0295065ec32e2a9",
        "shape f32/special 26 8894b79ea031c84ee61dc8fb95d8b31b034e992e9ef4794a76dbe6106e6a6d9e",
        "shape f32/intfloats 26 021abd8da96343ad2395f5a2c872b7c572e5209c8c13a50048a9ea64fc6ecff1",
        "shape f32/constant 26 9dd90bccab6899e2ce04c79bf069d707fe64659bb136d78ab03d9ac511d816ba",
        "shape f32/bits 26 14ed33e50aa6d00fd4088298507b206ce4f3beac4c3d9ddbaa1470e12d14abf4",
        "shape f32/walk 26 7238ddbd88724059a973b80a68d72400edc4628693dbedc6c77c9f1eb7cc0bf4",
        "shape f32/mixed 26 9a584bc498a3ca009df8d9ea62a7d26cb5d6783ff87ead3ed1f1b02aa3ebfcf0",
        "shape f32/quant 26 ea56cc662978127ab3f9d136bf479e5de3f9004c860eb40d0517027d22e22990",
        "shape f64/prices 26 e036f85e3383312b77d27e0a23af69cd0098ffcda9261f6c764d2012870012d3",
        "shape f64/noisy 26 e8e10e86200ff2674b28ed581a833e0c20ae688559a940f2ea995446172cad0e",
        "shape f64/special 26 3a8f132106d7440d6c33f12e69cb7e0cc857a31fef47e7857189eb433ad394f7",
        "shape f64/intfloats 26 adbfa705d6ddff0038eeedfa4981f7917d40b6948e2433b4a98f6aaf03f83d0d",
        "shape f64/constant 26 58bd2b176a68332e1087e619f21bc6dcfef997e4aa2b6893565af7cbd32fb10d",
        "shape f64/bits 26 678c9a750fde9bee4fcacee51c047ae3f12bf7527edbf6fbc7532d8e1426e213",
        "shape f64/walk 26 cb827c9f5bf62731f007ae4c5a7b01bce193e891733083605dc5ad2e82eb92ec",
        "shape f64/mixed 26 bb26379b0df87027b872adbb5c47adad0e43a13c33488f6754634d0f4746c8b4",
        "shape f64/quant 26 797a712c64c63a67ade287dfb9691684130ca00b20da8f58885b2e59af3c9cb2",
        "span i16 366 bba381704abcc5492782817f0c5dd017e7f25b7930bb74e82c39e78ca2c0399b",
        "span i32 507 388f5f133dc21b9b9583f6c142ccd85cbdf6a932ba7c6c949f133f37649eaf60",
        "span u32 507 5cdde29d82a06ff2904944f4bd26f64b47097ce0aac8f1c19f67b2bafee1b91c",
        "span i64 507 05184e15a88693e8bf718da1b19c4d0491ca790372dd7f3843789d510e224c85",
        "span u64 507 ecc3c4e1335fce619ae3b5b08e6de177ca6726d96f7cfc922214aa5f4566794d",
        "lookback f64 48 e161c12e8bedc8fb363432181772646a2741a2ce2daeb59d90c8747ecb67a90c",
        "lookback f32 48 ab612db8059feb084ea7aa6a385551d2e4ccfa6a315b9a2e7b7ee7b2e986580d",
        "lookback i64 48 ac232461b027c9c47ab12e732e5be8f1fd42207112e5fee87c06cfd7f242e96e",
        "lookback i32 48 a27bb2a26d45d23ba92b8a3e4bed3eb0e2fbc6c5c5f2975cacf2bb9ca7417c92",
        "forced i16 81 29e8679cd8b0b20eb6edc86d70e608c943cd2d4cb4404e44b31a46cfa0724bca",
        "forced i32 81 0c00491ae0bf5b63c23aefa1f6122c51f04a697c5cbbc780ba66a64b7481f878",
        "forced i64 81 8a22af7568179ed9e2c85520c79119cba237fec49655fbf5c3c83eef14380e7c",
        "forced u16 81 ad10dabd69dcfafe9b9c75c12a3bbe9938921cd5a5a9a3890a978c13d561daa1",
        "forced u32 81 2a6514fecda7fc125ad1cd4dfc9982e06cefd2f1e54c7598503b2ecfc6c1b530",
        "forced u64 81 ce63773bd5e4c4213cb5b6a403dc0ed473b61473486abfc815506f755dec8473",
        "forced f16 81 f55b758aa0841f8f5ea7e5b731662371f9cd05544e24dbc25e0c8a6e6007fe26",
        "forced f32 81 a0465eb60225edaa76339df7f4821ae13a518c8a3e16740e96644ee0a8a37f5b",
        "forced f64 81 bee348b3a5b8e27b86564c27ce91a1a71b34c6b656fbd2a373bdc8441bcbfe28",
        "special f16 12 fd18b671c07b9a2e093189eea74e1217be46edfc69c909f7c73c63a4136ca1be",
        "special f32 12 a556b2d6d1d8ff43b31d29df3f11448773f8131cf0d43e46c2f7bc4de265e584",
        "special f64 12 e30c3f4fd93c355ada5061ee558703fd5fe688e0adb88ecad71b5d18558f571a",
        "large 4 2643828a3b5228d33d03030995ef56cc180b2ebd63e330a3cf81d66692c53410",
    };

    private static final int[] LENGTHS = {1, 2, 3, 9, 10, 11, 199, 200, 511, 512, 1000, 4097, 20_000};

    /// Accumulates the hash of one group of encodings and checks that each decodes.
    private static final class Group {
        final MessageDigest md;
        int cases;

        Group() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new AssertionError(e);
            }
        }

        void add(PcoType ptype, long[] values, List<PcoEncoder.Chunk> chunks, String what) {
            assertArrayEquals(values, PcoEncoderTest.decode(ptype, chunks, values.length), what);
            for (PcoEncoder.Chunk c : chunks) {
                addBytes(c.meta());
                for (byte[] p : c.pages()) {
                    addBytes(p);
                }
                for (int pc : c.pageCounts()) {
                    addInt(pc);
                }
            }
            cases++;
        }

        private void addInt(int v) {
            md.update(new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v});
        }

        private void addBytes(byte[] b) {
            addInt(b.length);
            md.update(b);
        }

        String hex() {
            return HexFormat.of().formatHex(md.digest());
        }
    }

    private final Map<String, String> actual = new LinkedHashMap<>();

    private void finish(String name, Group g) {
        actual.put(name, g.cases + " " + g.hex());
    }

    /// Interleaved random walks of `symbols` series rounded to cents: the OHLC price shape, where
    /// Lookback finds the same series `symbols` positions back.
    static long[] interleavedPrices(PcoType ptype, int n, int symbols, Random r) {
        double[] level = new double[symbols];
        for (int s = 0; s < symbols; s++) {
            level[s] = 5 + r.nextDouble() * 495;
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            int s = i % symbols;
            level[s] *= Math.exp(r.nextGaussian() * 0.0008);
            double v = Math.round(level[s] * 100) / 100.0;
            out[i] = switch (ptype) {
                case F16 -> Float.floatToFloat16((float) v) & 0xFFFFL;
                case F32 -> Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL;
                default -> Double.doubleToRawLongBits(v);
            };
        }
        return out;
    }

    /// Values in `[base, base + span)` of an integer type: uniform, skewed (most mass on few
    /// values) or mostly one value.
    static long[] smallSpan(PcoType ptype, int n, long span, int kind, Random r) {
        long base = ptype.isSigned() ? -(span / 3) : 7;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long v = switch (kind) {
                case 0 -> (long) (r.nextDouble() * span);
                case 1 -> (long) (Math.pow(r.nextDouble(), 4) * span);
                default -> r.nextInt(5) == 0 ? (long) (r.nextDouble() * span) : span / 2;
            };
            out[i] = base + Math.min(v, span - 1);
        }
        return out;
    }

    @Test
    void encoderOutputIsUnchanged() {
        boolean print = Boolean.getBoolean("pco.bytes.print");
        // 1. every type and shape of the shared test data, at many lengths and two page sizes
        for (PcoType ptype : PcoTestData.TYPES) {
            for (String shape : PcoTestData.shapes(ptype)) {
                String name = "shape " + ptype.shortName() + "/" + shape;
                Group g = new Group();
                Random r = new Random(name.hashCode());
                for (int len : LENGTHS) {
                    long[] values = PcoTestData.values(ptype, shape, len, r);
                    for (int pageN : new int[] {8192, 333}) {
                        g.add(ptype, values, PcoEncoder.encode(ptype, values, len, pageN), name + " " + len);
                    }
                }
                finish(name, g);
            }
        }
        // 2. small spans relative to n (counting territory), with repeats, and just above it
        for (PcoType ptype : List.of(PcoType.I16, PcoType.I32, PcoType.U32, PcoType.I64, PcoType.U64)) {
            String name = "span " + ptype.shortName();
            Group g = new Group();
            Random r = new Random(name.hashCode());
            for (int n : new int[] {20, 300, 511, 512, 1000, 5000, 40_000}) {
                int bitsN = 32 - Integer.numberOfLeadingZeros(n);
                long[] spans = {
                    1,
                    2,
                    3,
                    n / 2 + 1,
                    n,
                    2L * n,
                    4L * n,
                    1L << (bitsN + 1),
                    (1L << (bitsN + 1)) + 1,
                    (1L << (bitsN + 2)),
                    1L << 16,
                    (1L << 16) + 1,
                    1L << 17
                };
                for (long span : spans) {
                    if (ptype.bitWidth() == 16 && span > 30_000) {
                        continue;
                    }
                    for (int kind = 0; kind < 3; kind++) {
                        long[] values = smallSpan(ptype, n, span, kind, r);
                        String what = name + " n " + n + " span " + span + " kind " + kind;
                        g.add(ptype, values, PcoEncoder.encode(ptype, values, n, 8192), what);
                        if (n <= 5000) {
                            g.add(
                                    ptype,
                                    values,
                                    List.of(PcoEncoder.encodeChunk(ptype, values, 0, n, 8192, 8, 0)),
                                    what);
                        }
                    }
                }
            }
            finish(name, g);
        }
        // 3. Lookback-friendly interleavings (prices, integer prices, repeats), several chunk sizes
        for (PcoType ptype : List.of(PcoType.F64, PcoType.F32, PcoType.I64, PcoType.I32)) {
            String name = "lookback " + ptype.shortName();
            Group g = new Group();
            Random r = new Random(name.hashCode());
            for (int n : new int[] {50, 1000, 9000, 40_000}) {
                for (int symbols : new int[] {3, 200, 5000}) {
                    long[] values = interleavedPrices(PcoType.F64, n, symbols, r);
                    if (!ptype.isFloat()) {
                        for (int i = 0; i < n; i++) {
                            long cents = Math.round(Double.longBitsToDouble(values[i]) * 100);
                            values[i] = ptype == PcoType.I32 ? (int) cents : cents;
                        }
                    } else if (ptype == PcoType.F32) {
                        for (int i = 0; i < n; i++) {
                            values[i] =
                                    Float.floatToRawIntBits((float) Double.longBitsToDouble(values[i])) & 0xFFFF_FFFFL;
                        }
                    }
                    String what = name + " n " + n + " symbols " + symbols;
                    g.add(ptype, values, PcoEncoder.encode(ptype, values, n, 8192), what);
                    for (int pageN : new int[] {1, 7, 1000}) {
                        g.add(
                                ptype,
                                values,
                                List.of(PcoEncoder.encodeChunk(ptype, values, 0, n, pageN, 8, PcoEncoder.LOOKBACK)),
                                what + " pages " + pageN);
                    }
                }
            }
            finish(name, g);
        }
        // 4. forced deltas and levels
        for (PcoType ptype : PcoTestData.TYPES) {
            String name = "forced " + ptype.shortName();
            Group g = new Group();
            Random r = new Random(name.hashCode());
            for (String shape : PcoTestData.shapes(ptype)) {
                int len = 1 + r.nextInt(3000);
                long[] values = PcoTestData.values(ptype, shape, len, r);
                for (int delta = PcoEncoder.LOOKBACK; delta <= 7; delta++) {
                    int level = r.nextInt(13);
                    int pageN = 1 + r.nextInt(2000);
                    String what = name + "/" + shape + " delta " + delta + " level " + level;
                    g.add(
                            ptype,
                            values,
                            List.of(PcoEncoder.encodeChunk(ptype, values, 0, len, pageN, level, delta)),
                            what);
                }
            }
            finish(name, g);
        }
        // 5. special floats: NaNs of several payloads, -0.0 and 0.0, infinities, in runs and mixed
        for (PcoType ptype : List.of(PcoType.F16, PcoType.F32, PcoType.F64)) {
            String name = "special " + ptype.shortName();
            Group g = new Group();
            Random r = new Random(name.hashCode());
            for (int n : new int[] {5, 300, 3000}) {
                for (int kind = 0; kind < 4; kind++) {
                    long[] values = new long[n];
                    for (int i = 0; i < n; i++) {
                        double d = switch (kind) {
                            case 0 -> i % 2 == 0 ? -0.0 : 0.0;
                            case 1 -> Double.NaN;
                            case 2 ->
                                r.nextInt(4) == 0
                                        ? PcoTestData.SPECIAL[r.nextInt(PcoTestData.SPECIAL.length)]
                                        : r.nextInt(1000) / 10.0;
                            default -> i < n / 2 ? -0.0 : r.nextGaussian();
                        };
                        values[i] = switch (ptype) {
                            case F16 -> Float.floatToFloat16((float) d) & 0xFFFFL;
                            case F32 -> Float.floatToRawIntBits((float) d) & 0xFFFF_FFFFL;
                            default -> Double.doubleToRawLongBits(d);
                        };
                    }
                    g.add(ptype, values, PcoEncoder.encode(ptype, values, n, 8192), name + " n " + n + " " + kind);
                }
            }
            finish(name, g);
        }
        // 6. multi-chunk columns with full-size chunks (window 2^15, bins log 10)
        {
            String name = "large";
            Group g = new Group();
            Random r = new Random(99);
            int n = PcoEncoder.DEFAULT_CHUNK_N + 3001;
            long[] prices = interleavedPrices(PcoType.F64, n, 200, r);
            g.add(PcoType.F64, prices, PcoEncoder.encode(PcoType.F64, prices, n, 8192), "large prices");
            long[] volume = new long[n];
            for (int i = 0; i < n; i++) {
                volume[i] = 100 + r.nextInt(49_900);
            }
            g.add(PcoType.I64, volume, PcoEncoder.encode(PcoType.I64, volume, n, 8192), "large volume");
            long[] ts = new long[n];
            for (int i = 0; i < n; i++) {
                ts[i] = 1_704_205_800_000_000L + (i / 200) * 60_000_000L;
            }
            g.add(PcoType.I64, ts, PcoEncoder.encode(PcoType.I64, ts, n, 8192), "large timestamps");
            long[] wide = PcoTestData.values(PcoType.I64, "full", n, r);
            g.add(PcoType.I64, wide, PcoEncoder.encode(PcoType.I64, wide, n, 8192), "large full");
            finish(name, g);
        }

        StringBuilder lines = new StringBuilder();
        for (Map.Entry<String, String> e : actual.entrySet()) {
            lines.append("        \"")
                    .append(e.getKey())
                    .append(' ')
                    .append(e.getValue())
                    .append("\",\n");
        }
        if (print) {
            System.out.print(lines);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : EXPECTED) {
            int cut = line.lastIndexOf(' ');
            int cut2 = line.lastIndexOf(' ', cut - 1);
            expected.put(line.substring(0, cut2), line.substring(cut2 + 1));
        }
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> e : actual.entrySet()) {
            if (!e.getValue().equals(expected.get(e.getKey()))) {
                wrong.add(e.getKey() + ": expected " + expected.get(e.getKey()) + ", got " + e.getValue());
            }
        }
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " of " + actual.size() + " groups changed:\n" + String.join("\n", wrong));
        }
        assertEquals(expected.keySet(), actual.keySet());
    }
}
