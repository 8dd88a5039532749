package dev.sft.harness.driver;

import dev.sft.contract.RanJar;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.jars.JarDigests;
import dev.sft.harness.jars.LoadedJars;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.spark.BarrierTaskContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction1;

/**
 * Proves the cluster can host the scenarios before any of them runs, as the reference suite does: every executor
 * reads the driver's challenge from the shared filesystem, and executor processes on at least two distinct
 * scheduler hosts run at the same moment. The concurrency proof is a Spark barrier stage (all its tasks are launched
 * together or not at all) whose tasks meet on the shared filesystem: each publishes its arrival, and none leaves
 * before every task has arrived, so at the moment the last one arrives all of them are running. Each executor also
 * says which jar file it loaded the Spark, Iceberg, Comet and {@code --jar} classes from ({@link LoadedJars}); a jar
 * under test that did not run on the driver and on every executor fails the preflight.
 */
public final class Preflight {
  public static final int MIN_HOSTS = 2;

  /** What one executor process reported from inside the barrier. */
  public record ExecutorCheckIn(String executorId, String host, long pid, boolean readChallenge, String detail,
      List<LoadedJars.Location> loaded) implements Serializable {
    public ExecutorCheckIn {
      loaded = loaded == null ? List.of() : List.copyOf(loaded);
    }

    String process() {
      return executorId + "@" + host + "/" + pid;
    }
  }

  /** The preflight's evidence, written to {@code preflight.json}; {@code jars} as the report names them. */
  public record Result(boolean passed, String message, List<ExecutorCheckIn> checkIns, List<String> registered,
      List<RanJar> jars) {}

  private Preflight() {}

  public static Result run(SparkSession spark, Path runDir, Duration timeout, List<LoadedJars.Probe> probes) {
    Path dir = runDir.resolve("preflight");
    List<RanJar> driverJars = LoadedJars.onDriver(probes, JarDigests.recordedIn(dir.resolve("jar-digests.json")));
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<String> registered;
    try {
      registered = awaitExecutorsOnDistinctHosts(spark, timeout);
    } catch (BoundedWait.TimedOut e) {
      return record(dir, new Result(false, e.getMessage(), List.of(), executorsSeen(spark), driverJars));
    }
    registered = awaitRequestedExecutors(spark, registered, timeout.compareTo(Duration.ofSeconds(30)) < 0
        ? timeout : Duration.ofSeconds(30));
    Progress.say("preflight: executors registered " + registered);

    String token = UUID.randomUUID().toString();
    Path challenge = dir.resolve("challenge.txt");
    Markers.publishText(challenge, token);
    String challengePath = challenge.toString();
    int slots = registered.size();
    String arrivals = dir.resolve("arrivals-" + token).toString();

    String group = "sft-preflight-" + token;
    JavaRDD<Integer> barrierInput = jsc.parallelize(range(slots), slots);
    List<String> reports;
    try {
      ClassTag<String> strings = ClassTag$.MODULE$.apply(String.class);
      CheckIn checkIn = new CheckIn(challengePath, token, arrivals, slots, timeout, probes);
      try (BoundedJob<List<String>> job = BoundedJob.startInterruptible(spark, group, () -> new JavaRDD<>(
          barrierInput.rdd().barrier().mapPartitions(checkIn, false, strings), strings).collect())) {
        reports = job.await(timeout);
      }
    } catch (RuntimeException e) {
      return record(dir, new Result(false, "preflight barrier job failed: " + e.getMessage(), List.of(), registered,
          driverJars));
    }
    List<ExecutorCheckIn> checkIns = reports.stream().map(json -> Json.parse(json, ExecutorCheckIn.class)).toList();
    return record(dir, judge(checkIns, registered, probes, driverJars));
  }

  static Result judge(List<ExecutorCheckIn> checkIns, List<String> registered, List<LoadedJars.Probe> probes,
      List<RanJar> driverJars) {
    List<RanJar> jars = new ArrayList<>();
    for (int i = 0; i < driverJars.size(); i++) {
      List<RanJar.Sighting> seen = new ArrayList<>();
      for (ExecutorCheckIn checkIn : checkIns) {
        if (i < checkIn.loaded().size()) {
          LoadedJars.Location at = checkIn.loaded().get(i);
          seen.add(new RanJar.Sighting(checkIn.process(), at.file(), at.sha256()));
        }
      }
      jars.add(driverJars.get(i).withExecutors(seen));
    }
    List<String> problems = new ArrayList<>(LoadedJars.mismatches(jars, probes));
    for (ExecutorCheckIn checkIn : checkIns) {
      if (!checkIn.readChallenge()) {
        problems.add("executor " + checkIn.executorId() + " on " + checkIn.host()
            + " could not read the driver's challenge on the shared filesystem: " + checkIn.detail());
      }
    }
    Set<String> hosts = checkIns.stream().map(ExecutorCheckIn::host).collect(Collectors.toCollection(TreeSet::new));
    Set<String> processes = checkIns.stream().map(c -> c.host() + "/" + c.pid())
        .collect(Collectors.toCollection(TreeSet::new));
    if (hosts.size() < MIN_HOSTS || processes.size() < 2) {
      problems.add("need executor processes on at least " + MIN_HOSTS + " distinct hosts running concurrently; the"
          + " barrier saw processes " + processes);
    }
    String message = problems.isEmpty()
        ? "shared filesystem visible to " + processes.size() + " executor processes on hosts " + hosts
            + ", all running concurrently"
        : String.join("; ", problems);
    return new Result(problems.isEmpty(), message, checkIns, registered, jars);
  }

