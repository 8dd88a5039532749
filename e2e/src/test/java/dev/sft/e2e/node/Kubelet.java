package dev.sft.e2e.node;

import dev.sft.e2e.apiserver.exec.ExecResult;
import dev.sft.e2e.node.network.PodIpAllocator;
import dev.sft.e2e.node.runtime.ContainerInfo;
import dev.sft.e2e.node.runtime.Podman;
import dev.sft.e2e.node.volumes.PodVolumes;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A simulated kubelet (test code, openly not Kubernetes): runs every pod the API server holds as a podman container
 * on this machine, one {@link PodWorker} per pod, and answers exec and logs for them. Each sync lists the pods, and
 * this node's containers when a relist is due ({@link #RELIST_PERIOD}) or a worker started a container since the last
 * one, then lets every idle worker take a step on a small thread pool (so a slow stop does not hold the others up).
 * Closing it removes every container it started, and no other.
 */
public final class Kubelet implements PodExec, PodLogs, AutoCloseable {
  public static final String NODE_NAME = "sft-e2e-node";
  public static final String HOST_IP = "127.0.0.1";
  private static final System.Logger LOG = System.getLogger(Kubelet.class.getName());
  /**
   * How often the containers are listed while nothing was started: the kubelet's PLEG relists every second. Each
   * listing is a {@code podman ps}, about a tenth of a CPU second, which the pods' own processes share two cores with.
   */
  static final Duration RELIST_PERIOD = Duration.ofSeconds(1);

  private final NodeContext node;
  private final Map<String, PodWorker> workers = new ConcurrentHashMap<>();
  private final Map<String, Future<?>> running = new HashMap<>();
  private Map<String, ContainerInfo> containers = Map.of();
  private Instant listedAt = Instant.EPOCH;
  private final ExecutorService pool = Executors.newFixedThreadPool(8, r -> {
    Thread thread = new Thread(r, "sim-kubelet");
    thread.setDaemon(true);
    return thread;
  });

  public Kubelet(KubernetesClient client, NodeConfig config, Path hostsFile) {
    Podman.requireInstalled();
    PodIpAllocator ips = new PodIpAllocator(config.podNetwork());
    this.node = new NodeContext(client, config, new Podman(config.instanceId()), ips,
        new PodVolumes(client, config), new PodEnvironment(client, config), hostsFile);
    register(client);
  }

  /** Registers this node as a kubelet does when it starts: the Node object that kubectl cordon and drain act on. */
  private static void register(KubernetesClient client) {
    Node node = new NodeBuilder().withNewMetadata().withName(NODE_NAME)
        .addToLabels("kubernetes.io/hostname", NODE_NAME).addToLabels("kubernetes.io/os", "linux").endMetadata()
        .withNewStatus().addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady")
        .withMessage("kubelet is posting ready status").endCondition()
        .addNewAddress().withType("InternalIP").withAddress(HOST_IP).endAddress().endStatus()
        .build();
    try {
      client.nodes().resource(node).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }

  /** Starts new pods, steps running ones, removes the containers of pods that are gone. */
  public synchronized void sync() {
    List<Pod> pods = node.client().pods().inAnyNamespace().list().getItems();
    relistWhenDue();
    Map<String, ContainerInfo> listed = containers;
    Instant listedAt = this.listedAt;
    Map<String, Pod> byUid = new HashMap<>();
    for (Pod pod : pods) {
      if (pod.getMetadata().getUid() != null) {
        byUid.put(pod.getMetadata().getUid(), pod);
      }
    }
    running.values().removeIf(Future::isDone);
    for (Pod pod : byUid.values()) {
      PodWorker worker = workers.computeIfAbsent(pod.getMetadata().getUid(), uid -> new PodWorker(node, pod));
      ContainerInfo info = listed.get(worker.containerName());
      submit(worker, () -> worker.sync(pod, info, listedAt));
    }
    for (PodWorker worker : new ArrayList<>(workers.values())) {
      if (!byUid.containsKey(worker.uid())) {
        submit(worker, () -> {
          worker.remove(worker.gracePeriod());
          workers.remove(worker.uid());
        });
      }
    }
  }

  /**
   * Lists this node's containers when the last listing is a relist period old, or older than a container a worker
   * started or restarted (its state, as a kubelet reports it right after the start, comes from a listing after it).
   * A worker skips a listing older than its last action, so a listing kept between relists never undoes one.
   */
  private void relistWhenDue() {
    Instant now = Instant.now();
    boolean acted = workers.values().stream().anyMatch(w -> !w.actedAt().isBefore(listedAt));
    if (!acted && now.isBefore(listedAt.plus(RELIST_PERIOD))) {
      return;
    }
    containers = node.podman().containers().stream()
        .collect(Collectors.toMap(ContainerInfo::name, Function.identity(), (a, b) -> a));
    listedAt = now;
  }

  private void submit(PodWorker worker, Runnable step) {
    if (running.containsKey(worker.uid())) {
      return; // still busy with its previous step
    }
    running.put(worker.uid(), pool.submit(() -> {
      try {
        step.run();
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "pod " + worker.containerName() + ": " + e, e);
      }
    }));
  }

