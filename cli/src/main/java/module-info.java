/// The `jvx` command line ([dev.jvortex.cli.Main]). An application: it exports nothing, and uses
/// only what the library modules export. `jvx` itself runs from a shaded jar on the class path.
module dev.jvortex.cli {
    requires dev.jvortex.core;
    requires dev.jvortex.format;
    requires dev.jvortex.compress;
    requires dev.jvortex.file;
    requires dev.jvortex.remote;
    requires dev.jvortex.convert;
}
