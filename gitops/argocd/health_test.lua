-- Runs gitops/argocd/health.lua against sample SchedulerFailureTests, as Argo CD would (global `obj`).
--   lua5.4 gitops/argocd/health_test.lua [path/to/health.lua]
-- Exit code 0 when every sample gets its expected health, 1 otherwise.
local script = arg[1] or "gitops/argocd/health.lua"
local check = assert(loadfile(script))

local function cond(kind, status, reason, message, generation)
  return {type = kind, status = status, reason = reason, message = message or "", observedGeneration = generation,
    lastTransitionTime = "2026-11-30T10:00:00Z"}
end

-- The kstatus triple as Conditions.forPhase writes it, plus what invalidSpec writes.
local function triple(phase, reason, message, generation)
  if phase == "Succeeded" then
    return {cond("Ready", "True", reason, message, generation), cond("Reconciling", "False", reason, message, generation),
      cond("Stalled", "False", reason, message, generation)}
  elseif phase == "Failed" or phase == "InvalidSpec" then
    return {cond("Ready", "False", reason, message, generation), cond("Reconciling", "False", reason, message, generation),
      cond("Stalled", "True", reason, message, generation)}
  end
  return {cond("Ready", "False", reason, message, generation), cond("Reconciling", "True", reason, message, generation),
    cond("Stalled", "False", reason, message, generation)}
end

local function test(generation, status)
  return {apiVersion = "sft.dev/v1alpha1", kind = "SchedulerFailureTest",
    metadata = {name = "minimal", namespace = "sft-staging", generation = generation}, status = status}
end

