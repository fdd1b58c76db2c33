#!/usr/bin/env bash
# Prints the home directory of a JDK 25 installation, or fails with a message.
# Order: $JAVA_HOME (if it is a JDK 25), then the usual JVM folders, found by their `release` file.
set -euo pipefail

is_jdk25() {
  local home="$1"
  [ -f "$home/release" ] && [ -x "$home/bin/javac" ] &&
    grep -Eq '^JAVA_VERSION="25([."]|$)' "$home/release"
}

if [ -n "${JAVA_HOME:-}" ] && is_jdk25 "$JAVA_HOME"; then
  echo "$JAVA_HOME"
  exit 0
fi
for release in /usr/lib/jvm/*/release /usr/java/*/release /opt/java/*/release /opt/*/release \
               "$HOME"/.sdkman/candidates/java/*/release "$HOME"/.jdks/*/release; do
  [ -f "$release" ] || continue
  home=$(dirname "$release")
  if is_jdk25 "$home"; then
    echo "$home"
    exit 0
  fi
done
if command -v javac >/dev/null 2>&1; then
  home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  if is_jdk25 "$home"; then
    echo "$home"
    exit 0
  fi
fi
echo "find-jdk25: no JDK 25 found (looked at \$JAVA_HOME and /usr/lib/jvm/*); install one or set JAVA_HOME" >&2
exit 1
