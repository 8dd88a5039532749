package dev.sft.harness.cluster;

import dev.sft.harness.driver.Progress;
import dev.sft.harness.evidence.BoundedWait;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real Spark Standalone cluster on this machine: a master on 127.0.0.1 and workers on 127.0.0.2, 127.0.0.3, ...,
 * each its own JVM, so the scheduler sees distinct hosts. Every file it writes stays under its folder, and it stops
 * every process it started (and their executor children), by PID.
 */
public final class LocalCluster implements AutoCloseable {
  public static final String MASTER_HOST = "127.0.0.1";
  public static final int WORKER_CORES = 2;
  private static final String WORKER_MEMORY = "4g";

  private final Path sparkHome;
  private final Path dir;
  private final int masterPort;
  private final int masterWebPort;
  private final List<Process> processes = new ArrayList<>();
  private final ClassDataSharing classData;

  private LocalCluster(Path sparkHome, Path dir, int masterPort, int masterWebPort, ClassDataSharing classData) {
    this.sparkHome = sparkHome;
    this.classData = classData;
    this.dir = dir;
    this.masterPort = masterPort;
    this.masterWebPort = masterWebPort;
  }

  public String masterUrl() {
    return "spark://" + MASTER_HOST + ":" + masterPort;
  }

  public String masterJsonUrl() {
    return "http://" + MASTER_HOST + ":" + masterWebPort + "/json/";
  }

  public static String workerHost(int index) {
    return "127.0.0." + (index + 2);
  }

  /** Starts the master and {@code workers} workers and waits until all are ALIVE in the master's view. */
  public static LocalCluster start(Path sparkHome, Path dir, int masterPort, int workers, Duration timeout) {
    return start(sparkHome, dir, masterPort, workers, timeout, ClassDataSharing.off());
  }

  /** As above, the master and workers starting from (or training) the class-data archives of their roles. */
  public static LocalCluster start(Path sparkHome, Path dir, int masterPort, int workers, Duration timeout,
      ClassDataSharing classData) {
    requireSparkHome(sparkHome);
    requirePortFree(MASTER_HOST, masterPort);
    LocalCluster cluster = new LocalCluster(sparkHome, dir, masterPort, freePort(MASTER_HOST), classData);
    try {
      cluster.startMaster();
      cluster.awaitMasterAlive(timeout);
      for (int i = 0; i < workers; i++) {
        cluster.startWorker(i);
      }
      cluster.awaitAlive(workers, timeout);
      return cluster;
    } catch (RuntimeException | IOException e) {
      cluster.close();
      if (e instanceof IOException io) {
        throw new UncheckedIOException("cannot start the local cluster: " + io.getMessage(), io);
      }
      throw (RuntimeException) e;
    }
  }

  private void startMaster() throws IOException {
    Path home = Files.createDirectories(dir.resolve("master"));
    List<String> flags = new ArrayList<>(List.of("-Xmx256m", "-Dsft.log.level=info", "-Djava.io.tmpdir=" + tmp(home),
        "-Dspark.master.rest.enabled=false"));
    flags.addAll(classData.flags(ClassDataSharing.Role.MASTER, "master"));
    List<String> command = JvmProcess.command(sparkHome, flags,
        "org.apache.spark.deploy.master.Master",
        List.of("--host", MASTER_HOST, "--port", String.valueOf(masterPort),
            "--webui-port", String.valueOf(masterWebPort)));
    processes.add(JvmProcess.start(command, env(MASTER_HOST, home), home, home.resolve("master.log"), false));
    Progress.say("cluster: master starting on " + masterUrl() + " (log " + home.resolve("master.log") + ")");
  }

  private void startWorker(int index) throws IOException {
    String host = workerHost(index);
    Path home = Files.createDirectories(dir.resolve("worker-" + (index + 1)));
    Map<String, String> env = env(host, home);
    env.put("SPARK_LOCAL_DIRS", Files.createDirectories(home.resolve("local")).toString());
    List<String> flags = new ArrayList<>(List.of("-Xmx256m", "-Dsft.log.level=info", "-Djava.io.tmpdir=" + tmp(home)));
    flags.addAll(classData.flags(ClassDataSharing.Role.WORKER, String.valueOf(index + 1)));
    List<String> command = JvmProcess.command(sparkHome, flags,
        "org.apache.spark.deploy.worker.Worker",
        List.of("--host", host, "--port", String.valueOf(freePort(host)),
            "--webui-port", String.valueOf(freePort(host)),
            "--cores", String.valueOf(WORKER_CORES), "--memory", WORKER_MEMORY,
            "--work-dir", Files.createDirectories(home.resolve("work")).toString(),
            masterUrl()));
    processes.add(JvmProcess.start(command, env, home, home.resolve("worker.log"), false));
    Progress.say("cluster: worker " + (index + 1) + " starting on " + host + " with " + WORKER_CORES + " cores");
  }

