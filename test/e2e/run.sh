#!/usr/bin/env bash
# End-to-end tests of the TUI in tmux (npm run test:e2e). Installs tmux when it is missing, then
# runs the vitest suite in this folder; any failing test fails the run.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux is missing: installing it with apt-get"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y tmux
  else
    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y tmux
  fi
fi

exec ./node_modules/.bin/bun --bun vitest run --config test/e2e/vitest.config.ts "$@"
