/// The writer: chunks columns, serializes each chunk as a flat segment, keeps zone maps and file
/// statistics, and writes the footer at close. A file appears under its name only when complete.
package dev.jvortex.file.write;