  private Map<String, String> env(String host, Path home) throws IOException {
    Map<String, String> env = new java.util.HashMap<>();
    env.put("SPARK_HOME", sparkHome.toString());
    // Without it the worker's launcher cannot build executor commands from a Maven-assembled SPARK_HOME.
    env.put("SPARK_SCALA_VERSION", "2.13");
    // Otherwise Spark resolves the machine's name and advertises (and binds) a non-loopback address.
    env.put("SPARK_LOCAL_IP", host);
    env.put("SPARK_LOG_DIR", home.toString());
    env.put("SPARK_WORKER_DIR", home.resolve("work").toString());
    return env;
  }

  private static String tmp(Path home) throws IOException {
    return Files.createDirectories(home.resolve("tmp")).toString();
  }

  /**
   * A worker that registers while the master is still in STANDBY is told so, and Spark retries it only after 5 to
   * 15 seconds (not configurable): two of three benchmark runs lost 11 s that way. So workers start once the master
   * is ALIVE.
   */
  private void awaitMasterAlive(Duration timeout) {
    BoundedWait.until("the master ALIVE in its own view (" + masterJsonUrl() + ")", timeout,
        () -> poll(() -> "ALIVE".equals(MasterStatus.state(masterJsonUrl())) ? Optional.of(true) : Optional.empty()),
        () -> describe(() -> "master state " + MasterStatus.state(masterJsonUrl())));
  }

  private void awaitAlive(int workers, Duration timeout) {
    BoundedWait.until(
        workers + " worker(s) ALIVE in the master's view (" + masterJsonUrl() + ")",
        timeout,
        () -> poll(() -> {
          List<MasterStatus.Worker> seen = MasterStatus.workers(masterJsonUrl());
          return MasterStatus.alive(seen) >= workers ? Optional.of(seen) : Optional.empty();
        }),
        this::describeWorkers);
    Progress.say("cluster: " + workers + " worker(s) ALIVE: " + describeWorkers());
  }

  private String describeWorkers() {
    return describe(() -> MasterStatus.workers(masterJsonUrl()).toString());
  }

  /** One question to the master's web UI. */
  private interface MasterQuery<T> {
    T ask() throws IOException, InterruptedException;
  }

  /** A probe of a bounded wait: fails when a cluster process died, and is empty while the UI does not answer. */
  private <T> Optional<T> poll(MasterQuery<Optional<T>> query) {
    for (Process process : processes) {
      if (!process.isAlive()) {
        throw new IllegalStateException("a cluster process (PID " + process.pid() + ") exited with code "
            + process.exitValue() + "; see the logs under " + dir);
      }
    }
    try {
      return query.ask();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** What the master's web UI says, for a time-out's message. */
  private String describe(MasterQuery<String> query) {
    try {
      return query.ask();
    } catch (IOException e) {
      return "master web UI not answering (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /**
   * Stops every process at once (a worker's shutdown ends its executors, and needs no master for that), forcibly
   * after a bound; then ends by PID any executor that outlived its worker.
   */
  @Override
  public synchronized void close() {
    List<ProcessHandle> children = new ArrayList<>();
    for (Process process : processes) {
      children.addAll(process.descendants().toList());
      process.destroy();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    try {
      for (Process process : processes) {
        if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
          process.destroyForcibly();
          process.waitFor(5, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      processes.forEach(Process::destroyForcibly);
    }
    for (ProcessHandle child : children) {
      if (child.isAlive()) {
        child.destroyForcibly();
      }
    }
    processes.clear();
  }

  static void requireSparkHome(Path sparkHome) {
    Path jars = sparkHome.resolve("jars");
    try (var list = Files.list(jars)) {
      if (list.noneMatch(p -> p.getFileName().toString().startsWith("spark-core_"))) {
        throw new IllegalStateException("no spark-core jar in " + jars + "; build the harness first (./sft does)");
      }
    } catch (IOException e) {
      throw new IllegalStateException("SPARK_HOME " + sparkHome + " has no jars/ folder; build the harness first"
          + " (./sft builds it, or ./mvnw -B -DskipTests package)", e);
    }
  }

  static void requirePortFree(String host, int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
    } catch (IOException e) {
      throw new IllegalStateException("port " + port + " on " + host + " is in use (" + e.getMessage()
          + "); is another cluster running? Choose another with --master-port");
    }
  }

  /** A port free right now on {@code host}; the small race with other programs is acceptable on a test machine. */
  static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("cannot find a free port on " + host + ": " + e.getMessage(), e);
    }
  }
}
