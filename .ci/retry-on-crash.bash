# Sourced by .ci/run and .ci/retry-check: defines retry_on_crash.
#
#   retry_on_crash COMMAND [ARGUMENT...]
#
# Runs COMMAND, its output and errors going to stdout as they come. When it fails because the
# toolchain crashed, and no test failed, it runs COMMAND once more and says so on stderr; its
# status is that of the last run. A toolchain crash is an exit status of 128 or more (a process
# killed by a signal: 139 when SwiftPM's swift-package segfaults), or a compiler's crash report
# ("compile command failed due to signal", "Segmentation fault", LLVM's "Stack dump:"). A test
# failure is never retried: Swift Testing's and XCTest's failure lines, or a test process that
# died by a signal (SwiftPM's "Exited with unexpected signal code"), mean the tests ran and failed.

# retry_on_crash_crashed STATUS LOG: whether a run that ended with STATUS and printed LOG crashed.
retry_on_crash_crashed() {
  local status=$1 log=$2
  [ "$status" -ne 0 ] || return 1
  if grep -qaE '✘ |recorded an issue|failed after [0-9.]+ seconds|Test Case .* failed|Executed [0-9]+ tests?, with [1-9][0-9]* failures?|Exited with unexpected signal' "$log"; then
    return 1
  fi
  [ "$status" -ge 128 ] && return 0
  grep -qaE 'compile command failed due to signal|Segmentation fault|Stack dump:|terminated by signal|killed by signal' "$log"
}

retry_on_crash() {
  local log status
  log=$(mktemp "${TMPDIR:-/tmp}/retry-on-crash.XXXXXX")
  # The command's status goes through a file: the pipeline's is tee's.
  { status=0; "$@" 2>&1 || status=$?; echo "$status" > "$log.status"; } | tee "$log"
  status=$(cat "$log.status")
  if retry_on_crash_crashed "$status" "$log"; then
    echo "retry_on_crash: '$*' crashed (exit status $status) with no test failed: running it once more" >&2
    status=0
    "$@" || status=$?
  fi
  rm -f "$log" "$log.status"
  return "$status"
}

# expect_failure LOG COMMAND [ARGUMENT...]: for a command that should fail (a stale check, a bad
# spec's build). Runs COMMAND, its output and errors going to LOG; its status is that of the last
# run. A toolchain crash is no failure of the kind the caller checks for: as in retry_on_crash,
# COMMAND then runs once more, and says so on stderr.
expect_failure() {
  local log=$1 status=0
  shift
  "$@" > "$log" 2>&1 || status=$?
  if retry_on_crash_crashed "$status" "$log"; then
    echo "expect_failure: '$*' crashed (exit status $status): running it once more" >&2
    status=0
    "$@" > "$log" 2>&1 || status=$?
  fi
  return "$status"
}
