#!/usr/bin/env bash
# The one test command (README): installs what it needs, then runs every check and test.
#   lint + format → type-check → unit (domain, API client, web, admin) + API on PGlite → storefront build → end-to-end in
#   Chromium. When TEST_DATABASE_URL names a PostgreSQL server, the API suite runs there, and on PGlite only the
#   tests whose subject is the database.
# It ends with one line 'tests: N passed, N failed' summing every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
out=.test-output
rm -rf "$out" && mkdir -p "$out"

step() { printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

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

step "storefront and console build"
npm run build

step "end-to-end (Chromium)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="$out/e2e.json"

step "summary"
node scripts/test-summary.mjs "$out"
echo "wall time: $(( $(date +%s) - started )) s"
