#!/usr/bin/env bash
# The real-agent end-to-end suite, as CI runs it (.ci/run calls this after `npm ci`).
#  1. Installs the published Claude Code, Gemini CLI and Codex CLIs with `npm install --prefix`
#     into a cache outside the project tree (SERVICE_AGENTS_CACHE, default
#     ~/.cache/service-agents); their licenses are their own, so they are never dependencies
#     of the product. An agent that cannot be installed is named on its own line.
#  2. Runs test/agents on the SQLite store (the runner type-checks and builds first).
# Ends with the runner's `N passed, N failed` line; an agent that could not be installed also
# fails its own test file, so the count never passes without it. Exit code 0 only when all
# three agents were installed and every test passed.
set -uo pipefail
cd "$(dirname "$0")/../.."

export SERVICE_AGENTS_CACHE="${SERVICE_AGENTS_CACHE:-$HOME/.cache/service-agents}"
mkdir -p "$SERVICE_AGENTS_CACHE"

printf '\n=== Real agents: installing into %s\n' "$SERVICE_AGENTS_CACHE"
install_out=$(node --import tsx test/agents/install-agents.ts 2>&1)
install_rc=$?
printf '%s\n' "$install_out"

printf '\n=== Real agents: end-to-end suite (SQLite store)\n'
out=$(mktemp)
SERVICE_TEST_AGENTS=1 SERVICE_TEST_STORE=sqlite node scripts/run-tests.mjs test/agents 2>&1 | tee "$out"
test_rc=${PIPESTATUS[0]}
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$out" | tail -1)
rm -f "$out"

if [ "$install_rc" -ne 0 ]; then
  printf '\nReal agents NOT tested, could not be installed:\n'
  printf '%s\n' "$install_out" | grep -E '^MISSING ' | sed 's/^MISSING /  - /'
  # Repeat the count so the output still ends with it.
  echo "${summary:-0 passed, 1 failed}"
elif [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
fi
if [ "$install_rc" -ne 0 ] || [ "$test_rc" -ne 0 ]; then exit 1; fi
exit 0
