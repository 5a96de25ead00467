-- GET /shelter/api/v1/enclosures/{id}/chart?range=week: a week's chart (28 points of six
-- hours, from the hourly roll-ups) of a random enclosure of sensors.txt ("sensorId key
-- enclosureId" per line), as a doctor (wrk … -s chart.lua URL -- TOKEN).
local counter = 0

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  token = "Bearer " .. args[1]
  paths = {}
  for line in io.lines("sensors.txt") do
    local enclosure = line:match("%S+ %S+ (%S+)")
    if enclosure then paths[#paths + 1] = "/shelter/api/v1/enclosures/" .. enclosure .. "/chart?range=week" end
  end
  math.randomseed(os.time() * 16 + (first or 0))
end

request = function()
  return wrk.format("GET", paths[math.random(#paths)], { ["Authorization"] = token })
end
