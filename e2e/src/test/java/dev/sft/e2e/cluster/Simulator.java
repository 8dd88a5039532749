package dev.sft.e2e.cluster;

import dev.sft.e2e.controllers.ClaimBinder;
import dev.sft.e2e.controllers.DeploymentController;
import dev.sft.e2e.controllers.DisruptionController;
import dev.sft.e2e.controllers.GarbageCollector;
import dev.sft.e2e.controllers.JobController;
import dev.sft.e2e.controllers.StatefulSetController;
import dev.sft.e2e.node.network.ClusterDns;
import dev.sft.e2e.node.Kubelet;
import dev.sft.e2e.node.NodeConfig;
import dev.sft.e2e.node.PodExec;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A simulated single-node cluster behind an API server, as a client of it (test code, openly not Kubernetes): the
 * claim binder, the StatefulSet, Job, Deployment and disruption controllers, the garbage collector, the cluster DNS
 * (one hosts file) and the {@link Kubelet}, all stepped in turn every {@code syncPeriod} by one thread. Every container it starts
 * runs a real image under podman. {@link #close()} removes those containers.
 */
public final class Simulator implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(Simulator.class.getName());
  /** The garbage collector lists every kind twice, so it runs on every few syncs only. */
  private static final int GC_EVERY = 4;

  private final ClaimBinder claims;
  private final StatefulSetController statefulSets;
  private final JobController jobs;
  private final DeploymentController deployments;
  private final DisruptionController disruption;
  private final GarbageCollector garbage;
  private final ClusterDns dns;
  private final Kubelet kubelet;
  private final ScheduledExecutorService loop;
  private final AtomicReference<String> lastError = new AtomicReference<>();
  private volatile Instant lastSync;
  private long syncs;

  private Simulator(KubernetesClient client, NodeConfig config) {
    this.claims = new ClaimBinder(client, config.stateDir());
    this.statefulSets = new StatefulSetController(client);
    this.jobs = new JobController(client);
    this.deployments = new DeploymentController(client);
    this.disruption = new DisruptionController(client);
    this.garbage = new GarbageCollector(client);
    this.dns = new ClusterDns(client, config.stateDir().resolve("hosts"), config.apiServerHost());
    this.kubelet = new Kubelet(client, config, dns.hostsFile());
    this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "sim-loop");
      thread.setDaemon(true);
      return thread;
    });
    loop.scheduleWithFixedDelay(this::syncOnce, 0, config.syncPeriod().toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Starts simulating the node against the API server {@code client} talks to. */
  public static Simulator start(KubernetesClient client, NodeConfig config) {
    return new Simulator(client, config);
  }

  private void syncOnce() {
    List<Runnable> steps = List.of(claims::sync, statefulSets::sync, jobs::sync, deployments::sync,
        disruption::sync, dns::sync, kubelet::sync);
    for (Runnable step : steps) {
      try {
        step.run();
      } catch (RuntimeException e) {
        report(e);
      }
    }
    if (syncs++ % GC_EVERY == 0) {
      try {
        garbage.sync();
      } catch (RuntimeException e) {
        report(e);
      }
    }
    lastSync = Instant.now();
  }

  private void report(RuntimeException e) {
    String message = e.getClass().getSimpleName() + ": " + e.getMessage();
    if (!message.equals(lastError.getAndSet(message))) {
      LOG.log(System.Logger.Level.WARNING, "simulator sync step failed: " + message, e);
    }
  }

  public Kubelet kubelet() {
    return kubelet;
  }

  /** The exec entry point for the API server stand-in's {@code pods/exec}. */
  public PodExec podExec() {
    return kubelet;
  }

  /** The hosts file every pod mounts as /etc/hosts. */
  public Path hostsFile() {
    return dns.hostsFile();
  }

  /** The last error a sync step met (null if none): for failure messages of waits. */
  public String lastError() {
    return lastError.get();
  }

  public Instant lastSync() {
    return lastSync;
  }

  /** Stops the loop and removes every container this simulator started. */
  @Override
  public void close() {
    loop.shutdownNow();
    try {
      loop.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kubelet.close();
  }

}
