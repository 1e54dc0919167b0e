"""Bytes the service stores per quote, and what retention gives back (BENCHMARKS.md).

python3 benches/quote_space.py BINARY QUOTES [SECONDS]: a service pinned to 2026-01-05 stores
QUOTES calculations of the OpenAPI example cart one connection after another; it stops and a
service of today on the same directory (30 days of retention) runs its first pass for SECONDS.
Prints the database file and log sizes after each step.
"""
import http.client, json, os, subprocess, sys, time, tempfile
bin, n = sys.argv[1], int(sys.argv[2])
d = tempfile.mkdtemp()
def start(extra):
    p = subprocess.Popen([bin, "serve", "--addr", "127.0.0.1:8797", "--data-dir", d, "--api-key", "quote-space-api-key", "--access-token", "quote-space-access-token"] + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        try:
            c = http.client.HTTPConnection("127.0.0.1", 8797); c.request("GET", "/openapi.json"); spec = json.loads(c.getresponse().read()); return p, spec
        except Exception: time.sleep(0.01)
def size():
    return {f: os.path.getsize(os.path.join(d, f)) for f in os.listdir(d) if f.startswith("service.sqlite3")}
p, spec = start(["--pricing-date", "2026-01-05"])
ex = spec["paths"]["/v1/landed-cost"]["post"]["requestBody"]["content"]["application/json"]
body = json.dumps(next(iter(ex["examples"].values()))["value"] if "examples" in ex else ex["example"]).encode()
c = http.client.HTTPConnection("127.0.0.1", 8797)
before = size().get("service.sqlite3", 0)
for i in range(n):
    c.request("POST", "/v1/landed-cost", body, {"content-type": "application/json", "x-service-direct-api-key": "k"})
    r = c.getresponse(); r.read(); assert r.status == 200, r.status
p.terminate(); p.wait()
files = size(); full = files["service.sqlite3"]
print(files)
print(f"{n} quotes of a {len(body)}-byte cart: database file {full - before} bytes, {(full - before) / n:.0f} bytes per quote")
p, _ = start([])  # today, 30 days of retention: the first pass deletes every quote of 2026-01-05
time.sleep(float(sys.argv[3]) if len(sys.argv) > 3 else 5)
p.terminate(); p.wait()
print(f"after retention's first pass: {size()} (database file was {full})")
