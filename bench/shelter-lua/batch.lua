-- POST /shelter/api/v1/sensors/{id}/readings with {"readings": [...]}: a batch of 100
-- readings a request (a device sending its buffer), signed with the sensor's key, for
-- the sensors of sensors.txt ("sensorId key enclosureId" per line) in turn.
--
-- wrk … -s batch.lua URL -- BASE_MS THREADS: thread k (0-based) of THREADS gives reading i
-- (0–99) of its n-th batch of a sensor the device time BASE_MS + (n·THREADS + k)·100 + i
-- milliseconds (Unix time): every reading of a sensor has a time of its own, a
-- millisecond apart (the server matches what it stored by the millisecond), so all are
-- stored. Values are inside the enclosures' conditions: nothing is raised.
local counter = 0
local size = 100

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
  local first_ms = base + (n * stride + tid) * size
  local readings = {}
  for i = 0, size - 1 do
    readings[i + 1] = string.format('{"at":"%s","temperature":%.1f,"humidity":%.1f,"waterLevel":%d,"foodLevel":%d}',
      iso(first_ms + i), 18 + math.random() * 6, 45 + math.random() * 15, math.random(40, 100), math.random(30, 90))
  end
  return wrk.format("POST", sensors[index][1],
    { ["Content-Type"] = "application/json", ["Authorization"] = sensors[index][2] },
    '{"readings":[' .. table.concat(readings, ",") .. "]}")
end