local samples = {
  {name = "new resource, no status yet", obj = test(1, nil),
    health = "Progressing", message = "Waiting for the sft controller"},
  {name = "status of an older generation than the spec", obj = test(3, {phase = "Succeeded", observedGeneration = 2,
      runGeneration = 2, runId = "minimal-r2", passed = 4, total = 4,
      conditions = triple("Succeeded", "RunSucceeded", "4/4 passed", 2)}),
    health = "Progressing", message = "observe generation 3"},
  {name = "provisioning, waiting for workers", obj = test(1, {phase = "Provisioning", observedGeneration = 1,
      runGeneration = 1, runId = "minimal-r1", step = "AwaitingCluster",
      message = "run minimal-r1 started for generation 1", conditions = triple("Provisioning", "Provisioning",
        "run minimal-r1 started for generation 1", 1)}),
    health = "Progressing", message = "Provisioning run minimal%-r1; run minimal%-r1 started"},
  {name = "running the harness", obj = test(1, {phase = "Running", observedGeneration = 1, runGeneration = 1,
      runId = "minimal-r1", step = "RunningHarness", message = "harness Job minimal-r1-spec running",
      conditions = triple("Running", "Running", "running the harness", 1)}),
    health = "Progressing", message = "Running run minimal%-r1; harness Job"},
  {name = "a spec change queued behind a running run", obj = test(2, {phase = "Running", observedGeneration = 2,
      runGeneration = 1, runId = "minimal-r1", conditions = {cond("Ready", "False", "Running", "", 1),
        cond("Reconciling", "True", "RunQueued", "generation 2 queued until run minimal-r1 ends", 2),
        cond("Stalled", "False", "Running", "", 1)}}),
    health = "Progressing", message = "generation 2 queued until run minimal%-r1 ends"},
  {name = "a passing API failure while provisioning (retried, not Stalled)", obj = test(1, {phase = "Provisioning",
      observedGeneration = 1, runGeneration = 1, runId = "minimal-r1", step = "AwaitingCluster",
      message = "run minimal-r1 started for generation 1",
      conditions = {cond("Ready", "False", "Provisioning", "", 1),
        cond("Reconciling", "True", "ReconcileError", "KubernetesClientException: connection reset (retrying)", 1),
        cond("Stalled", "False", "Provisioning", "", 1)}}),
    health = "Progressing", message = "ReconcileError: KubernetesClientException: connection reset %(retrying%)"},
  {name = "succeeded, every verdict passed", obj = test(1, {phase = "Succeeded", observedGeneration = 1,
      runGeneration = 1, runId = "minimal-r1", passed = 4, total = 4, summary = "4/4", cleanup = "Done",
      conditions = triple("Succeeded", "RunSucceeded", "4/4 passed", 1)}),
    health = "Healthy", message = "Run minimal%-r1 succeeded; 4/4 scenario repetitions passed"},
  {name = "succeeded without Ready (inconsistent, wait)", obj = test(1, {phase = "Succeeded", observedGeneration = 1,
      runGeneration = 1, runId = "minimal-r1", conditions = {}}),
    health = "Progressing", message = "waiting for the Ready condition"},
  {name = "failed: a verdict Failed or Unknown", obj = test(1, {phase = "Failed", observedGeneration = 1,
      runGeneration = 1, runId = "minimal-r1", passed = 3, total = 4, cleanup = "Retained",
      message = "executor-loss-shuffle-loss r1: storage Failed",
      cells = {{name = "speculation-original-wins", operation = "append", repetitions = 1, passed = 1},
        {name = "executor-loss-shuffle-loss", operation = "append", repetitions = 1, passed = 0, failed = 1,
          latestFailure = {repetition = 1, outcome = "Failed", rule = "storage/files.no-orphans"}}},
      conditions = triple("Failed", "RunFailed", "executor-loss-shuffle-loss r1: storage Failed", 1)}),
    health = "Degraded", message = "Run minimal%-r1 failed; 3/4 scenario repetitions passed; not passed: "
      .. "executor%-loss%-shuffle%-loss/append 0/1 %(storage/files%.no%-orphans%); executor%-loss"},
  {name = "failed: cluster never ready", obj = test(1, {phase = "Failed", observedGeneration = 1, runGeneration = 1,
      runId = "minimal-r1", passed = 0, total = 4, message = "ClusterNotReady: 1 of 2 workers ALIVE after 600s",
      conditions = triple("Failed", "RunFailed", "ClusterNotReady", 1)}),
    health = "Degraded", message = "ClusterNotReady"},
  {name = "invalid spec on a new resource", obj = test(1, {phase = "Pending", observedGeneration = 1,
      message = "invalid spec, nothing was created: spec.spark.workers: must be at least 2, got 1",
      conditions = triple("InvalidSpec", "InvalidSpec",
        "invalid spec, nothing was created: spec.spark.workers: must be at least 2, got 1", 1)}),
    health = "Degraded", message = "^InvalidSpec: invalid spec, nothing was created: spec.spark.workers"},
  {name = "invalid spec after an earlier successful run", obj = test(2, {phase = "Succeeded", observedGeneration = 2,
      runGeneration = 1, runId = "minimal-r1", passed = 4, total = 4,
      conditions = triple("InvalidSpec", "InvalidSpec", "invalid spec, nothing was created: spec.repeat: ...", 2)}),
    health = "Degraded", message = "^InvalidSpec"},
  {name = "failed run of an older generation, the new one about to start", obj = test(2, {phase = "Failed",
      observedGeneration = 2, runGeneration = 1, runId = "minimal-r1",
      conditions = triple("Failed", "RunFailed", "storage Failed", 2)}),
    health = "Progressing", message = "Generation 2 is about to start"},
  {name = "an unknown phase", obj = test(1, {phase = "Exploded", observedGeneration = 1}),
    health = "Unknown", message = "Exploded"},
}

local passed, failed = 0, 0
for _, sample in ipairs(samples) do
  obj = sample.obj
  local ok, result = pcall(check)
  local problem
  if not ok then
    problem = "error: " .. tostring(result)
  elseif type(result) ~= "table" then
    problem = "returned " .. type(result) .. ", not a table"
  elseif result.status ~= sample.health then
    problem = "health " .. tostring(result.status) .. ", expected " .. sample.health .. " (" .. tostring(result.message) .. ")"
  elseif type(result.message) ~= "string" or not string.find(result.message, sample.message) then
    problem = "message '" .. tostring(result.message) .. "' does not match '" .. sample.message .. "'"
  end
  if problem then
    failed = failed + 1
    print("FAIL " .. sample.name .. ": " .. problem)
  else
    passed = passed + 1
    print("ok   " .. sample.name .. " -> " .. result.status .. ": " .. result.message)
  end
end
print(string.format("argocd-health (%s): %d passed, %d failed", _VERSION, passed, failed))
os.exit(failed == 0 and 0 or 1)
