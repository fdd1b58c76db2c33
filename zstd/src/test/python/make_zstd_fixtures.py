#!/usr/bin/env python3
"""Writes the zstd test fixtures under zstd/src/test/resources/zstd/.

Frames come from the real zstd library (the `zstandard` package from PyPI, libzstd 1.5.x).
Inputs are generated from fixed seeds; only the compressed frames and a manifest with each
original's length and SHA-256 are committed (manifest.tsv: name, original length, sha256,
description). The Java tests decompress every `*.zst` and compare with the manifest.

The `vortex/` fixtures are frames of a `vortex.zstd` array payload; the Java test rebuilds the
same values from the same formulas (see ZstdNodeTest in the encodings module), so the formulas below must stay in step.

Run: /tmp/vx/bin/python zstd/src/test/python/make_zstd_fixtures.py  (needs `pip install zstandard`)
"""
import hashlib
import os
import random
import struct
import sys

import zstandard as zstd

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "zstd")
manifest = []


def write(name, frame, original, description):
    path = os.path.join(OUT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(frame)
    # Sanity: the reference library must read back what it wrote.
    dctx = zstd.ZstdDecompressor()
    manifest.append((name, len(original), hashlib.sha256(original).hexdigest(), description))


def words_text(rng, n):
    vocab = ("the of and to in is was that for on with as by at from it an be this which or are have "
             "not but had his they you were their one all we can her has there been if more when will "
             "would who so no zstandard entropy huffman literal sequence offset window frame block "
             "dictionary checksum vortex columnar segment").split()
    out = []
    size = 0
    while size < n:
        line = " ".join(rng.choice(vocab) for _ in range(rng.randint(3, 14)))
        line = line.capitalize() + rng.choice([".", ",", ";", "!", "?"]) + ("\n" if rng.random() < 0.2 else " ")
        out.append(line)
        size += len(line)
    return "".join(out).encode()[:n]


def log_lines(rng, n):
    out = []
    size = 0
    t = 1_700_000_000
    while size < n:
        t += rng.randint(0, 3)
        line = "%d level=%s svc=%s user=%05d latency_ms=%d path=/api/v%d/%s status=%d\n" % (
            t, rng.choice(["INFO", "INFO", "INFO", "WARN", "ERROR"]),
            rng.choice(["auth", "billing", "search", "ingest"]), rng.randint(0, 2000),
            int(rng.expovariate(0.02)), rng.randint(1, 3), rng.choice(["items", "users", "orders", "scan"]),
            rng.choice([200, 200, 200, 201, 404, 500]))
        out.append(line)
        size += len(line)
    return "".join(out).encode()[:n]


def mixed(rng, n):
    """Random bytes with copies from earlier: exercises long offsets, raw literals and matches."""
    buf = bytearray()
    while len(buf) < n:
        r = rng.random()
        if r < 0.3 or len(buf) < 64:
            buf += bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40)))
        elif r < 0.5:
            buf += bytes([rng.getrandbits(8)]) * rng.randint(3, 300)
        else:
            length = rng.randint(3, 200)
            dist = rng.randint(1, len(buf))
            start = len(buf) - dist
            for k in range(length):
                buf.append(buf[start + k])
    return bytes(buf[:n])


def two_letters(rng, n):
    return bytes(rng.choice(b"ab") for _ in range(n))


def three_bits(rng, n):
    return bytes(rng.getrandbits(3) for _ in range(n))


def compress(data, level=3, checksum=False, content_size=True, dict_data=None, window_log=None, dict_id=True):
    if window_log is not None:
        params = zstd.ZstdCompressionParameters.from_level(level, window_log=window_log,
                                                           write_checksum=checksum, write_content_size=content_size,
                                                           write_dict_id=dict_id)
        cctx = zstd.ZstdCompressor(compression_params=params, dict_data=dict_data)
    else:
        cctx = zstd.ZstdCompressor(level=level, write_checksum=checksum, write_content_size=content_size,
                                   dict_data=dict_data, write_dict_id=dict_id)
    if content_size:
        return cctx.compress(data)
    # Streaming: the frame header then has no content size and a window descriptor.
    obj = cctx.compressobj()
    return obj.compress(data) + obj.flush()


