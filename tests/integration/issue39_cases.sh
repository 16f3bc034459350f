#!/bin/sh
# Issue 39's numbered reproducers, run exactly as the issue writes them (cases 1 to
# 15; case 6's load and case 7's interrupts are measured apart, docs/testing.md), each
# under `timeout 120 /usr/bin/time -v`, printing per line: case, exit status, wall
# seconds, CPU (user) seconds, peak resident KB, first line of standard error.
# A manual check, not run by `cargo test` (minutes, and gigabytes for case 9):
#   sh tests/integration/issue39_cases.sh target/release/knights
set -u
K=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
DIR=$(mktemp -d)
cd "$DIR" || exit 1
printf '%s' '{"board":{"width":2,"height":2,"holes":[[0,0],[0,1],[1,0],[1,1]]},"closed":true,"path":[]}' >h.json
printf ' . .\n . .\n' >h.txt
"$K" tour 16x12 --algo besa -o plain.json
sed 's/"sections": \["/"sections": ["a\\u0001b", "/' plain.json >sec.json
sed 's/"algorithm": "besa"/"algorithm": "be\\u001b[2J\\r\\u0007sa"/' plain.json >alg.json
printf '{ "board": { "width": 60000, "height": 60000 }, "kind": "uncrossed", "closed": false, "leaps": 1, "path": [[0,0],[1,2]] }' >u.json
mkfifo theme.fifo
run() {
  case=$1; shift
  timeout 120 /usr/bin/time -v -o time.txt sh -c "$*" >out.txt 2>err.txt </dev/null
  code=$?
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' time.txt)
  user=$(sed -n 's/.*User time (seconds): //p' time.txt)
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' time.txt)
  first=$(grep -v '^Command exited\|^Command terminated' err.txt | head -1 | cut -c1-160)
  echo "$case | $code | ${wall:-?} | ${user:-?} | ${rss:-?} KB | $* | $first"
}
run 1 "'$K' worksheet 8x8 --count 4294967295 -o w.pdf"
run 1 "'$K' worksheet 8x8 --count 10000 -o w.pdf"
run 1 "'$K' worksheet 8x8 --count 100000 -o w.pdf"
run 2 "'$K' worksheet 9x9 --algo parberry --variant corner --cipher hello -o w.pdf"
run 3 "'$K' verify h.json"
run 3 "'$K' metrics h.json"
run 3 "'$K' render h.json -o x.png"
run 4 "'$K' render h.txt --animate -o x.gif"
run 5 "ulimit -v 2000000; '$K' tour 14000x14000 --symmetry half -o t.json"
run 5 "ulimit -v 8000000; '$K' tour 30000x30000 --symmetry half -o t.json"
run 8 "'$K' render sec.json -o x.png"
run 8 "'$K' render sec.json -o x.svg"
run 8 "'$K' metrics alg.json"
run 9 "'$K' tour 1000x1000 --blur 100000"
run 9 "'$K' metrics 1000x1000 --topology torus --leaper 1,64"
run 9 "'$K' metrics 20000x20000 --topology cylinder"
run 9 "'$K' tourney 500x500 --algo four-cover"
run 9 "'$K' render u.json --show squares -o x.png"
run 9 "'$K' render 20000x20000 --show all -o x.png"
run 9 "'$K' worksheet 256x256 -o w.pdf"
run 9 "'$K' worksheet 280x280 -o w.pdf"
run 9 "'$K' render 200x200 --leaper 1,64 --topology torus --show crossings -o x.png"
run 9 "'$K' stats 8x8 --samples 0"
run 10 "'$K' tour 8x8 --magic semi --start 7,7"
run 11 "'$K' render 8x8 --theme /dev/zero -o x.svg"
run 11 "'$K' render 8x8 --theme theme.fifo -o x.svg"
run 12 "'$K' tour 8x8 --magic semi --open -o m.json"
run 13 "'$K' tour 6x8 --symmetry half"
run 13 "'$K' tour 7x7 --symmetry half"
run 14 "'$K' tourney 4x8 --join"
run 14 "'$K' tourney 3x4 --join"
run 14 "'$K' tourney 3x8 --join"
run 14 "'$K' stats 5000x5000 --samples 1"
run 14 "'$K' stats 8x8 --seed 18446744073709551615 --samples 3"
run 14 "'$K' stats 8x8 --samples 3 --plot /nodir/x.svg"
run 14 "'$K' tour 4x4x4 --blur 100"
run 14 "'$K' tour 8x8 --magic semi --blur 5"
run 14 "'$K' tour 3x3 --topology torus --format grid | '$K' verify - --topology torus"
run 14 "'$K' tour 8x8 --magic full"
run 15 "'$K' render 8x8 --show bogus -o x.svg"
run 15 "'$K' tourney 8x8 --algo bogus"
cd / && rm -rf "$DIR"
