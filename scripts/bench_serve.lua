-- wrk script of `make bench-serve` (scripts/bench_serve.py): cycles through the request
-- targets of a file, one per line ("/api?q=cas&lat=…"), each thread from its own offset, and
-- prints the run's figures as one JSON line after "WRK_JSON " when done.
--
--   wrk -c 8 -t 2 -d 10s --latency -s scripts/bench_serve.lua http://127.0.0.1:PORT -- targets.txt

local targets = {}
local next_index = 1
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_number", thread_count)
end

function init(args)
  local path = args[1]
  if path == nil then
    io.stderr:write("bench_serve.lua: the targets file is missing (wrk ... -- FILE)\n")
    os.exit(2)
  end
  for line in io.lines(path) do
    if #line > 0 then targets[#targets + 1] = line end
  end
  if #targets == 0 then
    io.stderr:write("bench_serve.lua: no targets in " .. path .. "\n")
    os.exit(2)
  end
  -- Threads start spread over the list, so two threads rarely ask the same thing at once.
  local n = tonumber(thread_number) or 1
  next_index = ((n - 1) * 7919) % #targets + 1
end

function request()
  local target = targets[next_index]
  next_index = next_index % #targets + 1
  return wrk.format("GET", target)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
