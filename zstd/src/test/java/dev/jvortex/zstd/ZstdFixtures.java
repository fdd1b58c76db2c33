package dev.jvortex.zstd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/// The zstd fixtures written by `zstd/src/test/python/make_zstd_fixtures.py` with the real
/// zstd library: frames plus a manifest of each original's length and SHA-256. Shared with the
/// encodings module's `vortex.zstd` tests.
public final class ZstdFixtures {
    private ZstdFixtures() {}

    /// One manifest row.
    public record Entry(String name, int length, String sha256, String description) {
        public byte[] frame() {
            return resource(name);
        }

        /// Returns the dictionary the fixture was compressed with, or null.
        public ZstdDictionary dictionary() {
            String file = null;
            if (name.startsWith("dict-trained")) {
                file = "dict-trained.dict";
            } else if (name.startsWith("dict-tokens")) {
                file = "dict-tokens.dict";
            } else if (name.startsWith("dict-raw")) {
                file = "dict-raw.dict";
            } else if (name.startsWith("vortex/strings-dict")) {
                file = "vortex/strings-dict.dict";
            }
            return file == null ? null : ZstdDictionary.parse(resource(file));
        }

        public boolean matches(byte[] output) {
            return output.length == length && ZstdFixtures.sha256(output).equals(sha256);
        }
    }

    public static List<Entry> manifest() {
        String text = new String(resource("manifest.tsv"), StandardCharsets.UTF_8);
        List<Entry> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            out.add(new Entry(f[0], Integer.parseInt(f[1]), f[2], f[3]));
        }
        return out;
    }

    public static Entry entry(String name) {
        return manifest().stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    public static byte[] resource(String name) {
        try (InputStream in = ZstdFixtures.class.getResourceAsStream("/zstd/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
