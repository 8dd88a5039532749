package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A node drain as {@code kubectl drain --pod-selector} does it, over one test's Spark pods only (the run's harness
 * pod and everyone else's pods stay): cordons the node, asks the Eviction API ({@code pods/NAME/eviction}, through
 * {@code kubectl create --raw}) to evict each pod it found there, asks again every 5 s while one is refused (429), and
 * is done when each is gone (deleted, or replaced by a pod of another uid). It runs in the background and says what
 * happens in {@link SuiteProgress} lines; closing it stops it and uncordons the node.
 */
final class Drain implements AutoCloseable {
  /** kubectl drain's pause before it asks again for a refused eviction. */
  static final Duration RETRY = Duration.ofSeconds(5);
  private static final Duration BOUND = Duration.ofSeconds(60);

  /** What became of one pod the drain set out to evict. */
  static final class Eviction {
    final String name;
    final String uid;
    final boolean readyAtStart;
    volatile int refusals;
    volatile String firstRefusal;
    volatile Instant evictedAt;
    volatile Instant goneAt;

    Eviction(String name, String uid, boolean readyAtStart) {
      this.name = name;
      this.uid = uid;
      this.readyAtStart = readyAtStart;
    }

    @Override
    public String toString() {
      return name + " (ready at start: " + readyAtStart + ", refusals: " + refusals + ", evicted: " + evictedAt
          + ", gone: " + goneAt + ", first refusal: " + firstRefusal + ")";
    }
  }

  private final Kubectl kubectl;
  private final String namespace;
  private final String node;
  private final List<Eviction> evictions;
  private final Instant started = Instant.now();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile String failure;

  private Drain(Kubectl kubectl, String namespace, String node, List<Eviction> evictions) {
    this.kubectl = kubectl;
    this.namespace = namespace;
    this.node = node;
    this.evictions = evictions;
    this.thread = new Thread(this::run, "drain-" + node);
    thread.setDaemon(true);
  }

  /**
   * Drains the node of the pods of {@code namespace} that {@code selector} lists and {@code which} keeps: the node
   * they run on (the cluster's only node when pods name none, as on the simulator).
   */
  static Drain start(Kubectl kubectl, String namespace, String selector, Predicate<JsonNode> which) {
    List<JsonNode> pods = kubectl.list(namespace, "pods", selector).stream().filter(which).toList();
    String node = pods.stream().map(p -> p.path("spec").path("nodeName").asText("")).filter(n -> !n.isEmpty())
        .findFirst().orElseGet(() -> onlyNode(kubectl));
    List<Eviction> evictions = new ArrayList<>();
    for (JsonNode pod : pods) {
      String onNode = pod.path("spec").path("nodeName").asText("");
      if (onNode.isEmpty() || onNode.equals(node)) {
        evictions.add(new Eviction(pod.path("metadata").path("name").asText(),
            pod.path("metadata").path("uid").asText(), ready(pod)));
      }
    }
    kubectl.run("cordon", node).orFail();
    SuiteProgress.say("drain: node %s cordoned; evicting %s", node, evictions.stream()
        .map(e -> e.name + (e.readyAtStart ? " (Ready)" : " (not Ready)")).toList());
    Drain drain = new Drain(kubectl, namespace, node, List.copyOf(evictions));
    drain.thread.start();
    return drain;
  }

  private static String onlyNode(Kubectl kubectl) {
    JsonNode nodes = Kubectl.parse(kubectl.run("get", "nodes", "-o", "json").orFail());
    if (nodes.path("items").size() != 1) {
      throw new AssertionError("the pods name no node and the cluster has " + nodes.path("items").size()
          + " nodes: which one to drain?");
    }
    return nodes.path("items").get(0).path("metadata").path("name").asText();
  }

  static boolean ready(JsonNode pod) {
    for (JsonNode condition : pod.path("status").path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        return "True".equals(condition.path("status").asText());
      }
    }
    return false;
  }

  List<Eviction> evictions() {
    return evictions;
  }

  Instant started() {
    return started;
  }

  /** Waits until every pod is gone; fails on an eviction answer that is neither a success nor a refusal. */
  void awaitDone(Duration bound) {
    Await.until("the drain of node " + node + " to end", bound, () -> {
      if (failure != null) {
        throw new AssertionError("the drain failed: " + failure);
      }
      return evictions;
    }, all -> all.stream().allMatch(e -> e.goneAt != null));
  }

  private void run() {
    while (running) {
      for (Eviction eviction : evictions) {
        if (eviction.goneAt == null) {
          try {
            step(eviction);
          } catch (AssertionError | RuntimeException e) {
            failure = eviction.name + ": " + e.getMessage();
          }
        }
      }
      if (evictions.stream().allMatch(e -> e.goneAt != null)) {
        break;
      }
      try {
        Thread.sleep(RETRY.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
    SuiteProgress.say("drain: node %s drained in %d s", node, Duration.between(started, Instant.now()).toSeconds());
  }

  private void step(Eviction eviction) {
    JsonNode pod = kubectl.find(namespace, "pod", eviction.name);
    if (pod == null || !eviction.uid.equals(pod.path("metadata").path("uid").asText())) {
      eviction.goneAt = Instant.now();
      SuiteProgress.say("drain: pod %s gone after %d s (%s)", eviction.name, seconds(eviction.goneAt),
          eviction.evictedAt != null ? "evicted" : "deleted by its owner");
      return;
    }
    if (eviction.evictedAt != null) {
      return; // evicted: waiting for it to go, as kubectl drain waits
    }
    String body = """
        {"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"%s","namespace":"%s"}}"""
        .formatted(eviction.name, namespace);
    Command.Result answer = kubectl.run(BOUND, body, "create", "--raw",
        "/api/v1/namespaces/" + namespace + "/pods/" + eviction.name + "/eviction", "-f", "-");
    if (answer.ok()) {
      eviction.evictedAt = Instant.now();
      SuiteProgress.say("drain: pod %s evicted %d s after the drain began, after %d refusal(s)", eviction.name,
          seconds(eviction.evictedAt), eviction.refusals);
    } else if (answer.stderr().contains("TooManyRequests")) {
      if (eviction.refusals++ == 0) {
        eviction.firstRefusal = answer.stderr().trim();
        SuiteProgress.say("drain: eviction of pod %s refused (%s); asking again every %d s", eviction.name,
            eviction.firstRefusal, RETRY.toSeconds());
      }
    } else if (!answer.stderr().contains("NotFound")) {
      throw new AssertionError(answer.describe());
    }
  }

  private long seconds(Instant at) {
    return Duration.between(started, at).toSeconds();
  }

  /** Stops asking and uncordons the node. */
  @Override
  public void close() {
    running = false;
    thread.interrupt();
    kubectl.run("uncordon", node).orFail();
    SuiteProgress.say("drain: node %s uncordoned", node);
  }
}
