-- POST /activities/{id}/complete {"status":"done"}: each request completes a different
-- planned activity that has started ("token id" per line in pairs-warmup.txt or
-- pairs-measure.txt, by $PHASE, so the measured run never meets one the warm-up completed).
-- With N threads (wrk ... -- N), thread k takes lines k, k+N, k+2N, …, so no activity is
-- completed twice.
local counter = 0

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
  index = index + stride
  return wrk.format("POST", "/fuctivity/api/v1/activities/" .. pair[2] .. "/complete",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. pair[1] }, '{"status":"done"}')
end
