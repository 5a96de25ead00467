-- PUT /attempts/{id}/answers/{questionId} {"answer":{"option":N}}: a random student of
-- attempts.txt ("token attemptId" per line: every seeded student, each in a running
-- attempt) answers a random one of the history simulation's single-choice questions
-- (single.txt, one question id per line) with a random option of its four.
local attempts, questions = {}, {}
for line in io.lines("attempts.txt") do
  local token, id = line:match("(%S+) (%S+)")
  if token then attempts[#attempts + 1] = { token, id } end
end
for line in io.lines("single.txt") do
  if line:match("%S") then questions[#questions + 1] = line end
end
local counter = 0

setup = function(thread)
  counter = counter + 1
  thread:set("first", counter)
end

init = function(args)
  -- Each thread its own sequence (a thread's Lua state starts with the same seed).
  math.randomseed(os.time() * 16 + (first or 0))
end

request = function()
  local pair = attempts[math.random(#attempts)]
  local body = string.format('{"answer":{"option":%d}}', math.random(0, 3))
  return wrk.format("PUT", "/znoshka/api/v1/attempts/" .. pair[2] .. "/answers/" .. questions[math.random(#questions)],
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. pair[1] }, body)
end