  @Override
  public ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin) {
    PodWorker worker = worker(namespace, pod, container);
    ContainerInfo info = node.podman().containers().stream()
        .filter(c -> c.name().equals(worker.containerName())).findFirst().orElse(null);
    if (!worker.running(info)) {
      throw new IllegalStateException("container " + worker.container().getName() + " of pod " + namespace + "/" + pod
          + " is not running");
    }
    return node.podman().exec(worker.containerName(), command, stdin, Duration.ofMinutes(10));
  }

  /**
   * SIGKILLs a running pod's container from outside, as the kernel's OOM killer would; the pod's restart policy
   * then decides, as for any exit.
   */
  public void kill(String namespace, String pod, String container) {
    node.podman().kill(worker(namespace, pod, container).containerName());
  }

  @Override
  public String logs(String namespace, String pod, String container, Integer tailLines) {
    return node.podman().logs(worker(namespace, pod, container).containerName(), tailLines);
  }

  /**
   * Copies every container's log into {@code dir}, one file per container: those still on the node (running or
   * exited) and those of pods already removed, whose logs the node kept when it removed them.
   */
  public void dumpLogs(Path dir) {
    try {
      Files.createDirectories(dir);
      Path archive = node.logArchive();
      if (Files.isDirectory(archive)) {
        try (var kept = Files.list(archive)) {
          for (Path log : kept.toList()) {
            Files.copy(log, dir.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
      for (ContainerInfo info : node.podman().containers()) {
        Files.writeString(dir.resolve(info.name() + ".log"), node.podman().logs(info.name(), null));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write logs into " + dir, e);
    }
  }

  /** The node's containers as podman lists them, for failure reports. */
  public List<String> containerSummaries() {
    return node.podman().containers().stream()
        .map(c -> c.name() + " " + c.state() + (c.exited() ? " (exit " + c.exitCode() + ")" : "")).toList();
  }

  private PodWorker worker(String namespace, String pod, String container) {
    PodWorker worker = workers.values().stream()
        .filter(w -> w.containerName().equals(node.containerName(namespace, pod)) && !w.removed())
        .findFirst().orElseThrow(() -> new NoSuchElementException("no pod " + namespace + "/" + pod + " on this node"));
    if (container != null && !container.equals(worker.container().getName())) {
      throw new NoSuchElementException("pod " + namespace + "/" + pod + " has no container " + container
          + " (it has " + worker.container().getName() + ")");
    }
    return worker;
  }

  /**
   * Removes every container this kubelet started (by its instance label), and nothing else; fails if any is left.
   * One name per {@code podman rm}: podman 4.3 removes none of a list, and still exits 0, when one name of it is
   * already gone, and a worker stopped mid-removal makes that race real.
   */
  @Override
  public void close() {
    pool.shutdownNow();
    boolean interrupted = false;
    try {
      pool.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      interrupted = true;
    }
    interrupted |= Thread.interrupted(); // the clean-up below waits on podman, which an interrupt would cut short
    try {
      List<ContainerInfo> left = node.podman().containers();
      for (int attempt = 0; attempt < 3 && !left.isEmpty(); attempt++) {
        left.forEach(info -> node.podman().remove(info.name()));
        left = node.podman().containers();
      }
      if (!left.isEmpty()) {
        throw new IllegalStateException("the simulated kubelet could not remove its containers: "
            + left.stream().map(ContainerInfo::name).toList());
      }
      workers.clear();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
