-- wrk (Debian's `wrk` package): POST the typical cart to /v1/landed-cost, as a merchant's
-- checkout would. The body is benches/wrk/typical_cart.json (a test keeps it equal to
-- packdesk::demo::typical_cart(), the cart of every other benchmark); the API key comes from
-- API_KEY. Run by benches/wrk.sh, which starts the service; or by hand:
--   API_KEY=key wrk -t1 -c32 -d5s --latency -s benches/wrk/landed_cost.lua http://127.0.0.1:8787/v1/landed-cost
local file = assert(io.open(os.getenv("CART") or "benches/wrk/typical_cart.json", "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["x-service-direct-api-key"] = os.getenv("API_KEY") or ""
