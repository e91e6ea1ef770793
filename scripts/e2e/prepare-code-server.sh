#!/usr/bin/env bash
# Prepares code-server (VS Code in the browser) for the e2e test, from the npm registry only
# (issue 8, item 9). The result is cached outside the repo and reused while its marker file says
# it was fully prepared with this recipe; a failed or interrupted run leaves no marker, so the next
# run starts over from scratch.
#
#   scripts/e2e/prepare-code-server.sh          prepare (or reuse) and print the directory
#   CONLENS_E2E_CACHE=/some/dir ...             cache root (default ${XDG_CACHE_HOME:-~/.cache}/conlens-e2e)
#   --force                                     prepare again even if cached
#
# Needs: node 20 + npm, a C/C++ toolchain with python3 and make (node-gyp), Debian's ripgrep
# (/usr/bin/rg) and libkrb5-dev (krb5-config, for the kerberos module). .ci/run installs them.
set -euo pipefail

VERSION=4.96.4
# Bump RECIPE when the steps below change, so caches from an older recipe are rebuilt.
RECIPE=1
STAMP="code-server@${VERSION} recipe ${RECIPE} node $(node --version)"
CACHE_ROOT="${CONLENS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/conlens-e2e}"
DEST="$CACHE_ROOT/code-server-$VERSION"
MARKER="$DEST/.conlens-prepared"

force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    *) echo "prepare-code-server: unknown argument '$arg' (only --force is accepted)" >&2; exit 2 ;;
  esac
done

log() { echo "prepare-code-server: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

if [[ $force == 0 && -f "$MARKER" && "$(cat "$MARKER")" == "$STAMP" ]]; then
  log "cached: $DEST"
  echo "$DEST"
  exit 0
fi

# --- prerequisites: fail early with the package that provides what is missing -----------------
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[[ "$node_major" == 20 ]] || die "code-server $VERSION needs Node 20 (its native modules are built for the running node); found $(node --version)"
RG="$(command -v rg || true)"
[[ -n "$RG" ]] || die "ripgrep not found: apt-get install ripgrep"
RG="$(readlink -f "$RG")"
command -v krb5-config >/dev/null || die "krb5-config not found (needed to build the kerberos module): apt-get install libkrb5-dev"
for tool in make g++ python3; do
  command -v "$tool" >/dev/null || die "$tool not found (node-gyp needs it): apt-get install build-essential python3"
done

mkdir -p "$CACHE_ROOT"
# One preparer at a time (parallel test runs share the cache); the winner's result is reused.
exec 9>"$CACHE_ROOT/.lock"
flock 9
if [[ $force == 0 && -f "$MARKER" && "$(cat "$MARKER")" == "$STAMP" ]]; then
  log "cached: $DEST"
  echo "$DEST"
  exit 0
fi
# Scratch dirs of earlier preparers that were killed (holding the lock, none is running now).
rm -rf "$CACHE_ROOT"/.prepare-*
WORK="$(mktemp -d "$CACHE_ROOT/.prepare-XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
started=$SECONDS

# npm flags shared by every step: no audit/fund chatter, quiet progress.
NPM_FLAGS=(--no-audit --no-fund --loglevel=warn)

log "npm pack code-server@$VERSION"
(cd "$WORK" && npm pack "code-server@$VERSION" "${NPM_FLAGS[@]}" >/dev/null)
tar -xzf "$WORK/code-server-$VERSION.tgz" -C "$WORK"
CS="$WORK/package"
[[ -f "$CS/out/node/entry.js" && -f "$CS/lib/vscode/npm-shrinkwrap.json" ]] || die "unexpected layout in code-server-$VERSION.tgz"

# @vscode/proxy-agent is locked to a git URL this machine cannot reach; dropping resolved and
# integrity lets npm take the same version (0.27.0) from the registry.
log "unpinning @vscode/proxy-agent in lib/vscode/npm-shrinkwrap.json"
node - "$CS/lib/vscode/npm-shrinkwrap.json" <<'JS'
const fs = require('fs');
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const entry = lock.packages && lock.packages['node_modules/@vscode/proxy-agent'];
if (!entry) { console.error(`${file}: no node_modules/@vscode/proxy-agent entry`); process.exit(1); }
delete entry.resolved;
delete entry.integrity;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
JS

# Install scripts stay off here: several would download prebuilt binaries (ripgrep, node-pty
# prebuilds) from hosts this machine cannot reach. The native modules are rebuilt below.
for dir in lib/vscode lib/vscode/extensions .; do
  log "npm install --omit=dev --ignore-scripts in $dir"
  (cd "$CS/$dir" && npm install --omit=dev --ignore-scripts "${NPM_FLAGS[@]}") || die "npm install failed in $dir"
done

# npm 11 blocks dependency install scripts unless allowed, but naming a package to `npm rebuild`
# runs its script (its "not yet covered by allowScripts" warning is about the others); the .node
# checks below make sure each one was really compiled.
log "npm rebuild native modules (node-gyp; takes a minute or two)"
(cd "$CS/lib/vscode" && npm rebuild node-pty native-watchdog @vscode/spdlog kerberos "${NPM_FLAGS[@]}") \
  || die "npm rebuild failed in lib/vscode (toolchain, python3 and libkrb5-dev installed?)"
(cd "$CS" && npm rebuild argon2 "${NPM_FLAGS[@]}") || die "npm rebuild argon2 failed"
for mod in \
  lib/vscode/node_modules/node-pty/build/Release/pty.node \
  lib/vscode/node_modules/native-watchdog/build/Release/watchdog.node \
  lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node \
  lib/vscode/node_modules/kerberos/build/Release/kerberos.node; do
  [[ -f "$CS/$mod" ]] || die "native module missing after rebuild: $mod"
done
(cd "$CS" && node -e 'require("argon2")') || die "argon2 does not load after npm rebuild argon2"

# VS Code's search runs @vscode/ripgrep's bin/rg; use Debian's binary instead of its download.
log "linking $RG as @vscode/ripgrep/bin/rg"
mkdir -p "$CS/lib/vscode/node_modules/@vscode/ripgrep/bin"
ln -sfn "$RG" "$CS/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
"$CS/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" --version >/dev/null || die "the linked ripgrep does not run"

# What code-server's own postinstall does: VS Code (and extensions) look for files under
# node_modules.asar, which in code-server is just node_modules.
ln -sfn node_modules "$CS/lib/vscode/node_modules.asar"
(cd "$CS/lib/vscode/bin/remote-cli" && ln -sfn code-linux.sh code-server)
(cd "$CS/lib/vscode/bin/helpers" && ln -sfn browser-linux.sh browser.sh)

# Smoke check: the entry point loads and answers --version with the expected version. --config
# points into the scratch dir so nothing is written to ~/.config/code-server.
got="$(node "$CS/out/node/entry.js" --config "$WORK/config.yaml" --version 2>&1 || true)"
grep -q "^$VERSION " <<<"$got" || die "node out/node/entry.js --version printed '$got', expected $VERSION"

rm -rf "$DEST"
mv "$CS" "$DEST"
echo "$STAMP" > "$MARKER"
log "prepared $DEST in $((SECONDS - started)) s"
echo "$DEST"
