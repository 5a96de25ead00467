-- POST /shelter/api/v1/sensors/{id}/readings, one reading a request, signed with the
-- sensor's key: the sensors of sensors.txt ("sensorId key enclosureId" per line) in turn,
-- each reading with a device time of its own, so every one is stored (a repeated sensor
-- and device time would be counted as a duplicate and not stored).
--
-- wrk … -s single.lua URL -- BASE_MS THREADS: thread k (0-based) of THREADS gives its
-- n-th reading of a sensor the device time BASE_MS + n·THREADS + k milliseconds (Unix
-- time), so no two readings of one sensor share a time, and the device times of a sensor
-- move on by a millisecond per reading (about 40 ms a second at 4,000 readings/s over 100
-- sensors): they stay behind the server's clock, which refuses times more than five
-- minutes ahead of it. Values are inside the enclosures' conditions: nothing is raised.
local counter = 0

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  base = tonumber(args[1])
  stride = tonumber(args[2] or "1")
  tid = (first or 1) - 1
  sensors, sent = {}, {}
  for line in io.lines("sensors.txt") do
    local id, key = line:match("(%S+) (%S+)")
    if id then
      sensors[#sensors + 1] = { "/shelter/api/v1/sensors/" .. id .. "/readings", "Bearer " .. key }
      sent[#sensors] = 0
    end
  end
  -- Threads start at different sensors.
  index = (tid * 37) % #sensors
  math.randomseed(os.time() * 16 + tid)
end

function iso(ms)
  return os.date("!%Y-%m-%dT%H:%M:%S", math.floor(ms / 1000)) .. string.format(".%03dZ", ms % 1000)
end

request = function()
  index = index % #sensors + 1
  local n = sent[index]
  sent[index] = n + 1
  local body = string.format('{"at":"%s","temperature":%.1f,"humidity":%.1f,"waterLevel":%d,"foodLevel":%d}',
    iso(base + n * stride + tid), 18 + math.random() * 6, 45 + math.random() * 15, math.random(40, 100), math.random(30, 90))
  return wrk.format("POST", sensors[index][1],
    { ["Content-Type"] = "application/json", ["Authorization"] = sensors[index][2] }, body)
end
