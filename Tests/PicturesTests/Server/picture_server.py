#!/usr/bin/env python3
"""A loopback HTTP server for the picture tests and benchmarks: 127.0.0.1 (or --host, another loopback address
such as 127.0.0.2), stops by itself.

Prints "READY <port> <silent-port>" once listening. The silent port accepts connections (the kernel's backlog) and
never answers. The server stops after --lifetime seconds, when its standard input closes (its parent went away),
or on SIGTERM.

Paths:
  /picture/<name>.png?delay=MS&size=WxH   a generated PNG (colours from the name), after MS milliseconds
  /status/<code>                          that status, with a small HTML body
  /redirect/<n>/<rest>?hop=MS             n redirects (each after MS ms, the query kept), then /<rest>
  /loop                                   redirects to itself forever
  /slow-tail/<name>.png?pause=MS          a PNG: nine tenths at once (then counted as <path>#first-part-sent),
                                          the rest after MS milliseconds (or once released, with hold=KEY)
  /drip                                   a PNG header, then one byte every 0.5 s
  /huge?mb=N                              a PNG header and N MB more, no Content-Length (HTTP/1.0 style)
  /declared-huge                          Content-Length of 1 GB, nothing sent
  /html                                   200, Content-Type image/png, an HTML page
  /reset                                  the connection reset (RST) after reading the request
  /redirect-to?url=U                      a redirect to U (another host, say)
  /feed/<style>?page=N&per=K&pages=P      page N (from 1) of a JSON feed of P pages of K items (ids "<style>-<n>"),
                                          counted as /feed/<style>#N; <style> says how it pages:
      link                                a JSON array, Link: <...page=N+1>; rel="next" (the last page: rel="first")
      cursor  (?cursor=C)                 {"items": [...], "nextCursor": "cN+1" | null}; "" or absent is page 1
      graphql (?after=C)                  {"data": [...], "pageInfo": {"endCursor": "cN+1", "hasNextPage": bool}}
      next-url                            {"products": [...], "next_url": "http://.../feed/next-url?page=N+1" | null}
      page                                {"results": [...]}, nothing about the next page; past P pages, empty
      sorted  (?sort=S&q=Q)               as page, the items sorted by price (price, -price) and filtered by title
    &live=KEY                             new items ("new-<k>") at the front, as many as /__prepend?key=KEY was called
    &clamp=1                              a page past the last answers the last page again (as many APIs do)
    &fail=N                               page N answers 500 the first time it is asked for
    &bad=N                                item N (from 1) has "w": "wide", which no reader can use
    &hold=KEY&hold_page=N                 page N held (in flight, no answer) until KEY is released
    &img=1                                each item has a picture on this server (/picture/<id>.png)
    &page_url=1                           each item has its page as a relative "url" (/product/<id>)
    &stock=1                              each item has a number field, "stock": <n> (a JSON number)
    &end=CODE                             a page past the last answers CODE (404, 410) instead of no items
    &outage=KEY                           every page answers 503 while /__outage?key=KEY&on=1 holds
    &next_base=URL                        next addresses (Link, next-url) on URL (another host) instead of here
  /__outage?key=KEY&on=1|0                the feeds with outage=KEY down (1) or back (0)
  /__prepend?key=KEY                      one more new item at the front of the feeds with live=KEY
  CONNECT host:port                       as an http proxy does (curl's http_proxy): a tunnel to host:port, counted
                                          as CONNECT (and CONNECT#auth with a Proxy-Authorization header); with
                                          --squid only to port 443, as a default squid allows (403 otherwise)
  GET http://host:port/path               as an http proxy forwards a plain-http request (absolute form, RFC 9112),
                                          counted as GET-absolute (and GET-absolute#auth=USER:PASSWORD, decoded,
                                          with a Proxy-Authorization header)
  /__counts                               JSON: {"counts": {path: requests}, "most_at_once": n, "at_once": n}
                                          (picture requests at once: most ever, and now); a request that
                                          carried an Authorization header is also counted as <path>#auth

For tests that wait on what the server saw instead of sleeping:
  /picture/...?hold=KEY                   the picture is held (in flight, no answer) until KEY is released
                                          (at most --lifetime)
  /__release?key=KEY                      releases every picture held, or to be held, with KEY
  /__wait?path=P&count=N&timeout=S        answers /__counts once P was asked for N times
  /__wait?at_once=N&timeout=S             answers /__counts once N pictures are in flight at once
                                          (status 408 if that did not happen within S seconds)
"""