  /** The barrier task body; a named serializable class because Spark's barrier API is Scala-only. */
  private static final class CheckIn extends AbstractFunction1<scala.collection.Iterator<Integer>,
      scala.collection.Iterator<String>> implements Serializable {
    private final String challengePath;
    private final String token;
    private final String arrivals;
    private final int tasks;
    private final Duration timeout;
    private final List<LoadedJars.Probe> probes;

    CheckIn(String challengePath, String token, String arrivals, int tasks, Duration timeout,
        List<LoadedJars.Probe> probes) {
      this.challengePath = challengePath;
      this.token = token;
      this.arrivals = arrivals;
      this.tasks = tasks;
      this.timeout = timeout;
      this.probes = List.copyOf(probes);
    }

    @Override
    public scala.collection.Iterator<String> apply(scala.collection.Iterator<Integer> ignored) {
      return CollectionConverters.asScala(
          List.of(checkIn(challengePath, token, Path.of(arrivals), tasks, timeout, probes)).iterator());
    }
  }

  private static String checkIn(String challengePath, String token, Path arrivals, int tasks, Duration timeout,
      List<LoadedJars.Probe> probes) {
    BarrierTaskContext context = BarrierTaskContext.get();
    SparkEnv env = SparkEnv.get();
    boolean read;
    String detail;
    try {
      String seen = Files.readString(Path.of(challengePath)).trim();
      read = seen.equals(token);
      detail = read ? "challenge matched" : "challenge differs: '" + seen + "'";
    } catch (IOException e) {
      read = false;
      detail = e.toString();
    }
    List<LoadedJars.Location> loaded = probes.stream().map(LoadedJars::locateOnExecutor).toList();
    awaitEveryArrival(arrivals, context, tasks, timeout);
    return Json.compact(new ExecutorCheckIn(env.executorId(), env.blockManager().blockManagerId().host(),
        ProcessHandle.current().pid(), read, detail, loaded));
  }

  /**
   * Publishes this task's arrival and waits until all {@code tasks} have arrived. Not Spark's
   * {@code BarrierTaskContext.barrier()}: a task blocked in it looks for the answer only once a second, which cost
   * every preflight about a second.
   */
  private static void awaitEveryArrival(Path allArrivals, TaskContext context, int tasks, Duration timeout) {
    // Per stage attempt, so a task of a failed attempt never counts for a later one.
    Path arrivals = allArrivals.resolve("stage-attempt-" + context.stageAttemptNumber());
    Markers.publishText(arrivals.resolve("task-" + context.partitionId()),
        String.valueOf(ProcessHandle.current().pid()));
    BoundedWait.untilTrue("all " + tasks + " preflight tasks to arrive in " + arrivals, timeout, () -> {
      if (context.isInterrupted()) {
        // The stage failed elsewhere (a barrier stage's tasks are killed together): stop waiting.
        throw new IllegalStateException("preflight task killed: " + context.getKillReason());
      }
      return arrived(arrivals) >= tasks;
    }, () -> arrived(arrivals) + " arrived");
  }

  private static long arrived(Path arrivals) {
    try (var entries = Files.list(arrivals)) {
      return entries.filter(p -> p.getFileName().toString().startsWith("task-")).count();
    } catch (IOException e) {
      return 0;
    }
  }

  private static List<String> awaitExecutorsOnDistinctHosts(SparkSession spark, Duration timeout) {
    return BoundedWait.until(
        "executors on at least " + MIN_HOSTS + " distinct hosts to register with the driver",
        timeout,
        () -> {
          List<String> seen = executorsSeen(spark);
          return ExecutorHosts.hosts(seen).size() >= MIN_HOSTS ? Optional.of(seen) : Optional.empty();
        },
        () -> "registered executors " + executorsSeen(spark) + " (a single worker host, or workers without free"
            + " cores, cannot run these scenarios)");
  }

  /** Registered executors as {@code host:port} of their block managers, excluding the driver's own. */
  static List<String> executorsSeen(SparkSession spark) {
    var driver = SparkEnv.get().blockManager().blockManagerId();
    List<String> seen = new ArrayList<>();
    for (SparkExecutorInfo info : spark.sparkContext().statusTracker().getExecutorInfos()) {
      if (info.host().equals(driver.host()) && info.port() == driver.port()) {
        continue;
      }
      seen.add(info.host() + ":" + info.port());
    }
    return seen;
  }

  /** All executors the run asked for, so every writer partition gets its own process; bounded and best effort. */
  private static List<String> awaitRequestedExecutors(SparkSession spark, List<String> registered, Duration bound) {
    int wanted = SparkSettings.MAX_CORES / SparkSettings.EXECUTOR_CORES;
    long deadline = System.nanoTime() + bound.toNanos();
    List<String> seen = registered;
    while (seen.size() < wanted && System.nanoTime() < deadline) {
      BoundedWait.sleep(Duration.ofMillis(100));
      seen = executorsSeen(spark);
    }
    return seen;
  }

  private static List<Integer> range(int n) {
    List<Integer> values = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      values.add(i);
    }
    return values;
  }

  private static Result record(Path dir, Result result) {
    Markers.publish(dir.resolve("preflight.json"), result);
    return result;
  }
}
