#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what the tests need (Debian's redis-server and
# chromium), starts a private Redis, builds, type-checks and lints the site, prints `npm audit --omit=dev` (failing on
# high/critical advisories when the audit endpoint answers), runs every jest project (unit, contract,
# e2e, faults, browser) in two jest runs and prints one summary line over both: "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${missing[*]} (Debian packages)"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "Could not install ${missing[*]}"; exit 1; }
fi

mkdir -p .tmp
redis_port="${TEST_REDIS_PORT:-6390}"
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --pidfile "$PWD/.tmp/redis.pid" --logfile "$PWD/.tmp/redis.log" || { echo "redis-server did not start"; exit 1; }
trap 'kill "$(cat "$PWD/.tmp/redis.pid" 2>/dev/null)" 2>/dev/null' EXIT
export TEST_REDIS_URL="redis://127.0.0.1:$redis_port"

npm run build || { echo "Build failed"; echo "0 passed, 1 failed"; exit 1; }
npx tsc -p tsconfig.json --noEmit || { echo "Type check failed"; echo "0 passed, 1 failed"; exit 1; }
npm run lint || { echo "Lint failed (npm run lint: Prettier and ESLint)"; echo "0 passed, 1 failed"; exit 1; }
node test/support/audit.js || { echo "High or critical advisories in production dependencies"; echo "0 passed, 1 failed"; exit 1; }

# The in-process suites (unit, web, e2e) keep one core busy each: two at a time. The suites that drive
# processes and a browser (faults, browser) keep both cores busy themselves: one at a time.
rm -f .tmp/jest-results-*.json
npx jest --ci --forceExit --passWithNoTests --selectProjects unit web e2e --maxWorkers=2 \
  --json --outputFile=.tmp/jest-results-in-process.json "$@"
npx jest --ci --forceExit --passWithNoTests --selectProjects faults browser --maxWorkers=1 \
  --json --outputFile=.tmp/jest-results-processes.json "$@"
node test/support/print-summary.js .tmp/jest-results-in-process.json .tmp/jest-results-processes.json
