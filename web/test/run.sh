#!/usr/bin/env bash
# Tests the built page (web/build.sh first) in Debian's headless Chromium:
# serves web/dist on 127.0.0.1 and runs web_test.mjs (playwright-core from
# npm). Installs Chromium, a Chinese font (for the screenshots), node and
# npm when missing. Usage: web/test/run.sh NATIVE_GRUNDY
set -euo pipefail
native=$(realpath "${1:?usage: web/test/run.sh NATIVE_GRUNDY}")
cd "$(dirname "$0")"
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
fc-list 2>/dev/null | grep -qi "wenquanyi\|noto sans cjk" || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update && apt-get install -y --no-install-recommends "${need[@]}"
fi
[ -d node_modules/playwright-core ] || npm install --no-audit --no-fund --loglevel=error
[ -f ../dist/engine.js ] || { echo "web/test/run.sh: build the page first: web/build.sh" >&2; exit 2; }
# a free port, then the server
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory ../dist >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
    sleep 0.1
done
node web_test.mjs "http://127.0.0.1:$port/" "$(realpath ../dist)" "$native"