import argparse
import base64
import functools
import http.client
import json
import os
import socket
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@functools.lru_cache(maxsize=256)
def png(width, height, seed):
    """A gradient PNG whose colours depend on seed, so pictures differ and show colour."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    base = zlib.crc32(seed.encode())
    r0, g0, b0 = base & 0xFF, (base >> 8) & 0xFF, (base >> 16) & 0xFF
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes(((r0 + x * 4) & 0xFF, (g0 + y * 4) & 0xFF, (b0 + x + y) & 0xFF))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    counts = {}
    # Notified whenever a count or the number in flight changes, for /__wait.
    counts_lock = threading.Condition()
    at_once = 0
    most_at_once = 0
    releases = {}
    lifetime = 120.0
    # Feeds: new items at the front per live key, and the pages that already failed once.
    fresh = {}
    failed_once = set()
    outages = set()
    squid = False

    @staticmethod
    def release_event(key):
        with Handler.counts_lock:
            return Handler.releases.setdefault(key, threading.Event())

    @staticmethod
    def counts_json():
        return json.dumps(
            {"counts": Handler.counts, "most_at_once": Handler.most_at_once, "at_once": Handler.at_once}
        ).encode()

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="image/png", extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def do_CONNECT(self):
        with Handler.counts_lock:
            for key in ["CONNECT"] + (["CONNECT#auth"] if self.headers.get("Proxy-Authorization") else []):
                Handler.counts[key] = Handler.counts.get(key, 0) + 1
            Handler.counts_lock.notify_all()
        host, _, port = self.path.rpartition(":")
        if Handler.squid and port != "443":
            return self.send_body(403, b"CONNECT to port 443 only", "text/plain")
        try:
            upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=10)
        except OSError:
            return self.send_body(502, b"", "text/plain")
        self.send_response(200, "Connection established")
        self.end_headers()
        self.wfile.flush()
        upstream.settimeout(None)
        self.connection.settimeout(None)

        def pump(source, sink):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    sink.sendall(data)
            except OSError:
                pass
            finally:
                for end in (source, sink):
                    try:
                        end.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

        back = threading.Thread(target=pump, args=(upstream, self.connection), daemon=True)
        back.start()
        pump(self.connection, upstream)
        back.join()
        upstream.close()
        self.close_connection = True

    def forward(self):
        keys = ["GET-absolute"]
        authorization = self.headers.get("Proxy-Authorization", "")
        if authorization.startswith("Basic "):
            keys.append("GET-absolute#auth=" + base64.b64decode(authorization[6:]).decode("utf-8", "replace"))
        with Handler.counts_lock:
            for key in keys:
                Handler.counts[key] = Handler.counts.get(key, 0) + 1
            Handler.counts_lock.notify_all()
        target = urlsplit(self.path)
        headers = {k: v for k, v in self.headers.items() if not k.lower().startswith("proxy-") and k.lower() != "connection"}
        try:
            upstream = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=30)
            upstream.request("GET", (target.path or "/") + ("?" + target.query if target.query else ""), headers=headers)
            answer = upstream.getresponse()
            body = answer.read()
        except OSError:
            return self.send_body(502, b"", "text/plain")
        passed = {k: v for k, v in answer.getheaders() if k.lower() not in ("content-length", "connection", "transfer-encoding")}
        content_type = passed.pop("Content-Type", "application/octet-stream")
        self.send_body(answer.status, body, content_type, passed)

    def do_GET(self):
        if self.path.startswith("http://"):
            return self.forward()
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        if not path.startswith("/__"):
            with Handler.counts_lock:
                Handler.counts[path] = Handler.counts.get(path, 0) + 1
                if self.headers.get("Authorization"):
                    Handler.counts[path + "#auth"] = Handler.counts.get(path + "#auth", 0) + 1
                Handler.counts_lock.notify_all()
        try:
            self.route(path, query)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self, path, query):
        if path == "/__counts":
            with Handler.counts_lock:
                body = Handler.counts_json()
            return self.send_body(200, body, "application/json")
        if path == "/__release":
            Handler.release_event(query["key"][0]).set()
            return self.send_body(200, b"released", "text/plain")
        if path == "/__wait":
            timeout = float(query.get("timeout", ["60"])[0])
            if "at_once" in query:
                wanted = int(query["at_once"][0])
                condition = lambda: Handler.at_once >= wanted
            else:
                wanted_path, wanted = query["path"][0], int(query.get("count", ["1"])[0])
                condition = lambda: Handler.counts.get(wanted_path, 0) >= wanted
            with Handler.counts_lock:
                happened = Handler.counts_lock.wait_for(condition, timeout)
                body = Handler.counts_json()
            return self.send_body(200 if happened else 408, body, "application/json")
        if path == "/__prepend":
            with Handler.counts_lock:
                key = query["key"][0]
                Handler.fresh[key] = Handler.fresh.get(key, 0) + 1
            return self.send_body(200, b"prepended", "text/plain")
        if path == "/__outage":
            with Handler.counts_lock:
                key = query["key"][0]
                if query.get("on", ["1"])[0] == "1":
                    Handler.outages.add(key)
                else:
                    Handler.outages.discard(key)
            return self.send_body(200, b"outage set", "text/plain")
        if path == "/redirect-to":
            return self.send_body(302, b"", "text/plain", {"Location": query["url"][0]})
        if path.startswith("/feed/"):
            return self.feed(path, query)
        if path.startswith("/picture/"):
            with Handler.counts_lock:
                Handler.at_once += 1
                Handler.most_at_once = max(Handler.most_at_once, Handler.at_once)
                Handler.counts_lock.notify_all()
            try:
                if "hold" in query:
                    Handler.release_event(query["hold"][0]).wait(Handler.lifetime)
                time.sleep(int(query.get("delay", ["0"])[0]) / 1000)
                width, height = (int(v) for v in query.get("size", ["32x24"])[0].split("x"))
                body = png(width, height, path)
            finally:
                with Handler.counts_lock:
                    Handler.at_once -= 1
                    Handler.counts_lock.notify_all()
            return self.send_body(200, body)
        if path.startswith("/status/"):
            code = int(path.split("/")[2])
            return self.send_body(code, b"<html><body>status</body></html>", "text/html")
        if path.startswith("/redirect/"):
            _, _, count, rest = path.split("/", 3)
            target = f"/redirect/{int(count) - 1}/{rest}" if int(count) > 1 else "/" + rest
            if "hop" in query:
                # Each redirect answers after `hop` ms, and the query goes on to the next address.
                time.sleep(int(query["hop"][0]) / 1000)
                target += "?" + self.path.split("?", 1)[1]
            return self.send_body(302, b"", "text/plain", {"Location": target})
        if path == "/loop":
            return self.send_body(302, b"", "text/plain", {"Location": "/loop"})
        if path.startswith("/slow-tail/"):
            body = png(160, 120, path)
            cut = len(body) * 9 // 10
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[:cut])
            self.wfile.flush()
            with Handler.counts_lock:
                Handler.counts[path + "#first-part-sent"] = 1
                Handler.counts_lock.notify_all()
            if "hold" in query:
                Handler.release_event(query["hold"][0]).wait(Handler.lifetime)
            else:
                time.sleep(int(query.get("pause", ["1000"])[0]) / 1000)
            self.wfile.write(body[cut:])
            return
        if path == "/drip":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(PNG_SIGNATURE + b"\0\0\0\x0dIHDR")
            for _ in range(120):
                time.sleep(0.5)
                self.wfile.write(b"\0")
                self.wfile.flush()
            return
        if path == "/huge":
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(PNG_SIGNATURE + b"\0\0\0\x0dIHDR")
            block = b"\0" * 65536
            for _ in range(int(query.get("mb", ["64"])[0]) * 16):
                self.wfile.write(block)
            return
        if path == "/declared-huge":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            self.wfile.write(PNG_SIGNATURE)
            self.wfile.flush()
            time.sleep(5)
            return
        if path == "/html":
            return self.send_body(200, b"<!DOCTYPE html><html><body>not a picture</body></html>", "image/png")
        if path == "/reset":
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            return
        self.send_body(404, b"<html>no such path</html>", "text/html")


    def feed(self, path, query):
        style = path[len("/feed/"):]
        value = lambda name, default: query.get(name, [default])[0]
        cursor = value("cursor", "") or value("after", "")
        page = int(cursor[1:]) if cursor.startswith("c") else int(value("page", "1") or "1")
        per, pages = int(value("per", "4")), int(value("pages", "3"))
        with Handler.counts_lock:
            Handler.counts[f"{path}#{page}"] = Handler.counts.get(f"{path}#{page}", 0) + 1
            Handler.counts_lock.notify_all()
            fresh = Handler.fresh.get(value("live", ""), 0)
            failing = value("fail", "") == str(page) and (path, page) not in Handler.failed_once
            if failing:
                Handler.failed_once.add((path, page))
            down = value("outage", "") in Handler.outages
        if failing:
            return self.send_body(500, b'{"error": "try again"}', "application/json")
        if down:
            return self.send_body(503, b'{"error": "down for maintenance"}', "application/json")
        if "hold" in query and value("hold_page", "") == str(page):
            Handler.release_event(query["hold"][0]).wait(Handler.lifetime)
        host = value("next_base", "") or f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"

        def item(ident, title, number):
            entry = {"id": ident, "title": title, "w": 300, "h": 200 + (number % 5) * 60, "price": f"¥{10 + number}"}
            if value("img", "") == "1":
                entry["img"] = f"/picture/{ident}.png"
            if value("page_url", "") == "1":
                entry["url"] = f"/product/{ident}"
            if value("stock", "") == "1":
                entry["stock"] = number * 3
            if value("bad", "") == str(number) and ident.startswith(style):
                entry["w"] = "wide"
            return entry

        every = [item(f"new-{k}", f"New {k}", k) for k in range(fresh, 0, -1)]
        every += [item(f"{style}-{n}", f"Item {n}", n) for n in range(1, per * pages + 1)]
        if style == "sorted":
            wanted = value("q", "").lower()
            every = [entry for entry in every if wanted in entry["title"].lower()]
            sort = value("sort", "")
            if sort in ("price", "-price"):
                every.sort(key=lambda entry: int(entry["price"][1:]), reverse=sort == "-price")
        shown = min(page, max(1, -(-len(every) // per))) if value("clamp", "") == "1" else page
        items = every[(shown - 1) * per:shown * per] if shown >= 1 else []
        if not items and page > 1 and value("end", ""):
            return self.send_body(int(value("end", "")), b"<html>no such page</html>", "text/html")
        last = page * per >= len(every)
        keep = {name: values[0] for name, values in query.items() if name not in ("page", "cursor", "after")}

        def address(number):
            rest = "".join(f"&{name}={values}" for name, values in keep.items())
            return f"{host}{path}?page={number}{rest}"

        extra = {}
        if style == "link":
            body = items
            extra["Link"] = f'<{address(1)}>; rel="first"' if last else f'<{address(page + 1)}>; rel="next"'
        elif style == "cursor":
            body = {"items": items, "nextCursor": None if last else f"c{page + 1}"}
        elif style == "graphql":
            body = {"data": items, "pageInfo": {"endCursor": f"c{page + 1}", "hasNextPage": not last}}
        elif style == "next-url":
            body = {"products": items, "next_url": None if last else address(page + 1)}
        else:
            body = {"results": items}
        return self.send_body(200, json.dumps(body).encode(), "application/json", extra)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--lifetime", type=float, default=120)
    arguments.add_argument("--host", default="127.0.0.1")
    arguments.add_argument("--squid", action="store_true")
    options = arguments.parse_args()
    Handler.lifetime = options.lifetime
    Handler.squid = options.squid
    server = Server((options.host, 0), Handler)
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind((options.host, 0))
    silent.listen(64)
    print(f"READY {server.server_address[1]} {silent.getsockname()[1]}", flush=True)

    def stop_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    threading.Timer(options.lifetime, lambda: os._exit(0)).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
