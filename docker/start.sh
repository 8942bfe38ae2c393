#!/bin/sh
# Container entry: arguments win; else a config mounted at /config/config.json;
# else the image's default (read-only file access, AI without providers).
set -e
if [ "$#" -eq 0 ]; then
  if [ -f /config/config.json ]; then
    set -- --config /config/config.json
  else
    set -- --config docker/default.config.json
  fi
fi
exec node --import tsx src/main.ts "$@"
