#!/usr/bin/env python3
"""Serves a folder (make wasm's static site, build/site/) as `python3 -m http.server` does, with
the two headers that make the page cross-origin isolated, so that the browser gives it
SharedArrayBuffer and the engine runs with threads (docs/players/play-in-browser.md):

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp

    python3 web/serve_static.py DIR [PORT] [--bind ADDRESS]

PORT defaults to 8000, ADDRESS to 127.0.0.1 (this computer only; 0.0.0.0 for every network).
A browser treats http://127.0.0.1 and http://localhost as secure; from another address the page
must come over https to be isolated (without it, it runs the one-thread engine).
"""
import argparse
import functools
import http.server
import os
import sys

HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def end_headers(self):
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args):
        pass  # quiet, as a static server in the background should be


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("port", nargs="?", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    a = ap.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit(f"error: {a.dir} is not a folder (make wasm writes build/site/)")
    handler = functools.partial(Handler, directory=a.dir)
    try:
        server = http.server.ThreadingHTTPServer((a.bind, a.port), handler)
    except OSError as e:
        sys.exit(f"error: cannot listen on {a.bind}:{a.port}: {e.strerror}")
    print(f"qec static site {a.dir} on http://{a.bind}:{a.port}/ (cross-origin isolated: threads)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
