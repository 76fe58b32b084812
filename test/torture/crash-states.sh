#!/usr/bin/env bash
# The crash-state exploration (npm run crash-states): installs strace when it is missing (it
# delivers the kills, see crash-states.ts), then runs it; any lost change fails the run.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v strace >/dev/null 2>&1; then
  echo "strace is missing: installing it with apt-get"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y strace
  else
    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y strace
  fi
fi

exec ./node_modules/.bin/bun test/torture/crash-states.ts "$@"
