package dev.sft.e2e.cluster;

import static dev.sft.e2e.cluster.SimulatedCluster.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.e2e.apiserver.exec.ExecResult;
import dev.sft.e2e.controllers.JobController;
import dev.sft.e2e.node.volumes.PodVolumes;
import dev.sft.e2e.suite.Await;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The simulator with real podman and the real image (docker/build-images.sh), against fabric8's stock CRUD mock: the
 * Spark master and two workers and a harness Job exactly as the controller specifies them (test resources
 * spark-cluster.yaml and harness-job.yaml), exec and the kill script through it, DNS names that appear late, a
 * rolling update of the workers and garbage collection. About 100 s; run with
 * {@code ./mvnw -B -ntp -o -Pe2e -pl e2e -am test -Dtest='*OnSimulatorIT' -Dsurefire.failIfNoSpecifiedTests=false}.
 * Pod IPs: 127.0.104.0/24. Container logs: e2e/target/simulator-it/spark/logs. Tagged extended
 * ({@code e2e/run.sh --all}): the operator suite runs the same parts through the controller.
 */
@Tag("extended")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkOnSimulatorIT {
  private static final String NS = "sim";

  private static SimulatedCluster cluster;
  private static KubernetesClient client;
  private static Simulator simulator;

  @BeforeAll
  static void start() {
    cluster = new SimulatedCluster("spark", "127.0.104.0/24");
    client = cluster.client;
    simulator = cluster.simulator;
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  @Order(1)
  void sparkClusterAsTheControllerSpecifiesItComesUpWithTwoAliveWorkers() throws Exception {
    cluster.apply("spark-cluster.yaml", NS);
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
    String json = Await.until("the master's /json/ to list 2 ALIVE workers", Duration.ofSeconds(60),
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
    cluster.apply("harness-job.yaml", NS);
    Await.until("harness job sim-r1-spec to finish", Duration.ofSeconds(240),
        () -> client.batch().v1().jobs().inNamespace(NS).withName("sim-r1-spec").get().getStatus(),
        status -> status != null && status.getConditions() != null && !status.getConditions().isEmpty());
    Pod pod = only(client.pods().inNamespace(NS).withLabel("job-name", "sim-r1-spec").list().getItems());
    ContainerStateTerminated terminated = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    dev.sft.contract.Report report = dev.sft.contract.TerminationMessage.decode(terminated.getMessage());
    assertThat(report.runId()).isEqualTo("r1");
    // The termination message carries the cells, not the repetitions (TerminationMessage: bounded by construction).
    assertThat(report.stats()).singleElement().satisfies(cell -> {
      assertThat(cell.name()).isEqualTo("speculation-original-wins");
      assertThat(cell.runs()).isEqualTo(1);
      assertThat(cell.verdicts().keySet()).as("scheduler verdict of %s", cell).allMatch(v -> v.startsWith("Passed/"));
    });
    dev.sft.contract.ScenarioStats cell = report.stats().get(0);
    // Storage passes, or fails by exactly the writer's interrupted abort (Iceberg 1.11 leaves a speculative loser's
    // files some of the time; docs/scenarios.md), and the exit code says which.
    boolean writerFinding = cell.latestFailure() != null
        && cell.latestFailure().message().startsWith("storage/loser.no-files-left Failed")
        && cell.latestFailure().message().contains("ran an interrupted abort");
    if (!writerFinding) {
      assertThat(cell.passed()).as("verdicts of %s", cell).isEqualTo(1);
    }
    assertThat(terminated.getExitCode()).as("harness exit; message: %s", terminated.getMessage())
        .isEqualTo(writerFinding ? 1 : 0);
    var job = client.batch().v1().jobs().inNamespace(NS).withName("sim-r1-spec").get();
    assertThat(JobController.finished(job)).isTrue();
    if (writerFinding) {
      assertThat(job.getStatus().getFailed()).isEqualTo(1);
    } else {
      assertThat(job.getStatus().getSucceeded()).isEqualTo(1);
    }
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
    // PID 1 of a worker is the Worker JVM, so the identity check must refuse it, after reading its command line, and
    // never signal it.
    String script = Files.readString(Paths.get("..", "harness-job", "src", "main", "resources", "dev", "sft",
        "harness", "kill", "kill-executor.sh"));
    ExecResult result = simulator.podExec().exec(NS, "sim-worker-0", "spark", List.of("sh", "-c",
        "REFUSED_IDENTITY=3; KILLED=0; NO_SUCH_PROCESS=4\n" + script, "sft-kill", "kill", "1", "7", "h", "1000"),
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
      ExecResult result = Await.until(name + " to resolve in sim-worker-0", Duration.ofSeconds(10),
          () -> simulator.podExec().exec(NS, "sim-worker-0", null, List.of("getent", "hosts", name), null),
          r -> r.exitCode() == 0);
      assertThat(result.stdoutText()).startsWith(name.startsWith("kubernetes") ? "127.0.0.1" : masterIp + " ");
    }
  }


  @Test
  @Order(6)
  void templateChangeRollsWorkersAndOwnerDeletionRemovesPods() {
    StatefulSet before = client.apps().statefulSets().inNamespace(NS).withName("sim-worker").get();
    String oldRevision = before.getStatus().getUpdateRevision();
    client.apps().statefulSets().inNamespace(NS).withName("sim-worker").edit(s -> {
      s.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()
          .add(new io.fabric8.kubernetes.api.model.EnvVar("ROLLED", "yes", null));
      return s;
    });
    StatefulSet rolled = Await.until("sim-worker to roll both pods to the new template", Duration.ofSeconds(120),
        () -> client.apps().statefulSets().inNamespace(NS).withName("sim-worker").get(),
        s -> s.getStatus() != null && !oldRevision.equals(s.getStatus().getUpdateRevision())
            && s.getStatus().getUpdateRevision().equals(s.getStatus().getCurrentRevision())
            && Integer.valueOf(2).equals(s.getStatus().getUpdatedReplicas())
            && Integer.valueOf(2).equals(s.getStatus().getReadyReplicas()));
    assertThat(rolled.getStatus().getObservedGeneration()).isEqualTo(rolled.getMetadata().getGeneration());
    assertThat(simulator.podExec().exec(NS, "sim-worker-0", null, List.of("sh", "-c", "echo $ROLLED"), null)
        .stdoutText()).isEqualTo("yes\n");

    client.apps().statefulSets().inNamespace(NS).withName("sim-master").delete();
    Await.until("the garbage collector to delete the master's pod and the kubelet its container",
        Duration.ofSeconds(60), () -> simulator.kubelet().containerSummaries(),
        list -> list.stream().noneMatch(c -> c.startsWith("sft-e2e-sim-sim-master-0 ")));
  }

  private static void waitReady(String statefulSet, int replicas) {
    Await.until("StatefulSet " + statefulSet + " to have " + replicas + " ready replicas",
        Duration.ofSeconds(120), () -> {
          StatefulSet set = client.apps().statefulSets().inNamespace(NS).withName(statefulSet).get();
          return set.getStatus() + " containers " + simulator.kubelet().containerSummaries()
              + " pods " + client.pods().inNamespace(NS).list().getItems().stream()
                  .map(p -> p.getMetadata().getName() + "=" + (p.getStatus() == null ? "no status"
                      : p.getStatus().getPhase() + "/" + p.getStatus().getContainerStatuses())).toList()
              + " error " + simulator.lastError();
        }, seen -> seen.contains("readyReplicas=" + replicas + ","));
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
}
