-- pipeline.lua: makes wrk send DEPTH GET requests in each write on every connection (HTTP/1.1
-- pipelining, the shape of TechEmpower's plaintext test) and count each response.
-- usage: wrk -s bench/pipeline.lua URL -- DEPTH        (DEPTH defaults to 16)
local batch

function init(args)
  local depth = tonumber(args[1] or "16")
  if depth == nil or depth < 1 then
    error("pipeline.lua: DEPTH must be a positive number, got " .. tostring(args[1]))
  end
  local requests = {}
  for i = 1, depth do
    requests[i] = wrk.format(nil)
  end
  batch = table.concat(requests)
end

function request()
  return batch
end
