#!/usr/bin/env python3
"""Stalled uploads against a running `deja serve` (docs/RELIABILITY.md, issue 17 item 5).

Opens N connections that send a valid tenant key and the first bytes of a body (Content-Length 1000, 5 bytes sent),
then nothing. Meanwhile it times GET /health/live and a put of another tenant, sends a 10 GB Content-Length, and
counts what the stalled connections get: 429 at once beyond server.max_uploads_per_key, 408 when
server.body_timeout_seconds is up. Exit status 1 when health or the other tenant waited more than 2 s, or a stalled
upload got anything but 408 or 429.

    scripts/stalled-uploads.py --url http://127.0.0.1:8080 --admin-key "$DEJA_ADMIN_KEY" [--connections 300]

Standard library only. Creates two tenants' keys (stall-a-*, stall-b-*) and a text collection "stall" for each.
"""
import argparse
import http.client
import json
import random
import re
import socket
import sys
import time
from urllib.parse import urlparse


def call(host, port, method, path, key, body=None, timeout=30):
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    headers = {"Authorization": "Bearer " + key, "content-type": "application/json"}
    c.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def read_response(s, wait):
    """The status code and body of the response on a socket within `wait` seconds, or (0, b"")."""
    s.settimeout(wait)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        m = re.search(rb"(?i)content-length: *(\d+)", head)
        want = int(m.group(1)) if m else 0
        while len(body) < want:
            chunk = s.recv(4096)
            if not chunk:
                break
            body += chunk
    except (socket.timeout, ConnectionError):
        pass
    if not data:
        return 0, b""
    return int(data.split(b" ", 2)[1]), data.partition(b"\r\n\r\n")[2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8080")
    ap.add_argument("--admin-key", required=True)
    ap.add_argument("--connections", type=int, default=300)
    ap.add_argument("--wait", type=float, default=15, help="seconds to wait for the 408s (body timeout + margin)")
    a = ap.parse_args()
    u = urlparse(a.url)
    host, port = u.hostname, u.port or 80
    suffix = "%06d" % random.randrange(10 ** 6)
    keys = []
    for t in ("stall-a-" + suffix, "stall-b-" + suffix):
        st, data = call(host, port, "POST", "/v1/admin/keys", a.admin_key, {"tenant": t})
        if st != 201:
            sys.exit("creating a key: %d %s" % (st, data[:200]))
        k = json.loads(data)["key"]
        call(host, port, "POST", "/v1/collections", k, {"name": "stall", "preset": "text"})
        keys.append(k)
    staller, other = keys

    stalled = []
    t0 = time.time()
    for _ in range(a.connections):
        s = socket.create_connection((host, port))
        s.sendall(("POST /v1/collections/stall/items HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"ite" % (host, staller)).encode())
        stalled.append(s)
    print("opened %d stalled uploads in %.2f s" % (len(stalled), time.time() - t0))

    ok = True
    t = time.time()
    st, _ = call(host, port, "GET", "/health/live", other, timeout=30)
    live = time.time() - t
    t = time.time()
    put, _ = call(host, port, "POST", "/v1/collections/stall/items", other, {"item": {"text": "served " + suffix}},
                  timeout=30)
    put_s = time.time() - t
    print("GET /health/live: %d in %.3f s; another tenant's put: %d in %.3f s" % (st, live, put, put_s))
    ok &= st == 200 and live < 2 and put == 201 and put_s < 2

    s = socket.create_connection((host, port))
    t = time.time()
    s.sendall(("POST /v1/collections/stall/items HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"
               "Content-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n{\"ite" % (host, staller)).encode())
    code, body = read_response(s, 5)
    s.close()
    print("Content-Length 10 GB: %d in %.3f s %s" % (code, time.time() - t, body[:120].decode(errors="replace")))
    ok &= code == 413

    statuses = {}
    t = time.time()
    for s in stalled:
        code, _ = read_response(s, 0.05)
        if code:
            statuses[code] = statuses.get(code, 0) + 1
            s.close()
    print("answered at once: %s" % statuses)
    for s in stalled:
        if s.fileno() != -1:
            code, _ = read_response(s, max(0.1, a.wait - (time.time() - t)))
            statuses[code] = statuses.get(code, 0) + 1
            s.close()
    print("all stalled uploads: %s (0 = no answer)" % dict(sorted(statuses.items())))
    ok &= set(statuses) <= {408, 429}
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
