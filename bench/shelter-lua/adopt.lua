-- The public adoption pages as first-time visitors (no cookie) read them (wrk … -s adopt.lua
-- URL -- list|animal): `list` is GET /shelter/adopt (the first page of the public animals),
-- `animal` is GET /shelter/adopt/{id} of a random public animal of adopt-ids.txt (one id a line).
local counter = 0

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  kind = args[1]
  paths = {}
  for line in io.lines("adopt-ids.txt") do
    if line ~= "" then paths[#paths + 1] = "/shelter/adopt/" .. line end
  end
  math.randomseed(os.time() * 16 + (first or 0))
end

request = function()
  if kind == "list" then return wrk.format("GET", "/shelter/adopt") end
  return wrk.format("GET", paths[math.random(#paths)])
end
