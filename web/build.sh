#!/usr/bin/env bash
# Builds the web page: the grundy CLI compiled to WebAssembly with Debian's
# emscripten, run in a worker by a static page (no server; it also opens
# from the files). Writes web/dist/: index.html, style.css, i18n.js, app.js
# and engine.js (the worker: its code, emscripten's glue and the wasm in
# base64). Installs emscripten on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")"
web=$(pwd)
root=$(cd .. && pwd)

need=()
command -v emcc >/dev/null || need+=(emscripten)
command -v cmake >/dev/null || need+=(cmake)
command -v make >/dev/null || need+=(make)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update && apt-get install -y --no-install-recommends "${need[@]}"
fi
# Debian's emscripten runs its JavaScript tools with node and Debian's
# node-acorn; a node from elsewhere does not look in /usr/share/nodejs
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# one instance per command, as a process: main() runs once and its exit
# flushes stdout; the page compiles the module once and instantiates it
# per call (instantiateWasm), so the wasm stays a separate file here
link="-sMODULARIZE=1 -sEXPORT_NAME=createGrundy -sENVIRONMENT=worker -sINVOKE_RUN=0 -sEXIT_RUNTIME=1"
link+=" -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sFORCE_FILESYSTEM=1"
link+=" -sEXPORTED_RUNTIME_METHODS=callMain,FS"
emcmake cmake -S "$root" -B .build/cmake -DCMAKE_BUILD_TYPE=Release -DGRUNDY_NAUTY=OFF -DGRUNDY_TESTS=OFF \
    -DGRUNDY_BENCH=OFF -DGRUNDY_WERROR=ON >/dev/null
cmake --build .build/cmake -j"$(nproc 2>/dev/null || echo 2)" --target grundy_cli_parts
lib=$(find .build/cmake -name libgrundy.a | head -1)
emcc -O2 -std=c11 -I"$root/include" -I"$root/cli" "$root/cli/main.c" .build/cmake/cli/libgrundy_cli_parts.a "$lib" \
    $link -o .build/grundy.js

rm -rf dist
mkdir -p dist
cp src/index.html src/style.css src/i18n.js src/app.js src/views.js src/draw.js src/play.js dist/
python3 - .build/grundy.js .build/grundy.wasm src/worker.js dist/engine.js <<'PY'
import base64, sys
glue, wasm, worker, out = sys.argv[1:]
with open(out, "w") as f:
    # the whole worker as one function, so the page can start it from a
    # Blob (file:// pages cannot start a worker from a file)
    f.write("/* grundy's engine: the worker (web/src/worker.js), emscripten's glue and grundy.wasm */\n")
    f.write("function grundyEngine() {\n")
    f.write('var GRUNDY_WASM = "%s";\n' % base64.b64encode(open(wasm, "rb").read()).decode())
    f.write(open(glue).read())
    f.write("\n")
    f.write(open(worker).read())
    f.write("\n}\n")
PY
echo "web/dist: $(du -cb dist/* | tail -1 | cut -f1) bytes:"
ls -l dist | tail -n +2 | awk '{printf "  %-12s %8d\n", $9, $5}'
