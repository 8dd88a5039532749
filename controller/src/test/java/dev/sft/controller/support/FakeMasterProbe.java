package dev.sft.controller.support;

import dev.sft.controller.spark.MasterProbe;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stands in for the Spark masters in tests: a test says which worker hosts a master reports ALIVE. A master no test
 * has spoken for is unreachable, as a real one is before its pod runs.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class FakeMasterProbe implements MasterProbe {
  private final Map<URI, List<String>> alive = new ConcurrentHashMap<>();

  public void reportAlive(URI masterJsonUrl, List<String> workerHosts) {
    alive.put(masterJsonUrl, List.copyOf(workerHosts));
  }

  @Override
  public Result aliveWorkers(URI masterJsonUrl) {
    List<String> hosts = alive.get(masterJsonUrl);
    return hosts == null ? Result.unreachable("connection refused (no master in this test)") : Result.alive(hosts);
  }
}
