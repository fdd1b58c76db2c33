package dev.jvortex.sql.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/// Line editing and history for the interactive shell: JLine with its FFM terminal provider (no
/// JNI or native library of its own; the JVM needs `--enable-native-access=ALL-UNNAMED`), history
/// in `~/.jvx_sql_history`.
final class JLineSource implements SqlCommand.LineSource {
    private final Terminal terminal;
    private final LineReader reader;

    private JLineSource(Terminal terminal, LineReader reader) {
        this.terminal = terminal;
        this.reader = reader;
    }

    /// Returns a source on the process's terminal, or null when JLine cannot open it.
    static JLineSource open() {
        try {
            Terminal t = TerminalBuilder.builder()
                    .system(true)
                    .provider("ffm")
                    .dumb(false)
                    .build();
            LineReader r = LineReaderBuilder.builder()
                    .terminal(t)
                    .appName("jvx sql")
                    .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".jvx_sql_history"))
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            return new JLineSource(t, r);
        } catch (IOException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    @Override
    public String readLine(String prompt) {
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException e) {
            return "";
        } catch (EndOfFileException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            reader.getHistory().save();
            terminal.close();
        } catch (IOException e) {
            // the history is a convenience: losing it is not an error of the session
        }
    }
}
