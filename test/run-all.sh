#!/usr/bin/env bash
# npm test: every check, each run to its end even when an earlier one failed, then one line per
# check with its time and a closing count. The run fails when any check failed.
set -u
cd "$(dirname "$0")/.."

# crash-states first of the tests: it installs strace where it is missing, which a unit test uses too.
names=(typecheck crash-states unit torture e2e)
commands=(
  "npm run --silent typecheck"
  "npm run --silent crash-states"
  "npm run --silent test:unit"
  "npm run --silent torture -- --trials 20"
  "npm run --silent test:e2e"
)
results=()
passed=0
failed=0
for i in "${!names[@]}"; do
  echo "── ${names[$i]}: ${commands[$i]}"
  start=$SECONDS
  if bash -c "${commands[$i]}"; then status=passed; passed=$((passed + 1)); else status=FAILED; failed=$((failed + 1)); fi
  results+=("$(printf '%-10s %-7s %4ss' "${names[$i]}" "$status" $((SECONDS - start)))")
done
echo
echo "── summary"
printf '%s\n' "${results[@]}"
echo "checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
