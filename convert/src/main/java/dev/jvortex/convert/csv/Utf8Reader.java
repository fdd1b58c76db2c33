package dev.jvortex.convert.csv;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;

/// A strict UTF-8 reader: unlike `InputStreamReader`, it first returns every character decoded
/// before a malformed byte and only then throws [MalformedInputException], so a caller counting
/// lines knows the exact line of the bad byte.
final class Utf8Reader extends Reader {
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16);
    private boolean eof;
    private boolean done;
    private CharacterCodingException pending;

    Utf8Reader(InputStream in) {
        this.in = in;
        bytes.flip();
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (pending != null) {
            throw pending;
        }
        if (len == 0) {
            return 0;
        }
        if (done) {
            return -1;
        }
        CharBuffer out = CharBuffer.wrap(cbuf, off, len);
        while (out.position() == off) {
            if (!eof && bytes.remaining() < 4) {
                bytes.compact();
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    bytes.position(bytes.position() + n);
                }
                bytes.flip();
            }
            CoderResult r = decoder.decode(bytes, out, eof);
            if (r.isError()) {
                pending = new MalformedInputException(r.length());
                break;
            }
            if (r.isOverflow()) {
                break;
            }
            if (eof) {
                if (decoder.flush(out).isError()) {
                    pending = new MalformedInputException(1);
                }
                done = true;
                break;
            }
        }
        int n = out.position() - off;
        if (n == 0) {
            if (pending != null) {
                throw pending;
            }
            return -1;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
