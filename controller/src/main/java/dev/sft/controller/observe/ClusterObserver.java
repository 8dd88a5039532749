package dev.sft.controller.observe;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import dev.sft.controller.spark.MasterProbe;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Observes whether a test's Spark cluster can take a driver. Ready means both StatefulSets are rolled out to their
 * latest template and the master reports at least {@code workers} workers ALIVE on the pods of that template, not
 * that the objects exist or that some pods run. Reads only; never changes anything.
 */
@ApplicationScoped
public class ClusterObserver {
  /** The label a StatefulSet controller puts on each pod: the revision of the template it was made from. */
  public static final String REVISION_LABEL = "controller-revision-hash";

  /**
   * What the cluster looks like now.
   *
   * @param rolloutPending why the pods are not yet all of the latest template and ready (null when they are)
   * @param probe the master's answer, or null while it was not asked (its pod, or a worker pod of an older template,
   *     not rolled out yet)
   * @param aliveOnCurrentPods ALIVE workers in the master's view whose host is a current worker pod's IP
   * @param runningCurrentPods current worker pods whose containers run (their worker JVMs start or have started)
   */
  public record Observation(String rolloutPending, int workersWanted, MasterProbe.Result probe,
      int aliveOnCurrentPods, int runningCurrentPods) {
    public boolean ready() {
      return rolloutPending == null && probe != null && probe.error() == null && aliveOnCurrentPods >= workersWanted;
    }

    /**
     * Whether a driver may start here before the cluster is ready: the master answers, every wanted worker pod is of
     * the latest template and runs, and the master knows no other worker, so every executor it grants runs on a current
     * worker; the driver's preflight waits for the workers still registering.
     */
    public boolean takesDriver() {
      return probe != null && probe.error() == null && probe.alive() == aliveOnCurrentPods
          && runningCurrentPods >= workersWanted;
    }

    public String describe() {
      if (rolloutPending != null) {
        return "pods not ready: " + rolloutPending;
      }
      if (probe.error() != null) {
        return "master not answering: " + probe.error();
      }
      return aliveOnCurrentPods + "/" + workersWanted + " workers ALIVE in the master"
          + (probe.alive() > aliveOnCurrentPods ? " (" + (probe.alive() - aliveOnCurrentPods)
              + " more ALIVE on pods that are gone or replaced)" : "");
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

  /** Spark cluster {@code cluster} of the test's ({@code spec.parallelism}; 0 of a single one). */
  public Observation observe(SchedulerFailureTest test, ResolvedSpec spec, int cluster) {
    StatefulSet master = statefulSet(test, Names.master(test, cluster));
    StatefulSet workers = statefulSet(test, Names.worker(test, cluster));
    String pending = StatefulSetRollout.pending(master, Names.master(test, cluster), 1);
    if (pending != null) {
      return new Observation(pending, spec.workers(), null, 0, 0);
    }
    pending = StatefulSetRollout.pending(workers, Names.worker(test, cluster), spec.workers());
    if (pending != null && !StatefulSetRollout.ofLatestTemplate(workers, spec.workers())) {
      return new Observation(pending, spec.workers(), null, 0, 0);
    }
    // Ask the master once its pod could answer and no worker pod of an older template is left; its view is the one
    // that counts.
    MasterProbe.Result alive = probe.aliveWorkers(Names.masterJsonUrl(test, cluster, masterJsonUrlTemplate));
    List<Pod> current = currentWorkerPods(test, workers,
        Names.clusterSelector(test, Names.WORKER, cluster, spec.parallelism() > 1));
    Set<String> currentHosts = current.stream().map(pod -> pod.getStatus() == null ? null : pod.getStatus().getPodIP())
        .filter(ip -> ip != null && !ip.isBlank()).collect(Collectors.toSet());
    int aliveOnCurrent = (int) alive.aliveHosts().stream().filter(currentHosts::contains).count();
    int running = (int) current.stream()
        .filter(pod -> pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())).count();
    return new Observation(pending, spec.workers(), alive, aliveOnCurrent, running);
  }

  private StatefulSet statefulSet(SchedulerFailureTest test, String name) {
    return client.apps().statefulSets().inNamespace(test.getMetadata().getNamespace()).withName(name).get();
  }

  /** Worker pods of the StatefulSet's latest template, not being deleted: a replaced pod's worker does not count. */
  private List<Pod> currentWorkerPods(SchedulerFailureTest test, StatefulSet workers,
      java.util.Map<String, String> selector) {
    String revision = workers.getStatus().getUpdateRevision();
    return client.pods().inNamespace(test.getMetadata().getNamespace())
        .withLabels(selector).list().getItems().stream()
        .filter(pod -> revision == null || revision.equals(label(pod, REVISION_LABEL)))
        .filter(pod -> pod.getMetadata().getDeletionTimestamp() == null)
        .toList();
  }

  private static String label(Pod pod, String key) {
    return pod.getMetadata().getLabels() == null ? null : pod.getMetadata().getLabels().get(key);
  }
}
