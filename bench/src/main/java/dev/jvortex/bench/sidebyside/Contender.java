package dev.jvortex.bench.sidebyside;

/// One reader under test. Each call opens the file, runs the operation to the end (every value
/// decoded into the reader's typed arrays or vectors), closes the file and returns the rows it produced.
interface Contender extends AutoCloseable {
    /// Runs `op` (`full`, `numeric`, `two`, `string`, `select`, `take`) once.
    long run(String op, Query q) throws Exception;

    /// A value derived from everything read, so that no work can be skipped.
    long sink();

    @Override
    default void close() throws Exception {}
}
