/// Pcodec (pco) numeric compression in pure Java; see [dev.jvortex.pcodec].
module dev.jvortex.pcodec {
    exports dev.jvortex.pcodec;
}
