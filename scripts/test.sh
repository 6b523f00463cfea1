#!/usr/bin/env bash
# The one test command (`npm test`; .ci/run calls it after `npm ci`): type-check, lint, unit and
# integration tests, a production build, browser tests in Debian's Chromium, then the closing line
# `N passed, N failed, N skipped` computed from the JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ ! -d node_modules ]; then npm ci --no-audit --no-fund || exit 1; fi
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium (Playwright cannot download its own browser here)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || exit 1
  else
    echo "Chromium not found at $CHROMIUM_PATH: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH" >&2
    exit 1
  fi
fi

# The team server's tests start their own throwaway PostgreSQL cluster (tests/helpers/postgres.ts).
if [ -z "${RPCSCOPE_TEST_DATABASE_URL:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's postgresql (the team server's tests run on a real PostgreSQL)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || exit 1
  else
    echo "PostgreSQL not found: install Debian's postgresql (apt-get install postgresql) or set RPCSCOPE_TEST_DATABASE_URL" >&2
    exit 1
  fi
fi

rm -rf reports && mkdir -p reports
failed_stages=()
stage() { # stage NAME COMMAND...  (prints how long it took: CI's budget is 25 minutes)
  local name=$1 start=$SECONDS; shift
  echo "== $name"
  if ! "$@"; then failed_stages+=("$name"); fi
  echo "== $name: $((SECONDS - start)) s"
}
# The type check and the lint are single-threaded and independent: on two cores they run side by side,
# each into its own log, shown whole (not interleaved) once both have ended.
checks() {
  npm run -s typecheck > reports/typecheck.log 2>&1 & local tc=$!
  npx eslint . --max-warnings=0 > reports/lint.log 2>&1 & local lint=$!
  wait $tc || failed_stages+=(typecheck)
  wait $lint || failed_stages+=(lint)
  cat reports/typecheck.log reports/lint.log
  return 0
}

stage 'typecheck + lint' checks
stage unit npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
# The export viewer bundle, the server build, then next build. Its own TypeScript pass repeats the
# typecheck stage above (same sources, same tsconfig), so it is skipped here (next.config.mjs).
RPCSCOPE_TYPES_CHECKED=1 stage build npm run -s build
stage e2e npx playwright test

node scripts/test-summary.mjs reports/unit.json reports/e2e.json "${failed_stages[@]}"
