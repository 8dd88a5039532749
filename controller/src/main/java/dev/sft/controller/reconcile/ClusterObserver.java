package dev.sft.controller.reconcile;

import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.dependent.Names;
import dev.sft.controller.spark.MasterProbe;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Observes whether a test's Spark cluster can take a driver. Ready means the master reports at least {@code workers}
 * workers ALIVE, not that the objects exist or the pods run. Reads only; never changes anything.
 */
@ApplicationScoped
public class ClusterObserver {

  /** What the cluster looks like now. */
  public record Observation(int mastersReady, int workersReady, int workersWanted, MasterProbe.Result probe) {
    public boolean ready() {
      return probe != null && probe.error() == null && probe.alive() >= workersWanted;
    }

    public String describe() {
      if (mastersReady < 1 || workersReady < workersWanted) {
        return "pods ready: master " + mastersReady + "/1, workers " + workersReady + "/" + workersWanted;
      }
      if (probe.error() != null) {
        return "master not answering: " + probe.error();
      }
      return probe.alive() + "/" + workersWanted + " workers ALIVE in the master";
    }
  }

  private final KubernetesClient client;
  private final MasterProbe probe;
  private final String masterJsonUrlTemplate;

  public ClusterObserver(KubernetesClient client, MasterProbe probe,
      @ConfigProperty(name = "sft.master-probe.url-template", defaultValue = Names.IN_CLUSTER_MASTER_JSON_URL)
      String masterJsonUrlTemplate) {
    this.client = client;
    this.probe = probe;
    this.masterJsonUrlTemplate = masterJsonUrlTemplate;
  }

  public Observation observe(SchedulerFailureTest test, ResolvedSpec spec) {
    int mastersReady = readyReplicas(test, Names.master(test));
    int workersReady = readyReplicas(test, Names.worker(test));
    // Ask the master only once its pods could answer; its view is the one that counts.
    MasterProbe.Result alive = mastersReady >= 1 && workersReady >= spec.workers()
        ? probe.aliveWorkers(Names.masterJsonUrl(test, masterJsonUrlTemplate))
        : null;
    return new Observation(mastersReady, workersReady, spec.workers(), alive);
  }

  private int readyReplicas(SchedulerFailureTest test, String name) {
    StatefulSet set = client.apps().statefulSets().inNamespace(test.getMetadata().getNamespace()).withName(name).get();
    if (set == null || set.getStatus() == null || set.getStatus().getReadyReplicas() == null) {
      return 0;
    }
    return set.getStatus().getReadyReplicas();
  }
}
