-- GET /attempts/{id}: the question page of the API (the running attempt with all its
-- questions and answers) of a random student of attempts.txt ("token attemptId" per line).
local attempts = {}
for line in io.lines("attempts.txt") do
  local token, id = line:match("(%S+) (%S+)")
  if token then attempts[#attempts + 1] = { token, id } end
end
local counter = 0

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  math.randomseed(os.time() * 16 + (first or 0))
end

request = function()
  local pair = attempts[math.random(#attempts)]
  return wrk.format("GET", "/znoshka/api/v1/attempts/" .. pair[2], { ["Authorization"] = "Bearer " .. pair[1] })
end
