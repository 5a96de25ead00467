-- POST /activities/{id}/complete {"status":"done"}: each request completes a different
-- planned activity that has started ("token id" per line in pairs-warmup.txt or
-- pairs-measure.txt, by $PHASE, so the measured run never meets one the warm-up completed).
-- With N threads (wrk ... -- N), thread k takes lines k, k+N, k+2N, …, so no activity is
-- completed twice.
local counter = 0
-- With IDEMPOTENCY_KEYS=1 (bench/fuctivity --idempotency-keys) each request carries a key
-- of its own, as a client that may retry sends (index is unique across the threads).
local keyed = os.getenv("IDEMPOTENCY_KEYS") == "1"
local now = os.time()

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  stride = tonumber(args[1] or "1")
  index = first
  pairs_ = {}
  for line in io.lines("pairs-" .. (os.getenv("PHASE") or "measure") .. ".txt") do
    local token, id = line:match("(%S+) (%S+)")
    pairs_[#pairs_ + 1] = { token, id }
  end
end

request = function()
  local pair = pairs_[((index - 1) % #pairs_) + 1]
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. pair[1] }
  if keyed then
    headers["Idempotency-Key"] = string.format("done-%s-%d-%d", os.getenv("PHASE") or "", now, index)
  end
  index = index + stride
  return wrk.format("POST", "/fuctivity/api/v1/activities/" .. pair[2] .. "/complete", headers, '{"status":"done"}')
end
