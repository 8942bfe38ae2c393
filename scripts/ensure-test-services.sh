#!/usr/bin/env bash
# Makes sure what the tests talk to is there: a Redis on loopback and Debian's
# Chromium for the browser tests, buildah for the image build. Installs with apt-get only when missing and
# only when running as root; otherwise says what is missing.
set -u

have() { command -v "$1" >/dev/null 2>&1; }
apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ] || ! have apt-get; then
    echo "ensure-test-services: $1 is missing; install it (apt-get install -y $1)" >&2
    return 1
  fi
  [ $apt_updated = 1 ] || { apt-get update -qq >/dev/null 2>&1; apt_updated=1; }
  echo "ensure-test-services: installing $1"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
}

redis_url="${REDIS_URL:-redis://127.0.0.1:6379}"
if ! have redis-cli; then apt_install redis-tools || true; fi
if ! redis-cli -u "$redis_url" ping >/dev/null 2>&1; then
  if ! have redis-server; then apt_install redis-server || true; fi
  if have redis-server; then
    echo "ensure-test-services: starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    for _ in $(seq 1 50); do redis-cli -u "$redis_url" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
fi
redis-cli -u "$redis_url" ping >/dev/null 2>&1 || echo "ensure-test-services: no Redis answers at $redis_url" >&2

if [ ! -x /usr/bin/chromium ]; then apt_install chromium || true; fi
# The container image is built in a test with buildah (no Docker engine needed); without it that test is skipped.
if ! have buildah; then apt_install buildah || true; fi
exit 0
