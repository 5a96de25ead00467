-- POST /attempts/{id}/finish: each request finishes a different running attempt ("token
-- attemptId" per line in pairs.txt; bench/znoshka puts every attempt back to running, with
-- its seeded answers, between the warm-up and the measured run). With N threads
-- (wrk ... -- N), thread k takes lines k, k+N, k+2N, …, so no attempt is finished twice.
-- The list is never walked again: once a thread has used its lines up it asks to finish an
-- attempt that does not exist (a 404, counted as an error), since a second finish would
-- be a cheap read that looks like a fast finish.
local counter = 0
local missing = "00000000-0000-0000-0000-000000000000"

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  stride = tonumber(args[1] or "1")
  index = first
  pairs_ = {}
  for line in io.lines("pairs.txt") do
    local token, id = line:match("(%S+) (%S+)")
    if token then pairs_[#pairs_ + 1] = { token, id } end
  end
end

request = function()
  local pair = pairs_[index]
  if pair then
    index = index + stride
  else
    pair = { pairs_[1][1], missing }
  end
  return wrk.format("POST", "/znoshka/api/v1/attempts/" .. pair[2] .. "/finish",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. pair[1] }, "{}")
end
