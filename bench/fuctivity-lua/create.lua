-- POST /activities as one of the bench people (tokens in tokens.txt, one per line),
-- an hour of rest at a random quarter hour in the next half year.
local tokens = {}
for line in io.lines("tokens.txt") do tokens[#tokens + 1] = line end
local counter = 0
local now = os.time()
-- With IDEMPOTENCY_KEYS=1 (bench/fuctivity --idempotency-keys) each request carries a key
-- of its own, as a client that may retry sends; thread_id keeps the threads' keys apart.
local keyed = os.getenv("IDEMPOTENCY_KEYS") == "1"
local threads = 0

setup = function(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

request = function()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  local start = now + 86400 + math.random(0, 180 * 96) * 900
  local body = string.format(
    '{"categoryId":"f0c71000-0000-4000-8000-000000000003","description":"Прогулянка","startsAt":"%s","endsAt":"%s","reminders":[{"minutesBefore":15}]}',
    os.date("!%Y-%m-%dT%H:%M:%SZ", start), os.date("!%Y-%m-%dT%H:%M:%SZ", start + 3600))
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
  if keyed then
    headers["Idempotency-Key"] = string.format("create-%s-%d-%d-%d", os.getenv("PHASE") or "", now, thread_id or 0, counter)
  end
  return wrk.format("POST", "/fuctivity/api/v1/activities", headers, body)
end
