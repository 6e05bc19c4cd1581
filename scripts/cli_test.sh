#!/usr/bin/env bash
# The `layout` tool's contract (INTERCHANGE.md, "Exit status"): 0 when an
# answer is printed, 1 for malformed input with the error printed, 2 for a
# wrong command line.   scripts/cli_test.sh LAYOUT_BINARY
set -uo pipefail
layout=$1
pass=0 fail=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

expect() { # NAME STATUS PATTERN COMMAND...: exit status and a line of output
    local name=$1 want=$2 pattern=$3
    shift 3
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$want" ] && grep -qE -- "$pattern" <<<"$out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: status $rc (want $want), output:"
        echo "$out" | head -5
    fi
}

cat >"$dir/ok.json" <<'JSON'
{"root": {"name": "root", "width": 320, "height": 480},
 "views": [{"name": "a", "superview": "root", "intrinsicContentSize": {"width": 100, "height": 30}}],
 "constraints": [{"first": "a.leading", "relation": "==", "second": "root.leadingMargin"},
                 {"first": "a.top", "relation": "==", "second": "root.top", "constant": 20}]}
JSON
cat >"$dir/conflict.json" <<'JSON'
{"root": {"name": "root", "width": 320, "height": 480},
 "views": [{"name": "a", "superview": "root"}],
 "constraints": [{"id": "left", "first": "a.leading", "relation": "==", "second": "root.leading"},
                 {"id": "right", "first": "a.trailing", "relation": "==", "second": "root.trailing"},
                 {"id": "wide", "first": "a.width", "relation": "==", "second": null, "constant": 400}]}
JSON
echo '{"root": {"width": 320, "height": 480}, "views": [{"name": "a", "superview": "card"}]}' >"$dir/bad-superview.json"
echo '{"root": {"width": 320, "height": 480}, "views": [{"name": "a", "superview": "root"}], "constraints": [{"first": "a.top", "relation": "==", "second": "root.width"}]}' >"$dir/bad-pairing.json"
echo '{"root": {"width": 320, "height": 480}, "constraints": [{"first": "root.width", "relation": "=", "second": null}]}' >"$dir/bad-relation.json"
echo '{"root": {"width": 320, "hieght": 480}}' >"$dir/typo.json"
echo '{"root": ' >"$dir/truncated.json"

python3 -c "print('{\"root\": ' + '[' * 100000 + ']' * 100000 + '}')" >"$dir/deep.json"
printf '{"root": {"width": 1, "height": 1}, "views": [{"name": "\xff\xfe", "superview": "root"}]}' >"$dir/utf8.json"
echo '{"root": {"width": 1e300, "height": 480}}' >"$dir/huge.json"

expect "answer" 0 '"a": \{"x": 8, "y": 20, "width": 100, "height": 30\}' "$layout" solve "$dir/ok.json" --json
expect "table" 0 '^a +8 +20 +100 +30' "$layout" solve "$dir/ok.json"
expect "conflict answered" 0 '"brokenConstraint": "wide"' "$layout" solve "$dir/conflict.json" --json
expect "conflict set" 0 '"conflicting": \["root.width", "left", "right", "wide"\]' "$layout" solve "$dir/conflict.json" --json
expect "unknown superview" 1 "key 'views\[0\].superview': no view named \"card\"" "$layout" solve "$dir/bad-superview.json"
expect "Apple's pairing rule" 1 "key 'constraints\[0\]': Invalid pairing of layout attributes" "$layout" solve "$dir/bad-pairing.json"
expect "bad relation" 1 "key 'constraints\[0\].relation': must be" "$layout" solve "$dir/bad-relation.json"
expect "misspelt key" 1 "unknown key \"hieght\"" "$layout" solve "$dir/typo.json"
expect "not JSON" 1 "not JSON" "$layout" solve "$dir/truncated.json"
expect "deeply nested" 1 "not JSON" "$layout" solve "$dir/deep.json"
expect "invalid UTF-8" 1 "not JSON" "$layout" solve "$dir/utf8.json"
expect "huge number" 1 "key 'root.width': 1e\+300 is out of range" "$layout" solve "$dir/huge.json"
expect "missing file" 1 "cannot read" "$layout" solve "$dir/none.json"
expect "no file argument" 2 "Missing expected argument" "$layout" solve
expect "unknown option" 2 "Unknown option" "$layout" solve "$dir/ok.json" --yaml

# layout vfl (INTERCHANGE.md, "layout vfl")
cat >"$dir/formats.swift" <<'SWIFT'
let ok = "H:|-[a]-[b(==a)]-|"
let bad = NSLayoutConstraint.constraints(withVisualFormat: "V:|-[a]-(10-[b]", options: [], metrics: nil, views: v)
let message = "[not a format"
SWIFT
printf 'H:|-[a]-|\n# a comment\n  H:[a(50@2000)]\n' >"$dir/formats.vfl"
expect "vfl answer" 0 '"first": "b.leading", "relation": "==", "second": "a.trailing", "multiplier": 1, "constant": 8, "priority": 1000, "standard": true' \
    "$layout" vfl 'H:|-[a]-[b(==a)]-|' --views a,b --json
expect "vfl margins" 0 '"first": "a.leading", "relation": "==", "second": "superview.leadingMargin", "multiplier": 1, "constant": 0' \
    "$layout" vfl 'H:|-[a]' --views a --json
expect "vfl error" 1 '^\{"error": \{"message": "blackBox is not a key in the views dictionary.", "caret": 11\}\}$' \
    "$layout" vfl 'H:[blackBox]' --views a --json
