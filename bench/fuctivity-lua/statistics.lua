-- GET /statistics?week=… for a random week of the seeded year, as one of the bench people.
local tokens = {}
for line in io.lines("tokens.txt") do tokens[#tokens + 1] = line end
local counter = 0
local now = os.time()

request = function()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  local day = os.date("!%Y-%m-%d", now + math.random(-26, 25) * 7 * 86400)
  return wrk.format("GET", "/fuctivity/api/v1/statistics?week=" .. day, { ["Authorization"] = "Bearer " .. token })
end
