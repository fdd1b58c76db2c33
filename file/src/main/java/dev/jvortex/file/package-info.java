/// Reading and writing whole files: [dev.jvortex.file.VortexFile] maps and validates a file and
/// starts [dev.jvortex.file.Scan]s that yield [dev.jvortex.file.Batch]es;
/// [dev.jvortex.file.write.VortexWriter] writes one.
package dev.jvortex.file;
