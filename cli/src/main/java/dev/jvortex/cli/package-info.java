/// The `jvx` command line: `schema`, `inspect` and `export`.
package dev.jvortex.cli;
