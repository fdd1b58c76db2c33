/// Remote read sources for [dev.jvortex.file.VortexFile#open(dev.jvortex.file.io.ReadSource)]:
/// HTTP(S) range reads and S3-compatible object stores (SigV4 signing of our own), retries,
/// hedged requests and a two-tier block cache. Only the JDK (`java.net.http`, `javax.crypto`).
module dev.jvortex.remote {
    requires transitive dev.jvortex.file;
    requires java.net.http;

    exports dev.jvortex.remote;
}