expect "vfl empty" 1 '"caret": null' "$layout" vfl '' --views a --json
expect "vfl no superview" 1 "doesn't have a superview" "$layout" vfl 'H:|-[a]' --views a: --json
expect "vfl caret text" 1 '^           \^$' "$layout" vfl 'H:[blackBox]' --views ''
expect "vfl options" 0 '"first": "a.top", "relation": "==", "second": "b.top"' \
    "$layout" vfl 'H:[a]-[b]' --views a,b --options alignAllTop --json
expect "vfl unknown option" 2 "unknown option 'alignAllMiddle'" "$layout" vfl 'H:[a]' --views a --options alignAllMiddle
expect "vfl bad views" 2 "cannot be added to itself" "$layout" vfl 'H:[a]' --views a:b,b:a
expect "vfl bad metric" 2 "'pad' is not NAME=NUMBER" "$layout" vfl 'H:[a]' --views a --metrics pad
expect "vfl needs views" 2 "--views is required" "$layout" vfl 'H:[a]'
expect "lint swift" 1 "formats.swift:2:72: error: Expected a '\)' at the end of a constraint modifier" "$layout" vfl --lint "$dir/formats.swift"
expect "lint count" 1 "^2 formats checked, 1 with errors" "$layout" vfl --lint "$dir/formats.swift"
expect "lint vfl" 1 "formats.vfl:3:15: error: Invalid priority specified: 2000" "$layout" vfl --lint "$dir/formats.vfl"
expect "lint json" 1 '"line": 3, "column": 15' "$layout" vfl --lint "$dir/formats.vfl" --json

# layout traits and layout devices (INTERCHANGE.md)
expect "traits" 0 '^\{"horizontalSizeClass": "regular", "verticalSizeClass": "compact", "userInterfaceIdiom": "phone", "displayScale": 3, "size": \{"width": 932, "height": 430\}\}$' \
    "$layout" traits --device "iPhone 15 Pro Max" --orientation landscape --json
expect "traits multitasking" 0 '"horizontalSizeClass": "compact".*"width": 592' \
    "$layout" traits --device "iPad Pro 11-inch (4th generation)" --orientation landscape --arrangement half --json
expect "traits unknown device" 2 "unknown device 'iPhone 99'" "$layout" traits --device "iPhone 99"
expect "traits no such window" 2 "has no half window in portrait" "$layout" traits --device "iPad (10th generation)" --arrangement half
expect "devices" 0 '"name": "Generic", "idiom": "unspecified", "size": \{"width": 600, "height": 600\}' "$layout" devices --json

# Layout documents (Examples/README.md): solved on a device; errors with line and column.
examples=$(cd "$(dirname "$0")/../Examples" && pwd)
expect "document landscape" 0 '^imageView +0 +0 +426 +393$' \
    "$layout" solve "$examples/profile.yaml" --device "iPhone 15 Pro" --orientation landscape
expect "document json" 0 '"photosLabel": \{"x": 8, "y": 66, "width": 359, "height": 21\}' \
    "$layout" solve "$examples/profile.yaml" --device "iPhone 8" --json
expect "document default device" 0 '^root +0 +0 +393 +852$' "$layout" solve "$examples/profile.yaml"
expect "document multitasking" 0 '^sidebar +0 +0 +320 +1180$' \
    "$layout" solve "$examples/master-detail.yaml" --arrangement oneThird
printf 'views: [{name: a}]\nconstraints:\n  - "H:|[a][b]|"\n' >"$dir/bad.yaml"
expect "document error" 1 "bad.yaml:3:14: error: b is not a key in the views dictionary." "$layout" solve "$dir/bad.yaml"
printf '{"views": [{"name": "a"}], "constraints": ["H:|[a]|", "V:|[a(44)]"]}' | cat >"$dir/doc.json"
expect "document as json" 0 '^a +0 +0 +600 +44$' "$layout" solve "$dir/doc.json"
expect "document no such window" 2 "has no half window in portrait" \
    "$layout" solve "$examples/launch.yaml" --device "iPad (10th generation)" --arrangement half

# Interface Builder files, previews, explanations.
storyboard="${SHARED:-../shared}/corpus/storyboards/ReactiveX__RxSwift/RxExample__RxExample__Examples__GitHubSignup__GitHubSignup1.storyboard"
expect "check-ib" 0 "^overall: 9 of 9 eligible views within 0.5 pt" "$layout" check-ib "$storyboard"
expect "check-ib json" 0 '"within0_5" : 9' "$layout" check-ib "$storyboard" --json
printf '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY e "x">]>\n<document>&e;</document>\n' >"$dir/entity.xib"
expect "check-ib entity" 1 "entity.xib:2:1: error: a document type declaration" "$layout" check-ib "$dir/entity.xib"
expect "preview document" 0 "146 panels" "$layout" preview "$examples/profile.yaml" -o "$dir/p.svg" --html "$dir/p.html"
expect "preview svg" 0 "photosLabel" cat "$dir/p.svg"
expect "preview storyboard" 0 "11 panels" "$layout" preview "$storyboard" --devices "iPhone 8,iPad (10th generation)" -o "$dir/s.svg"
expect "explain clean" 0 "wR hC \(iPhone 8 Plus, landscape" "$layout" explain "$examples/profile.yaml"
printf 'views: [{name: a}]\nconstraints:\n  - "H:|[a(500)]|"\n  - a.height == 10 @300\n  - a.height == 20\n' >"$dir/conflict.yaml"
expect "explain conflict" 1 "    3:6: a.width == 500" "$layout" explain "$dir/conflict.yaml"
expect "explain unsatisfied" 1 "not satisfied: 4:5: a.height == 10 @300: off by 10 pt" "$layout" explain "$dir/conflict.yaml"

echo "layout: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
