package dev.sft.e2e.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The simulator against fabric8's stock CRUD mock, with real podman and the real image (docker/build-images.sh):
 * the Spark master and workers as the controller specifies them, Jobs that fail, a Deployment that crash-loops,
 * DNS names that appear late, exec, rolling updates and garbage collection. Slow (about a minute); run with
 * {@code ./mvnw -B -ntp -o -Pe2e -pl e2e -am test -Dtest=SimulatorIT -Dsurefire.failIfNoSpecifiedTests=false}.
 * Pod IPs: 127.0.104.0/24. Logs of every container land in e2e/target/simulator-it/logs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SimulatorIT {
  private static final String NS = "sim";
  private static final String IMAGE = System.getProperty("sft.e2e.image", "localhost/sft/sft:e2e");
  private static final Path OUT = Paths.get("target", "simulator-it").toAbsolutePath();

  private static CrudMock mock;
  private static KubernetesClient client;
  private static Simulator simulator;

  @BeforeAll
  static void start() throws IOException {
    Podman podman = new Podman("it-probe");
    Podman.requireInstalled();
    assertThat(podman.imageExists(IMAGE)).as("image %s exists (build it with docker/build-images.sh)", IMAGE)
        .isTrue();
    mock = new CrudMock();
    client = mock.client;
    deleteTree(OUT);
    Files.createDirectories(OUT);
    simulator = Simulator.start(client, SimulatorConfig.of(OUT.resolve("state"), "127.0.104.0/24", "127.0.0.1",
        mock.server.getPort()).withServiceAccounts("-----BEGIN CERTIFICATE-----\nnot a real CA\n-----END CERTIFICATE-----\n",
        (ns, sa) -> "token-of-" + ns + "-" + sa));
  }

  @AfterAll
  static void stop() {
    if (simulator != null) {
      simulator.kubelet().dumpLogs(OUT.resolve("logs"));
      simulator.close();
      assertThat(simulator.kubelet().containerSummaries()).as("containers left after close").isEmpty();
    }
    if (mock != null) {
      mock.close();
    }
  }

  @Test
  @Order(1)
  void sparkClusterAsTheControllerSpecifiesItComesUpWithTwoAliveWorkers() throws Exception {
    String yaml = new String(resource("spark-cluster.yaml"), StandardCharsets.UTF_8).replace("IMAGE", IMAGE);
    for (HasMetadata item : client.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items()) {
      client.resource(item).inNamespace(NS).create();
    }
    waitReady("sim-master", 1);
    waitReady("sim-worker", 2);
    assertThat(client.persistentVolumeClaims().inNamespace(NS).withName("sim-shared").get().getStatus().getPhase())
        .isEqualTo("Bound");

    Pod master = client.pods().inNamespace(NS).withName("sim-master-0").get();
    assertThat(master.getSpec().getHostname()).isEqualTo("sim-master-0");
    assertThat(master.getSpec().getSubdomain()).isEqualTo("sim-master");
    String masterIp = master.getStatus().getPodIP();
    assertThat(masterIp).startsWith("127.0.104.");
    HttpClient http = HttpClient.newHttpClient();
    String json = BoundedWait.until("the master's /json/ to list 2 ALIVE workers", Duration.ofSeconds(60),
        () -> get(http, "http://" + masterIp + ":8080/json/"), body -> count(body, "\"state\"\\s*:\\s*\"ALIVE\"") == 2);
    for (String worker : List.of("sim-worker-0", "sim-worker-1")) {
      String ip = client.pods().inNamespace(NS).withName(worker).get().getStatus().getPodIP();
      assertThat(count(json, "\"host\"\\s*:\\s*\"" + ip.replace(".", "\\.") + "\"")).as(worker + " in " + json)
          .isEqualTo(1);
    }
  }

  @Test
  @Order(2)
  void harnessJobAsTheControllerSpecifiesItRunsAScenarioAndReportsThroughItsTerminationMessage()
      throws Exception {
    String yaml = new String(resource("harness-job.yaml"), StandardCharsets.UTF_8).replace("IMAGE", IMAGE);
    for (HasMetadata item : client.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items()) {
      client.resource(item).inNamespace(NS).create();
    }
    BoundedWait.until("harness job sim-r1-spec to finish", Duration.ofSeconds(240),
        () -> client.batch().v1().jobs().inNamespace(NS).withName("sim-r1-spec").get().getStatus(),
        status -> status != null && status.getConditions() != null && !status.getConditions().isEmpty());
    Pod pod = only(client.pods().inNamespace(NS).withLabel("job-name", "sim-r1-spec").list().getItems());
    ContainerStateTerminated terminated = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(terminated.getExitCode()).as("harness exit; message: %s", terminated.getMessage()).isZero();
    dev.sft.contract.Report report = dev.sft.contract.TerminationMessage.decode(terminated.getMessage());
    assertThat(report.runId()).isEqualTo("r1");
    assertThat(report.scenarios()).singleElement().satisfies(r -> {
      assertThat(r.name()).isEqualTo("speculation-original-wins");
      assertThat(r.passed()).as("verdicts of %s", r).isTrue();
    });
    assertThat(JobController.finished(client.batch().v1().jobs().inNamespace(NS).withName("sim-r1-spec").get()))
        .isTrue();
    assertThat(client.batch().v1().jobs().inNamespace(NS).withName("sim-r1-spec").get().getStatus().getSucceeded())
        .isEqualTo(1);
  }

  @Test
  @Order(3)
  void execRunsInTheContainerWithItsUserStdinAndExitCode() {
    ExecResult id = simulator.podExec().exec(NS, "sim-worker-0", "spark", List.of("id", "-u"), null);
    assertThat(id.exitCode()).isZero();
    assertThat(id.stdoutText().strip()).isEqualTo("185");
    ExecResult script = simulator.podExec().exec(NS, "sim-worker-0", null, List.of("sh", "-s", "--", "x"),
        "echo $((6 * 7)) $1; echo oops >&2; exit 5".getBytes(StandardCharsets.UTF_8));
    assertThat(script.exitCode()).isEqualTo(5);
    assertThat(script.stdoutText()).isEqualTo("42 x\n");
    assertThat(script.stderrText()).isEqualTo("oops\n");
    ExecResult env = simulator.podExec().exec(NS, "sim-worker-1", "spark", List.of("sh", "-c",
        "echo $SPARK_LOCAL_IP $KUBERNETES_SERVICE_HOST; hostname; touch /shared/from-worker-1"), null);
    String ip = client.pods().inNamespace(NS).withName("sim-worker-1").get().getStatus().getPodIP();
    assertThat(env.stdoutText()).isEqualTo(ip + " 127.0.0.1\nsim-worker-1\n");
    assertThat(simulator.podExec().exec(NS, "sim-worker-0", null, List.of("ls", "/shared"), null).stdoutText())
        .as("the ReadWriteMany claim is one folder in every pod").contains("from-worker-1");
    assertThat(simulator.podExec().exec(NS, "sim-worker-0", null, List.of("id", "-G"), null).stdoutText())
        .as("fsGroup as a supplementary group").contains("185");
    assertThat(simulator.podExec().exec(NS, "sim-worker-0", null, List.of("ls", PodVolumes.SERVICE_ACCOUNT_PATH),
        null).exitCode()).as("automountServiceAccountToken: false mounts no token").isNotZero();
    assertThatThrownBy(() -> simulator.podExec().exec(NS, "nope", null, List.of("true"), null))
        .isInstanceOf(java.util.NoSuchElementException.class);
    assertThatThrownBy(() -> simulator.podExec().exec(NS, "sim-worker-0", "other", List.of("true"), null))
        .isInstanceOf(java.util.NoSuchElementException.class).hasMessageContaining("has no container other");
  }

  @Test
  @Order(4)
  void theKillScriptRunsThroughExecWithTheImagesTools() throws IOException {
    // The harness's pod-exec transport runs this script as `sh -c SCRIPT sft-kill MODE PID EXECUTOR HOST TIMEOUT`;
    // PID 1 of a worker is the Worker JVM, so the identity check must refuse it, after reading its command line.
    String script = Files.readString(Paths.get("..", "harness-job", "src", "main", "resources", "dev", "sft",
        "harness", "kill", "kill-executor.sh"));
    ExecResult result = simulator.podExec().exec(NS, "sim-worker-0", "spark", List.of("sh", "-c",
        "REFUSED_IDENTITY=3; KILLED=0; NO_SUCH_PROCESS=4\n" + script, "sft-kill", "check", "1", "7", "h", "1000"),
        null);
    assertThat(result.stdoutText()).contains("cmdline=java ", "org.apache.spark.deploy.worker.Worker",
        "result=refused", "is not a Spark executor");
    assertThat(result.exitCode()).as(result.toString()).isEqualTo(3);
    assertThat(result.stderrText()).as("no tool missing from the image").isEmpty();
  }

  @Test
  @Order(5)
  void namesOfServicesCreatedAfterTheContainersStartedResolveInThem() {
    client.services().inNamespace(NS).resource(new ServiceBuilder().withNewMetadata().withName("late").endMetadata()
        .withNewSpec().withSelector(Map.of("sft.dev/test", "sim", "sft.dev/component", "master"))
        .addNewPort().withPort(8080).endPort().endSpec().build()).create();
    String masterIp = client.pods().inNamespace(NS).withName("sim-master-0").get().getStatus().getPodIP();
    for (String name : List.of("late", "late.sim", "late.sim.svc", "late.sim.svc.cluster.local",
        "sim-master-0.sim-master.sim.svc.cluster.local", "kubernetes.default.svc")) {
      ExecResult result = BoundedWait.until(name + " to resolve in sim-worker-0", Duration.ofSeconds(10),
          () -> simulator.podExec().exec(NS, "sim-worker-0", null, List.of("getent", "hosts", name), null),
          r -> r.exitCode() == 0);
      assertThat(result.stdoutText()).startsWith(name.startsWith("kubernetes") ? "127.0.0.1" : masterIp + " ");
    }
  }

  @Test
  @Order(6)
  void failingJobEndsFailedWithExitCodeAndTerminationMessage() {
    Job job = job("fails", "echo hello > /dev/termination-log; exit 3", null);
    Pod pod = finishedPodOf(job);
    ContainerStateTerminated terminated = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(terminated.getExitCode()).isEqualTo(3);
    assertThat(terminated.getReason()).isEqualTo("Error");
    assertThat(terminated.getMessage()).isEqualTo("hello\n");
    assertThat(pod.getStatus().getPhase()).isEqualTo("Failed");
    Job done = client.batch().v1().jobs().inNamespace(NS).withName("fails").get();
    assertThat(done.getStatus().getFailed()).isEqualTo(1);
    assertThat(done.getStatus().getConditions()).anySatisfy(c -> {
      assertThat(c.getType()).isEqualTo("Failed");
      assertThat(c.getReason()).isEqualTo("BackoffLimitExceeded");
    });
    assertThat(client.pods().inNamespace(NS).withLabel("job-name", "fails").list().getItems())
        .as("backoffLimit 0: one pod").hasSize(1);
  }

  @Test
  @Order(7)
  void fallbackToLogsOnErrorServiceAccountCompletionAndDeadlines() {
    Pod logs = finishedPodOf(job("last-words", "echo first; echo last words; exit 4", "FallbackToLogsOnError"));
    ContainerStateTerminated terminated = logs.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(terminated.getExitCode()).isEqualTo(4);
    assertThat(terminated.getMessage()).isEqualTo("first\nlast words\n");

    Pod sa = finishedPodOf(job("service-account", "d=/var/run/secrets/kubernetes.io/serviceaccount; "
        + "{ cat $d/token; echo; cat $d/namespace; echo; head -1 $d/ca.crt; } > /dev/termination-log", null));
    assertThat(sa.getStatus().getPhase()).isEqualTo("Succeeded");
    assertThat(sa.getStatus().getContainerStatuses().get(0).getState().getTerminated().getMessage())
        .isEqualTo("token-of-sim-default\nsim\n-----BEGIN CERTIFICATE-----\n");
    Job complete = client.batch().v1().jobs().inNamespace(NS).withName("service-account").get();
    assertThat(complete.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(complete.getStatus().getConditions()).extracting(c -> c.getType())
        .containsExactly("SuccessCriteriaMet", "Complete");

    Job slow = new JobBuilder(jobSpec("slow", "sleep 600", null)).editSpec().withActiveDeadlineSeconds(3L).endSpec()
        .build();
    client.batch().v1().jobs().inNamespace(NS).resource(slow).create();
    Job failed = BoundedWait.until("job slow to fail by its deadline", Duration.ofSeconds(40),
        () -> client.batch().v1().jobs().inNamespace(NS).withName("slow").get(), JobController::finished);
    assertThat(failed.getStatus().getConditions()).anySatisfy(c -> assertThat(c.getReason())
        .isEqualTo("DeadlineExceeded"));
    BoundedWait.until("the deadline-exceeded job's pod to be deleted", Duration.ofSeconds(60),
        () -> client.pods().inNamespace(NS).withLabel("job-name", "slow").list().getItems(), List::isEmpty);
  }

  @Test
  @Order(8)
  void deploymentRestartsItsExitingContainerAndReplacesDeletedPods() {
    client.apps().deployments().inNamespace(NS).resource(new DeploymentBuilder()
        .withNewMetadata().withName("crashy").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "crashy").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "crashy").endMetadata()
            .withNewSpec().withTerminationGracePeriodSeconds(1L).withNewSecurityContext().withRunAsUser(185L)
              .endSecurityContext()
              .addNewContainer().withName("main").withImage(IMAGE).withCommand("sh", "-c")
                .withArgs("touch /tmp/ok && ! touch /not-writable 2>/dev/null && sleep 2 && exit 1; exit 9")
                .withNewSecurityContext().withReadOnlyRootFilesystem(true).endSecurityContext()
                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
              .endContainer()
              .addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume()
            .endSpec().endTemplate().endSpec().build()).create();
    Pod restarted = BoundedWait.until("the crashy pod's container to be restarted", Duration.ofSeconds(60),
        () -> new Observed<>(only(client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems())),
        o -> restarts(o.pod()) >= 1).pod();
    var status = restarted.getStatus().getContainerStatuses().get(0);
    assertThat(status.getLastState().getTerminated().getExitCode())
        .as("exit 1 after the read-only root refused a write and /tmp took one").isEqualTo(1);
    assertThat(restarted.getStatus().getPhase()).isEqualTo("Running");

    client.pods().inNamespace(NS).resource(restarted).delete();
    BoundedWait.until("a new crashy pod to replace the deleted one", Duration.ofSeconds(30),
        () -> new Observed<>(only(client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems())),
        o -> o.pod() != null && !o.pod().getMetadata().getName().equals(restarted.getMetadata().getName()));
    client.apps().deployments().inNamespace(NS).withName("crashy").delete();
    BoundedWait.until("the garbage collector to delete the deleted Deployment's pod", Duration.ofSeconds(30),
        () -> client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems(), List::isEmpty);
  }

  @Test
  @Order(9)
  void httpProbesOnNamedPortsGateReadinessAndAFailingLivenessProbeRestarts() {
    // A Spark master in a Deployment, probed the way the chart probes the controller: startup and readiness by
    // httpGet on the named port; liveness on a path that answers 404 (Spark's UI answers 200 elsewhere), so the kubelet must restart the container.
    client.apps().deployments().inNamespace(NS).resource(new DeploymentBuilder()
        .withNewMetadata().withName("probed").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "probed").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "probed").endMetadata()
            .withNewSpec().withTerminationGracePeriodSeconds(5L).withNewSecurityContext().withRunAsUser(185L)
              .endSecurityContext()
              .addNewContainer().withName("ui").withImage(IMAGE)
                .withCommand("java", "-Xmx256m", "-cp", "/opt/spark/jars/*", "org.apache.spark.deploy.master.Master",
                    "--host", "$(POD_IP)", "--port", "7077", "--webui-port", "8080")
                .addNewEnv().withName("POD_IP").withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP")
                  .endFieldRef().endValueFrom().endEnv()
                .addNewEnv().withName("SPARK_LOCAL_IP").withValue("$(POD_IP)").endEnv()
                .addNewPort().withName("http").withContainerPort(8080).endPort()
                .withNewStartupProbe().withNewHttpGet().withPath("/json/").withNewPort("http").endHttpGet()
                  .withPeriodSeconds(1).withFailureThreshold(60).endStartupProbe()
                .withNewReadinessProbe().withNewHttpGet().withPath("/json/").withNewPort("http").endHttpGet()
                  .withPeriodSeconds(1).endReadinessProbe()
                .withNewLivenessProbe().withNewHttpGet().withPath("/static/no-such-file").withNewPort("http").endHttpGet()
                  .withInitialDelaySeconds(3).withPeriodSeconds(1).withFailureThreshold(2).endLivenessProbe()
              .endContainer()
            .endSpec().endTemplate().endSpec().build()).create();
    BoundedWait.until("the probed pod to become ready", Duration.ofSeconds(60),
        () -> new Observed<>(only(client.pods().inNamespace(NS).withLabel("app", "probed").list().getItems())),
        o -> o.pod() != null && Selectors.ready(o.pod()));
    Pod restarted = BoundedWait.until("the failing liveness probe to restart the container", Duration.ofSeconds(60),
        () -> new Observed<>(only(client.pods().inNamespace(NS).withLabel("app", "probed").list().getItems())),
        o -> restarts(o.pod()) >= 1).pod();
    assertThat(restarted.getStatus().getContainerStatuses().get(0).getLastState().getTerminated()).isNotNull();
    client.apps().deployments().inNamespace(NS).withName("probed").delete();
  }

  @Test
  @Order(10)
  void templateChangeRollsWorkersAndOwnerDeletionRemovesPods() {
    StatefulSet before = client.apps().statefulSets().inNamespace(NS).withName("sim-worker").get();
    String oldRevision = before.getStatus().getUpdateRevision();
    client.apps().statefulSets().inNamespace(NS).withName("sim-worker").edit(s -> {
      s.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()
          .add(new io.fabric8.kubernetes.api.model.EnvVar("ROLLED", "yes", null));
      return s;
    });
    StatefulSet rolled = BoundedWait.until("sim-worker to roll both pods to the new template", Duration.ofSeconds(120),
        () -> client.apps().statefulSets().inNamespace(NS).withName("sim-worker").get(),
        s -> s.getStatus() != null && !oldRevision.equals(s.getStatus().getUpdateRevision())
            && s.getStatus().getUpdateRevision().equals(s.getStatus().getCurrentRevision())
            && Integer.valueOf(2).equals(s.getStatus().getUpdatedReplicas())
            && Integer.valueOf(2).equals(s.getStatus().getReadyReplicas()));
    assertThat(rolled.getStatus().getObservedGeneration()).isEqualTo(rolled.getMetadata().getGeneration());
    assertThat(simulator.podExec().exec(NS, "sim-worker-0", null, List.of("sh", "-c", "echo $ROLLED"), null)
        .stdoutText()).isEqualTo("yes\n");

    client.apps().statefulSets().inNamespace(NS).withName("sim-master").delete();
    BoundedWait.until("the garbage collector to delete the master's pod and the kubelet its container",
        Duration.ofSeconds(60), () -> simulator.kubelet().containerSummaries(),
        list -> list.stream().noneMatch(c -> c.startsWith("sft-e2e-sim-sim-master-0 ")));
  }

  private static Job jobSpec(String name, String script, String terminationPolicy) {
    return new JobBuilder().withNewMetadata().withName(name).endMetadata()
        .withNewSpec().withBackoffLimit(0).withNewTemplate().withNewSpec().withRestartPolicy("Never")
          .withNewSecurityContext().withRunAsUser(185L).withRunAsNonRoot(true).endSecurityContext()
          .addNewContainer().withName("harness").withImage(IMAGE).withCommand("sh", "-c", script)
            .withTerminationMessagePolicy(terminationPolicy)
            .withNewSecurityContext().withReadOnlyRootFilesystem(true).endSecurityContext()
          .endContainer().endSpec().endTemplate().endSpec().build();
  }

  private static Job job(String name, String script, String terminationPolicy) {
    return client.batch().v1().jobs().inNamespace(NS).resource(jobSpec(name, script, terminationPolicy)).create();
  }

  private static Pod finishedPodOf(Job job) {
    String name = job.getMetadata().getName();
    BoundedWait.until("job " + name + " to finish", Duration.ofSeconds(60),
        () -> client.batch().v1().jobs().inNamespace(NS).withName(name).get(), JobController::finished);
    return only(client.pods().inNamespace(NS).withLabel("job-name", name).list().getItems());
  }

  private static void waitReady(String statefulSet, int replicas) {
    BoundedWait.until("StatefulSet " + statefulSet + " to have " + replicas + " ready replicas",
        Duration.ofSeconds(120), () -> {
          StatefulSet set = client.apps().statefulSets().inNamespace(NS).withName(statefulSet).get();
          return set.getStatus() + " containers " + simulator.kubelet().containerSummaries()
              + " pods " + client.pods().inNamespace(NS).list().getItems().stream()
                  .map(p -> p.getMetadata().getName() + "=" + (p.getStatus() == null ? "no status"
                      : p.getStatus().getPhase() + "/" + p.getStatus().getContainerStatuses())).toList()
              + " error " + simulator.lastError();
        }, seen -> seen.contains("readyReplicas=" + replicas + ","));
  }

  /** A pod as a wait reports it: name, phase, readiness and its container's state, not the whole object. */
  private record Observed<T extends Pod>(T pod) {
    @Override
    public String toString() {
      if (pod == null) {
        return "no single live pod";
      }
      var status = pod.getStatus();
      return pod.getMetadata().getName() + " phase " + (status == null ? null : status.getPhase()) + " ready "
          + Selectors.ready(pod) + " containers " + (status == null ? null : status.getContainerStatuses());
    }
  }

  private static int restarts(Pod pod) {
    return pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
        || pod.getStatus().getContainerStatuses().isEmpty() ? -1
        : pod.getStatus().getContainerStatuses().get(0).getRestartCount();
  }

  private static Pod only(List<Pod> pods) {
    List<Pod> live = pods.stream().filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    return live.size() == 1 ? live.get(0) : null;
  }

  private static String get(HttpClient http, String url) {
    try {
      return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.ofString()).body();
    } catch (IOException e) {
      return e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static int count(String text, String regex) {
    return (int) java.util.regex.Pattern.compile(regex).matcher(text).results().count();
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = SimulatorIT.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource " + name);
      }
      return in.readAllBytes();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
