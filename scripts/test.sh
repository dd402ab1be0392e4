#!/usr/bin/env bash
# The one test command (README): installs what it needs, then runs every check and test.
#   lint + format → type-check → storefront, console and API build → unit (domain, API client, web, admin) + API on
#   PGlite → API on PostgreSQL when TEST_DATABASE_URL names a server (then, on PGlite, only the tests whose subject
#   is the database) → end-to-end journeys in Chromium → the built shop from a production install on Node 24.
# The phases run one after the other: run side by side on 2 cores, the component tests and the journeys slowed each
# other by more than they gained (docs/scaling.md 'The test run').
# Each step prints the wall time so far and the CPU time of the finished steps. It ends with one line
# 'tests: N passed, N failed' summing every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
out=.test-output
rm -rf "$out" && mkdir -p "$out"

# The CPU seconds (user + system) this script's finished child processes used so far: `times` runs in this shell
# (a command substitution would be a new process, with no children of its own).
cpu_seconds() {
  times >"$out/.times.$BASHPID"
  awk 'END { n = split($0, p, /[ ms]+/); s = 0; for (i = 1; i + 1 <= n; i += 2) s += p[i] * 60 + p[i + 1]; printf "%d", s }' "$out/.times.$BASHPID"
}
step() {
  cpu_seconds >"$out/.cpu"
  printf '\n== %s (%ss, %s CPU-s)\n' "$1" "$(($(date +%s) - started))" "$(cat "$out/.cpu")"
}

step "dependencies"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules is up to date"
fi

step "browser and fonts"
bash scripts/ensure-browser.sh

step "lint and format (Biome)"
npx biome check .

step "type-check"
npm run typecheck

step "storefront, console and API build"
npm run build

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # PostgreSQL is tested too: the whole API suite runs there, and on the embedded PGlite only the files whose
  # subject is the database (apps/api/vitest.config.ts, DATABASE_SUITES); the journeys below run on PGlite.
  step "unit tests, and the API's database tests on PGlite"
  env -u TEST_DATABASE_URL API_TESTS=database npx vitest run --project domain --project api-client --project web --project admin \
    --project api --reporter=default --reporter=json --outputFile.json="$out/unit.json"
  step "API tests on PostgreSQL"
  npx vitest run --project api --reporter=default --reporter=json --outputFile.json="$out/api-pg.json"
else
  step "unit and API tests (PGlite)"
  npx vitest run --project domain --project api-client --project web --project admin --project api \
    --reporter=default --reporter=json --outputFile.json="$out/unit.json"
  echo "TEST_DATABASE_URL not set: API tests ran on PGlite only"
fi

step "end-to-end (Chromium)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="$out/e2e.json"

# The built shop from a production install (npm ci --omit=dev) on Node 24, probed as a visitor (README 'Node
# versions'); a failure fails the run.
step "production install on Node 24 (smoke)"
node scripts/smoke-production.mjs 24

step "summary"
node scripts/test-summary.mjs "$out"
cpu_seconds >"$out/.cpu"
echo "wall time: $(($(date +%s) - started)) s, CPU time: $(cat "$out/.cpu") s"
