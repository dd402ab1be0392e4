#!/usr/bin/env bash
# The one test command (README): installs what it needs, then runs every check and test.
#   lint + format → type-check → storefront, console and API build → two streams side by side:
#     1. unit (domain, API client, web, admin) + API on PGlite, then the API on PostgreSQL when TEST_DATABASE_URL
#        names a server (on PGlite only the tests whose subject is the database, then);
#     2. end-to-end journeys in Chromium.
#   The journeys spend about 40 % of their time waiting on the browser and the network, which the first stream
#   fills: side by side they take about the time of the longer stream rather than the sum (docs/scaling.md 'The
#   test run').
# Each step prints its wall time and the CPU time of its processes. It ends with one line
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

unit_and_api() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    # PostgreSQL is tested too: the whole API suite runs there, and on the embedded PGlite only the files whose
    # subject is the database (apps/api/vitest.config.ts, DATABASE_SUITES); the journeys run on PGlite.
    echo "== unit tests, and the API's database tests on PGlite"
    env -u TEST_DATABASE_URL API_TESTS=database npx vitest run --project domain --project api-client --project web \
      --project admin --project api --reporter=default --reporter=json --outputFile.json="$out/unit.json" || return 1
    echo "== API tests on PostgreSQL ($(($(date +%s) - started))s)"
    npx vitest run --project api --reporter=default --reporter=json --outputFile.json="$out/api-pg.json"
  else
    echo "== unit and API tests (PGlite)"
    npx vitest run --project domain --project api-client --project web --project admin --project api \
      --reporter=default --reporter=json --outputFile.json="$out/unit.json" || return 1
    echo "TEST_DATABASE_URL not set: API tests ran on PGlite only"
  fi
}
journeys() {
  npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="$out/e2e.json"
}

step "tests: unit and API, with the end-to-end journeys (Chromium) alongside"
# Each stream writes its own log, printed whole when it ends, so the two never interleave line by line.
# Runs one stream in its own process (it is started with &): its log, its exit status, and its CPU seconds.
run_stream() {
  local name=$1
  shift
  if "$@" >"$out/$name.log" 2>&1; then echo 0 >"$out/$name.status"; else echo "$?" >"$out/$name.status"; fi
  cpu_seconds >"$out/$name.cpu"
}
run_stream unit-and-api unit_and_api &
unit_pid=$!
run_stream e2e journeys &
e2e_pid=$!
# The first stream to end is printed at once; then the other.
wait -n -p first_pid "$unit_pid" "$e2e_pid" || true
if [ "$first_pid" = "$unit_pid" ]; then order=(unit-and-api e2e); else order=(e2e unit-and-api); fi
for stream in "${order[@]}"; do
  [ "$stream" = "${order[1]}" ] && { wait "$unit_pid" "$e2e_pid" 2>/dev/null || true; }
  printf '\n== %s ended (%ss, %s CPU-s): exit %s\n' "$stream" "$(($(date +%s) - started))" \
    "$(cat "$out/$stream.cpu" 2>/dev/null || echo '?')" "$(cat "$out/$stream.status" 2>/dev/null || echo '?')"
  cat "$out/$stream.log"
done

step "summary"
failed_streams=0
for stream in unit-and-api e2e; do
  [ "$(cat "$out/$stream.status" 2>/dev/null || echo 1)" = 0 ] || failed_streams=$((failed_streams + 1))
done
node scripts/test-summary.mjs "$out"
cpu_seconds >"$out/.cpu"
echo "wall time: $(($(date +%s) - started)) s, CPU time: $(cat "$out/.cpu") s"
if [ "$failed_streams" -ne 0 ]; then
  echo "$failed_streams test stream(s) failed" >&2
  exit 1
fi
