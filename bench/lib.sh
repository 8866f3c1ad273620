# Shared by the bench scripts (sourced after they cd to the repository).

# Seconds a command takes, its output to "$build/out.txt"; its exit status
# must be 0 or 1 (1: not found), else the output is shown and it fails.
timed() {
    local t0 t1 rc=0
    t0=$(date +%s.%N)
    "$@" >"$build/out.txt" 2>&1 || rc=$?
    t1=$(date +%s.%N)
    if [ "$rc" -gt 1 ]; then cat "$build/out.txt" >&2; return 1; fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

# The median of the numbers on stdin, one a line.
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
