#!/bin/sh
# Builds a local stand-in for node:20-slim when the registry cannot be reached:
# this machine's node and npm at the paths the official image uses, a shell and
# the few tools the Dockerfile's RUN steps call, and the official image's
# unprivileged `node` user (uid 1000). Usage: standin-node-image.sh <buildah args…> <image name>
set -eu
name="$1"; shift
bah() { buildah "$@"; }
ctr=$(bah "$@" from scratch)
mnt=$(bah "$@" mount "$ctr")
copy_with_libs() {
  for bin in "$@"; do
    mkdir -p "$mnt$(dirname "$bin")"
    cp -L "$bin" "$mnt$bin"
    for lib in $(ldd "$bin" 2>/dev/null | grep -o '/[^ ]*'); do
      mkdir -p "$mnt$(dirname "$lib")"; cp -L "$lib" "$mnt$lib"
    done
  done
}
copy_with_libs /bin/sh /bin/dash /usr/bin/env /bin/mkdir /bin/chown /bin/rm /bin/ls
mkdir -p "$mnt/usr/local/bin" "$mnt/usr/local/lib/node_modules" "$mnt/tmp" "$mnt/root" "$mnt/home/node" "$mnt/etc"
chmod 1777 "$mnt/tmp"
cp -L "$(command -v node)" "$mnt/usr/local/bin/node"
for lib in $(ldd "$(command -v node)" | grep -o '/[^ ]*'); do mkdir -p "$mnt$(dirname "$lib")"; cp -L "$lib" "$mnt$lib"; done
cp -r "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$mnt/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' > "$mnt/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' > "$mnt/etc/group"
chown 1000:1000 "$mnt/home/node"
bah "$@" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env NODE_VERSION="$(node --version | tr -d v)" --cmd node "$ctr"
bah "$@" unmount "$ctr" >/dev/null
bah "$@" commit --quiet "$ctr" "$name" >/dev/null
bah "$@" rm "$ctr" >/dev/null
