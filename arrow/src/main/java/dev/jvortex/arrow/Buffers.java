package dev.jvortex.arrow;

import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/// Arrow buffers seen as memory segments: the one place that turns an [ArrowBuf]'s address into
/// a segment (a restricted method, see the module's docs).
final class Buffers {
    private Buffers() {}

    /// Returns the memory of `buf` (its capacity) as a segment.
    static MemorySegment segment(ArrowBuf buf) {
        long capacity = buf.capacity();
        if (capacity == 0) {
            return MemorySegment.NULL;
        }
        return MemorySegment.ofAddress(buf.memoryAddress()).reinterpret(capacity);
    }

    /// Returns the first `bytes` bytes of `buf` as a segment, checking that it holds them.
    static MemorySegment segment(ArrowBuf buf, long bytes, String what) {
        if (bytes == 0) {
            return MemorySegment.NULL;
        }
        if (buf.capacity() < bytes) {
            throw dev.jvortex.core.VortexException.corrupt(
                    what + ": Arrow buffer of " + buf.capacity() + " bytes, expected at least " + bytes);
        }
        return MemorySegment.ofAddress(buf.memoryAddress()).reinterpret(bytes);
    }

    /// Allocates a zeroed buffer of at least `bytes` bytes (8 at least, so its address is real).
    static ArrowBuf allocate(BufferAllocator allocator, long bytes) {
        ArrowBuf buf = allocator.buffer(Math.max(8, (bytes + 7) & ~7L));
        buf.setZero(0, buf.capacity());
        return buf;
    }

    /// Returns the number of bytes of a bitmap of `n` bits.
    static long bitmapBytes(long n) {
        return (n + 7) >>> 3;
    }

    /// Returns a new Arrow validity bitmap of `n` rows from a Vortex validity.
    static ArrowBuf validity(Validity validity, int n, BufferAllocator allocator) {
        long bytes = bitmapBytes(n);
        ArrowBuf buf = allocate(allocator, bytes);
        if (n == 0) {
            return buf;
        }
        MemorySegment dst = segment(buf);
        MemorySegment bits = validity.bits();
        if (bits == null) {
            if (!validity.isAllInvalid()) {
                dst.asSlice(0, bytes).fill((byte) 0xFF);
            }
        } else {
            MemorySegment.copy(bits, 0, dst, 0, Math.min(bytes, bits.byteSize()));
        }
        return buf;
    }

    /// Copies `bytes` bytes of `src` into a new buffer.
    static ArrowBuf copyOf(MemorySegment src, long bytes, BufferAllocator allocator) {
        ArrowBuf buf = allocate(allocator, bytes);
        if (bytes > 0) {
            MemorySegment.copy(src, 0, segment(buf), 0, bytes);
        }
        return buf;
    }
}
