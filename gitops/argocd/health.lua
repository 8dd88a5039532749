-- Argo CD health check for sft.dev/SchedulerFailureTest, from the status contract in docs/operator.md.
-- Argo CD runs it with the live object as the global `obj` (gopher-lua, Lua 5.1 semantics).
--   Healthy      the latest spec ran and every scenario repetition passed both verdicts (phase Succeeded, Ready)
--   Progressing  the controller has not caught up yet, or a run is provisioning, running or queued, or a reconcile
--                failed and is retried (Reconciling ReconcileError: a passing API failure, shown with its message)
--   Degraded     the spec is invalid (Stalled InvalidSpec) or the latest run failed (phase Failed, Stalled RunFailed)
--   Unknown      a phase this check does not know
-- Suspended is never returned: spec.suspend pauses only a schedule's firings, and the latest run keeps its health.
local hs = {}

local function condition(status, kind)
  if status.conditions == nil then
    return nil
  end
  for _, c in ipairs(status.conditions) do
    if c.type == kind then
      return c
    end
  end
  return nil
end

local function isTrue(c)
  return c ~= nil and c.status == "True"
end

-- "3/4 passed" when the controller has counted verdicts.
local function tally(status)
  if status.passed ~= nil and status.total ~= nil then
    return tostring(status.passed) .. "/" .. tostring(status.total) .. " scenario repetitions passed"
  end
  return nil
end

-- The cells that did not pass, at most three, e.g. "not passed: executor-loss-shuffle-loss/append 19/20
-- (storage/files.no-orphans)"; the rest are counted.
local function failingCells(status)
  if status.cells == nil then
    return nil
  end
  local named, more = {}, 0
  for _, c in ipairs(status.cells) do
    if c.passed ~= nil and c.repetitions ~= nil and c.passed + (c.known or 0) < c.repetitions then
      if #named < 3 then
        local rule = c.latestFailure and c.latestFailure.rule
        table.insert(named, c.name .. "/" .. (c.operation or "append") .. " " .. tostring(c.passed) .. "/"
          .. tostring(c.repetitions) .. (rule and (" (" .. rule .. ")") or ""))
      else
        more = more + 1
      end
    end
  end
  if #named == 0 then
    return nil
  end
  return "not passed: " .. table.concat(named, ", ") .. (more > 0 and (" and " .. more .. " more") or "")
end

local function join(...)
  local parts = {}
  -- By count, not ipairs: a nil part in the middle must not hide the parts after it.
  for i = 1, select("#", ...) do
    local part = select(i, ...)
    if part ~= nil and part ~= "" then
      table.insert(parts, part)
    end
  end
  return table.concat(parts, "; ")
end

local status = obj.status
local generation = obj.metadata and obj.metadata.generation

if status == nil or status.phase == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the sft controller to report a status"
  return hs
end

if generation ~= nil and (status.observedGeneration == nil or status.observedGeneration < generation) then
  hs.status = "Progressing"
  hs.message = "Waiting for the sft controller to observe generation " .. tostring(generation)
  return hs
end

local stalled = condition(status, "Stalled")
local reconciling = condition(status, "Reconciling")
local ready = condition(status, "Ready")
local run = status.runId or "(no run)"

-- An invalid spec: nothing happens until someone edits it.
if isTrue(stalled) and stalled.reason == "InvalidSpec" then
  hs.status = "Degraded"
  hs.message = "InvalidSpec: " .. (stalled.message or status.message or "the spec is invalid")
  return hs
end

local finished = status.phase == "Succeeded" or status.phase == "Failed"

-- A finished run of an older spec: the controller starts the newer generation next.
if finished and status.runGeneration ~= nil and generation ~= nil and status.runGeneration < generation then
  hs.status = "Progressing"
  hs.message = "Generation " .. tostring(generation) .. " is about to start; run " .. run .. " (generation "
    .. tostring(status.runGeneration) .. ") ended " .. status.phase
  return hs
end

if status.phase == "Failed" or isTrue(stalled) then
  hs.status = "Degraded"
  hs.message = join("Run " .. run .. " failed", tally(status), failingCells(status),
    status.message or (stalled and stalled.message))
  return hs
end

if status.phase == "Succeeded" then
  if isTrue(ready) then
    hs.status = "Healthy"
    hs.message = join("Run " .. run .. " succeeded", tally(status))
  else
    hs.status = "Progressing"
    hs.message = "Run " .. run .. " succeeded; waiting for the Ready condition"
  end
  return hs
end

if status.phase == "Pending" or status.phase == "Provisioning" or status.phase == "Running" then
  hs.status = "Progressing"
  local detail = status.message
  if isTrue(reconciling) and reconciling.reason == "RunQueued" then
    detail = reconciling.message
  elseif isTrue(reconciling) and reconciling.reason == "ReconcileError" then
    detail = join(status.message, "ReconcileError: " .. (reconciling.message or ""))
  end
  hs.message = join(status.phase .. " run " .. run, detail)
  return hs
end

hs.status = "Unknown"
hs.message = "Unrecognised phase " .. tostring(status.phase)
return hs