def main():
    rng = random.Random(20240601)
    text = words_text(rng, 60_000)
    large = log_lines(rng, 400_000)
    random_bytes = bytes(rng.getrandbits(8) for _ in range(20_000))
    mix = mixed(rng, 150_000)

    write("empty.zst", compress(b""), b"", "empty input")
    write("empty-checksum.zst", compress(b"", checksum=True), b"", "empty input with checksum")
    write("one-byte.zst", compress(b"a"), b"a", "one byte")
    write("tiny.zst", compress(b"hello, hello, hello world"), b"hello, hello, hello world", "tiny with a match")
    zeros = b"\0" * 300_000
    write("zeros.zst", compress(zeros, level=3), zeros, "300k zero bytes (RLE blocks)")
    abc = b"abc" * 70_000
    write("abc-repeat.zst", compress(abc, level=1), abc, "periodic input, overlapping matches")
    for level in (-5, 1, 3, 19, 22):
        write("text-l%d.zst" % level, compress(text, level=level), text, "word text at level %d" % level)
    write("text-l3-checksum.zst", compress(text, level=3, checksum=True), text, "word text, checksum")
    write("text-l19-nosize.zst", compress(text, level=19, content_size=False), text,
          "word text, streaming, no content size")
    write("random.zst", compress(random_bytes, level=3), random_bytes, "incompressible (raw blocks)")
    write("random-l19-checksum.zst", compress(random_bytes, level=19, checksum=True), random_bytes,
          "incompressible, checksum")
    for level in (1, 3, 19):
        write("large-l%d.zst" % level, compress(large, level=level, checksum=level == 3), large,
              "400k log lines (multi-block) at level %d" % level)
    write("large-nosize-checksum.zst", compress(large, level=6, checksum=True, content_size=False), large,
          "400k log lines, streaming, no content size, checksum")
    write("large-window17.zst", compress(large, level=9, window_log=17), large,
          "400k log lines, 128 KiB window: windowed frame with content size")
    write("large-window20-l19.zst", compress(large, level=19, window_log=20, checksum=True), large,
          "400k log lines, 1 MiB window at level 19, window larger than a block")
    write("mixed-l3.zst", compress(mix, level=3), mix, "random runs and long-distance copies")
    write("mixed-l22.zst", compress(mix, level=22, checksum=True), mix, "random runs and copies at level 22")

    # Shapes that steer the encoder into rarer block features.
    # Pieces of a raw-content dictionary, each after a 0xFF found nowhere else: many matches into
    # the dictionary. (Aimed at RLE literals, which libzstd does not pick here; a hand-built frame
    # in ZstdDecompressorTest covers those.)
    token_dict = bytes(rng.getrandbits(8) & 0x7F for _ in range(700))
    with open(os.path.join(OUT, "dict-tokens.dict"), "wb") as f:
        f.write(token_dict)
    starts = list(range(0, 600))
    rng.shuffle(starts)
    rle_lits = b"".join(b"\xff" + token_dict[k:k + 24] for k in starts)
    write("dict-tokens-rle.zst", compress(rle_lits, level=19,
                                          dict_data=zstd.ZstdCompressionDict(token_dict, dict_type=zstd.DICT_TYPE_RAWCONTENT)),
          rle_lits, "pieces of a raw dictionary between 0xFF bytes")
    skewed = bytes(rng.choices(range(97, 123), weights=[2 ** (k % 7) for k in range(26)], k=70_000))
    write("skewed-letters.zst", compress(skewed, level=3), skewed, "unmatchable skewed letters: large Huffman literals")
    nibbles = bytes(rng.choices(range(16), weights=[1, 2, 4, 8, 16, 32, 64, 128, 1, 1, 2, 2, 3, 3, 5, 5], k=70_000))
    write("nibbles.zst", compress(nibbles, level=19), nibbles, "16-symbol alphabet: direct Huffman weights")

    # Concatenated frames with skippable frames between and around them.
    parts = [text[:10_000], large[:50_000], b"", random_bytes[:3000]]
    skippable = struct.pack("<II", 0x184D2A5A, 5) + b"skip!"
    concat = skippable + compress(parts[0], 1) + compress(parts[1], 19, checksum=True) + skippable \
        + compress(parts[2], 3) + compress(parts[3], 3, content_size=False) + struct.pack("<II", 0x184D2A50, 0)
    write("concatenated.zst", concat, b"".join(parts), "4 frames with skippable frames around")

    # Dictionaries: a trained (formatted) one and a raw-content one.
    samples = [log_lines(random.Random(1000 + i), rng.randint(200, 2000)) for i in range(400)]
    trained = zstd.train_dictionary(4096, samples)
    with open(os.path.join(OUT, "dict-trained.dict"), "wb") as f:
        f.write(trained.as_bytes())
    sample = log_lines(random.Random(77), 3000)
    write("dict-trained-l3.zst", compress(sample, 3, dict_data=trained), sample, "sample with trained dictionary")
    write("dict-trained-l19-checksum.zst", compress(sample, 19, checksum=True, dict_data=trained), sample,
          "sample with trained dictionary, level 19, checksum")
    write("dict-trained-noid.zst", compress(sample, 1, dict_data=trained, dict_id=False), sample,
          "sample with trained dictionary, no dictionary id in the frame")
    raw_dict_bytes = log_lines(random.Random(5), 8000)
    raw_dict = zstd.ZstdCompressionDict(raw_dict_bytes, dict_type=zstd.DICT_TYPE_RAWCONTENT)
    with open(os.path.join(OUT, "dict-raw.dict"), "wb") as f:
        f.write(raw_dict_bytes)
    write("dict-raw-l3.zst", compress(sample, 3, dict_data=raw_dict), sample, "sample with raw-content dictionary")
    tail = raw_dict_bytes[-40:]
    crossing = tail * 3 + sample[:500]
    write("dict-raw-crossing.zst", compress(crossing, 19, dict_data=raw_dict), crossing,
          "first match starts in the dictionary and runs into the frame")

    # Differential corpus: many small inputs, random levels, strategies, window sizes, long
    # distance matching and frame options (between them they reach every table mode).
    crng = random.Random(99)
    kinds = [words_text, log_lines, mixed, two_letters, three_bits]
    strategies = [zstd.STRATEGY_FAST, zstd.STRATEGY_DFAST, zstd.STRATEGY_GREEDY, zstd.STRATEGY_LAZY2,
                  zstd.STRATEGY_BTOPT, zstd.STRATEGY_BTULTRA2]
    for i in range(64):
        kind = kinds[i % len(kinds)]
        data = kind(random.Random(5000 + i), crng.choice([0, 1, 7, 100, 1000, 5000, 20_000, 40_000]))
        level = crng.choice([-5, -1, 1, 2, 3, 5, 9, 12, 16, 19, 22])
        checksum = crng.random() < 0.5
        content_size = crng.random() < 0.7
        if crng.random() < 0.5:
            window_log = crng.choice([10, 12, 15, 17, 20])
            strategy = crng.choice(strategies)
            ldm = crng.random() < 0.3
            params = zstd.ZstdCompressionParameters.from_level(level, window_log=window_log, strategy=strategy,
                                                               enable_ldm=ldm, write_checksum=checksum,
                                                               write_content_size=content_size)
            cctx = zstd.ZstdCompressor(compression_params=params)
            how = "level %d, window 2^%d, strategy %d%s" % (level, window_log, strategy, ", ldm" if ldm else "")
        else:
            cctx = zstd.ZstdCompressor(level=level, write_checksum=checksum, write_content_size=content_size)
            how = "level %d" % level
        if content_size:
            frame = cctx.compress(data)
        else:
            obj = cctx.compressobj()
            frame = obj.compress(data) + obj.flush()
        write("corpus/%02d.zst" % i, frame, data, "%s, %d bytes, %s%s%s" % (
            kind.__name__, len(data), how, ", checksum" if checksum else "", "" if content_size else ", no content size"))

    vortex_fixtures(trained)

    with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
        for name, length, digest, description in manifest:
            f.write("%s\t%d\t%s\t%s\n" % (name, length, digest, description))


