# Sourced by scripts/test/run.sh and scripts/test/node24.sh: `step NAME` opens a step and says how long
# the run has taken so far (CI's budget is 90 minutes in all); on exit, pass or fail, a table gives
# each step's own time.
step_names=()
step_starts=()
step() {
  step_names+=("$1")
  step_starts+=("$SECONDS")
  printf '\n=== %s%s (at %d s) ===\n' "${STEP_PREFIX:-}" "$1" "$SECONDS"
}
step_table() {
  local count=${#step_names[@]} i end
  [ "$count" -gt 0 ] || return 0
  printf '\n%-28s %8s\n' "${STEP_PREFIX:-}step" "seconds"
  for ((i = 0; i < count; i++)); do
    if [ $((i + 1)) -lt "$count" ]; then end=${step_starts[$((i + 1))]}; else end=$SECONDS; fi
    printf '%-28s %8d\n' "${step_names[$i]}" $((end - step_starts[i]))
  done
  printf '%-28s %8d\n' "total" "$SECONDS"
}
trap step_table EXIT
