#!/usr/bin/env bash
# Builds every module's DocC catalog (Modules/<Module>/<SwiftModule>.docc) with the docc of the
# Swift toolchain, failing on any warning. Output: .build/docs/<SwiftModule>/, ready for static
# hosting. Links from one catalog to another (/<Module>/documentation/<module>/<page>) are
# checked against the output by scripts/check-doc-links.py. Symbol graphs come from
# `swift package dump-symbol-graph`, which reuses the build.
set -euo pipefail

docc=$(command -v docc || true)
if [[ -z "$docc" ]]; then
  docc="$(dirname "$(command -v swift)")/docc"
fi
[[ -x "$docc" ]] || { echo "build-docs: docc was not found next to swift; install a full Swift toolchain" >&2; exit 1; }

swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -maxdepth 3 -type d -name symbolgraph | head -n 1)
[[ -n "$graphs" ]] || { echo "build-docs: no symbol graphs were written" >&2; exit 1; }

status=0
for catalog in Modules/*/*.docc; do
  module=$(basename "$catalog" .docc)
  work=$(mktemp -d)
  mkdir -p .build/docs
  cp "$graphs/$module".symbols.json "$work/" 2>/dev/null || true
  cp "$graphs/$module"@*.symbols.json "$work/" 2>/dev/null || true
  echo "== $module"
  if ! "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$work" \
    --output-path ".build/docs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.three20.$module" \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --warnings-as-errors >"$work/log" 2>&1; then
    status=1
  fi
  grep -v '^Finished\|^Generated\|^$' "$work/log" || true
  rm -rf "$work"
done
# Links between catalogs are plain paths (DocC cannot check them): each must lead to a page.
if [[ $status -eq 0 ]]; then
  python3 "$(dirname "$0")/check-doc-links.py" || status=1
fi
exit $status
