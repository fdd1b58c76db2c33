package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Builders;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;

/// A child process for [WriterAtomicityTest]: writes batches to the target given as its argument
/// until it is killed, never finishing.
public final class SlowWriterMain {
    private SlowWriterMain() {}

    /// Writes to `args[0]` until killed.
    public static void main(String[] args) throws InterruptedException {
        DType.Struct schema = DType.struct(false, "id", new DType.Primitive(PType.I64, false));
        try (VortexWriter w = VortexWriter.create(Path.of(args[0]), schema, WriteOptions.defaults())) {
            for (long i = 0; ; i++) {
                try (Arena arena = Arena.ofConfined()) {
                    Builders.LongBuilder ids = Builders.longs(schema.fields().getFirst());
                    for (int k = 0; k < 1000; k++) {
                        ids.append(i * 1000 + k);
                    }
                    w.write(List.of(ids.build(arena)));
                }
                Thread.sleep(20);
            }
        }
    }
}