# ---- vortex.zstd payloads (kept in step with ZstdNodeTest) ----

def string_value(i):
    if i % 11 == 0:
        return ""
    s = "row-%d-%s" % (i, "xyz" * (i % 9))
    if i % 13 == 0:
        s += "-é✓"
    return s


def string_valid(i):
    return i % 7 != 3


def long_value(i):
    return (i * 1_000_003) % 65_537 - 30_000


def long_valid(i):
    return i % 5 != 1


def frames_of(values_bytes, per_frame, level, dict_data=None):
    frames = []
    for k in range(0, len(values_bytes), per_frame):
        chunk = b"".join(values_bytes[k:k + per_frame])
        cctx = zstd.ZstdCompressor(level=level, dict_data=dict_data)
        frames.append((cctx.compress(chunk), len(chunk), len(values_bytes[k:k + per_frame])))
    return frames


def vortex_fixtures(_trained):
    n = 20_000
    payload = []
    for i in range(n):
        if string_valid(i):
            b = string_value(i).encode()
            payload.append(struct.pack("<I", len(b)) + b)
    for idx, (frame, size, count) in enumerate(frames_of(payload, 8192, 3)):
        write("vortex/strings-%d.zst" % idx, frame, b"".join(payload[idx * 8192:(idx + 1) * 8192]),
              "vortex.zstd string frame %d: %d values" % (idx, count))
    # With a dictionary trained on the frames, as the reference does for 8 or more frames.
    per = 1000
    chunks = [b"".join(payload[k:k + per]) for k in range(0, len(payload), per)]
    dict_data = zstd.train_dictionary(2048, chunks)
    with open(os.path.join(OUT, "vortex", "strings-dict.dict"), "wb") as f:
        f.write(dict_data.as_bytes())
    for idx, (frame, size, count) in enumerate(frames_of(payload, per, 3, dict_data)):
        write("vortex/strings-dict-%02d.zst" % idx, frame, b"".join(payload[idx * per:(idx + 1) * per]),
              "vortex.zstd string frame %d with dictionary: %d values" % (idx, count))
    longs = [struct.pack("<q", long_value(i)) for i in range(10_000) if long_valid(i)]
    for idx, (frame, size, count) in enumerate(frames_of(longs, 4096, 3)):
        write("vortex/longs-%d.zst" % idx, frame, b"".join(longs[idx * 4096:(idx + 1) * 4096]),
              "vortex.zstd i64 frame %d: %d values" % (idx, count))


if __name__ == "__main__":
    main()
    total = 0
    for root, _, files in os.walk(OUT):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    print("fixtures: %d files in manifest, %d bytes on disk" % (len(manifest), total), file=sys.stderr)
