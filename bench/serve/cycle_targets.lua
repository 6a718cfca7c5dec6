-- wrk script: each connection's requests cycle through the request targets of a file (one
-- a line), each wrk thread starting at its own place. Usage:
--   wrk -t2 -c64 -d10s -s cycle_targets.lua http://127.0.0.1:PORT -- targets.txt
local threads = 0
function setup(thread)
  thread:set("number", threads)
  threads = threads + 1
end

function init(args)
  targets = {}
  for line in io.lines(args[1]) do targets[#targets + 1] = line end
  next_target = 1 + (number * 7919) % #targets
end

function request()
  local target = targets[next_target]
  next_target = next_target % #targets + 1
  return wrk.format("GET", target)
end
