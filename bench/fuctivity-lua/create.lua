-- POST /activities as one of the bench people (tokens in tokens.txt, one per line),
-- an hour of rest at a random quarter hour in the next half year.
local tokens = {}
for line in io.lines("tokens.txt") do tokens[#tokens + 1] = line end
local counter = 0
local now = os.time()

request = function()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  local start = now + 86400 + math.random(0, 180 * 96) * 900
  local body = string.format(
    '{"categoryId":"f0c71000-0000-4000-8000-000000000003","description":"Прогулянка","startsAt":"%s","endsAt":"%s","reminders":[{"minutesBefore":15}]}',
    os.date("!%Y-%m-%dT%H:%M:%SZ", start), os.date("!%Y-%m-%dT%H:%M:%SZ", start + 3600))
  return wrk.format("POST", "/fuctivity/api/v1/activities",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end
