package dev.sft.e2e.cluster;

import static dev.sft.e2e.cluster.SimulatedCluster.IMAGE;
import static dev.sft.e2e.cluster.SimulatedCluster.only;
import static dev.sft.e2e.cluster.SimulatedCluster.restarts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.cluster.SimulatedCluster.Observed;
import dev.sft.e2e.controllers.JobController;
import dev.sft.e2e.suite.Await;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.storage.CSIDriverBuilder;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The simulator's Job, Deployment and probe handling with real podman and the real image, against fabric8's stock
 * CRUD mock: a failing Job's exit code and termination message (also from its logs), the service-account mount and
 * Job completion, deadlines, a crash-looping Deployment, httpGet startup, readiness and liveness probes, and memory
 * limits as real cgroup limits (an OOM kill reported as OOMKilled), fsGroup on claims, and a root-owned claim. About
 * 30 s; run as {@link SparkOnSimulatorIT} says. Pod IPs: 127.0.105.0/24. Logs: e2e/target/simulator-it/workloads/logs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkloadsOnSimulatorIT {
  private static final String NS = "work";

  private static SimulatedCluster cluster;
  private static KubernetesClient client;
  private static Simulator simulator;

  @BeforeAll
  static void start() {
    cluster = new SimulatedCluster("workloads", "127.0.105.0/24");
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
  @Order(2)
  void fallbackToLogsOnErrorServiceAccountCompletionAndDeadlines() {
    Pod logs = finishedPodOf(job("last-words", "echo first; echo last words; exit 4", "FallbackToLogsOnError"));
    ContainerStateTerminated terminated = logs.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(terminated.getExitCode()).isEqualTo(4);
    assertThat(terminated.getMessage()).isEqualTo("first\nlast words\n");

    Pod sa = finishedPodOf(job("service-account", "d=/var/run/secrets/kubernetes.io/serviceaccount; "
        + "{ cat $d/token; echo; cat $d/namespace; echo; head -1 $d/ca.crt; } > /dev/termination-log", null));
    assertThat(sa.getStatus().getPhase()).isEqualTo("Succeeded");
    assertThat(sa.getStatus().getContainerStatuses().get(0).getState().getTerminated().getMessage())
        .isEqualTo("token-of-work-default\nwork\n-----BEGIN CERTIFICATE-----\n");
    Job complete = client.batch().v1().jobs().inNamespace(NS).withName("service-account").get();
    assertThat(complete.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(complete.getStatus().getConditions()).extracting(c -> c.getType())
        .containsExactly("SuccessCriteriaMet", "Complete");

    Job slow = new JobBuilder(jobSpec("slow", "sleep 600", null)).editSpec().withActiveDeadlineSeconds(3L).endSpec()
        .build();
    client.batch().v1().jobs().inNamespace(NS).resource(slow).create();
    Job failed = Await.until("job slow to fail by its deadline", Duration.ofSeconds(40),
        () -> client.batch().v1().jobs().inNamespace(NS).withName("slow").get(), JobController::finished);
    assertThat(failed.getStatus().getConditions()).anySatisfy(c -> assertThat(c.getReason())
        .isEqualTo("DeadlineExceeded"));
    Await.until("the deadline-exceeded job's pod to be deleted", Duration.ofSeconds(60),
        () -> client.pods().inNamespace(NS).withLabel("job-name", "slow").list().getItems(), List::isEmpty);
  }


  @Test
  @Order(3)
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
    Pod restarted = Await.until("the crashy pod's container to be restarted", Duration.ofSeconds(60),
        () -> new Observed(only(client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems())),
        o -> restarts(o.pod()) >= 1).pod();
    var status = restarted.getStatus().getContainerStatuses().get(0);
    assertThat(status.getLastState().getTerminated().getExitCode())
        .as("exit 1 after the read-only root refused a write and /tmp took one").isEqualTo(1);
    assertThat(restarted.getStatus().getPhase()).isEqualTo("Running");

    client.pods().inNamespace(NS).resource(restarted).delete();
    Await.until("a new crashy pod to replace the deleted one", Duration.ofSeconds(30),
        () -> new Observed(only(client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems())),
        o -> o.pod() != null && !o.pod().getMetadata().getName().equals(restarted.getMetadata().getName()));
    client.apps().deployments().inNamespace(NS).withName("crashy").delete();
    Await.until("the garbage collector to delete the deleted Deployment's pod", Duration.ofSeconds(30),
        () -> client.pods().inNamespace(NS).withLabel("app", "crashy").list().getItems(), List::isEmpty);
  }


  @Test
  @Order(4)
  void httpProbesOnNamedPortsGateReadinessAndAFailingLivenessProbeRestarts() {
    // A Spark master in a Deployment, probed the way the chart probes the controller: startup and readiness by
    // httpGet on the named port; liveness on a path that answers 404 (Spark's UI answers 200 elsewhere), so the
    // kubelet must restart the container.
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
                .withNewLivenessProbe()
                  .withNewHttpGet().withPath("/static/no-such-file").withNewPort("http").endHttpGet()
                  .withInitialDelaySeconds(3).withPeriodSeconds(1).withFailureThreshold(2).endLivenessProbe()
              .endContainer()
            .endSpec().endTemplate().endSpec().build()).create();
    Await.until("the probed pod to become ready", Duration.ofSeconds(60),
        () -> new Observed(only(client.pods().inNamespace(NS).withLabel("app", "probed").list().getItems())),
        o -> o.pod() != null && Selectors.ready(o.pod()));
    Pod restarted = Await.until("the failing liveness probe to restart the container", Duration.ofSeconds(60),
        () -> new Observed(only(client.pods().inNamespace(NS).withLabel("app", "probed").list().getItems())),
        o -> restarts(o.pod()) >= 1).pod();
    assertThat(restarted.getStatus().getContainerStatuses().get(0).getLastState().getTerminated()).isNotNull();
    client.apps().deployments().inNamespace(NS).withName("probed").delete();
  }

  @Test
  @Order(5)
  void limitsAreRealCgroupLimitsAndAContainerOverItsMemoryLimitEndsOomKilled() {
    Job hog = new JobBuilder(jobSpec("hog", "cat /sys/fs/cgroup/memory/memory.limit_in_bytes > /dev/termination-log; "
        + "exec dd if=/dev/zero of=/dev/null bs=256M count=1", null)).editSpec().editTemplate().editSpec()
        .editFirstContainer().withNewResources().addToLimits("memory", new Quantity("64Mi"))
          .addToLimits("cpu", new Quantity("500m")).endResources().endContainer().endSpec().endTemplate().endSpec()
        .build();
    Pod pod = finishedPodOf(client.batch().v1().jobs().inNamespace(NS).resource(hog).create());
    ContainerStateTerminated terminated = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(terminated.getMessage()).as("the container's memory cgroup limit").isEqualTo("67108864\n");
    assertThat(terminated.getReason()).isEqualTo("OOMKilled");
    assertThat(terminated.getExitCode()).isEqualTo(137);
    assertThat(pod.getStatus().getPhase()).isEqualTo("Failed");

    Pod fits = finishedPodOf(job("fits", "exec dd if=/dev/zero of=/dev/null bs=16M count=1", null));
    assertThat(fits.getStatus().getContainerStatuses().get(0).getState().getTerminated().getReason())
        .as("a container without limits is not limited").isEqualTo("Completed");
  }

  @Test
  @Order(6)
  void fsGroupOwnsTheClaimAsTheKubeletAppliesItAndARootOnlyClaimStaysUnwritable() {
    client.resource(new PersistentVolumeClaimBuilder().withNewMetadata().withName("shared").withNamespace(NS)
        .endMetadata().withNewSpec().withAccessModes("ReadWriteMany").endSpec().build()).create();
    Pod shared = finishedPodOf(client.batch().v1().jobs().inNamespace(NS).resource(withClaim(jobSpec("group-owned",
        "touch /data/written && stat -c %g:%a /data > /dev/termination-log", null), "shared", "OnRootMismatch"))
        .create());
    assertThat(shared.getStatus().getContainerStatuses().get(0).getState().getTerminated().getMessage())
        .as("group 185, setgid, group-writable").isEqualTo("185:2777\n");

    // A root-owned 0755 export whose driver takes no fsGroup (e.g. an NFS share): the product's
    // SharedStorageNotWritable case.
    client.resource(new StorageClassBuilder().withNewMetadata().withName("root-only").endMetadata()
        .withProvisioner("nfs.csi.k8s.io").addToParameters("mountPermissions", "0755").build()).create();
    client.resource(new CSIDriverBuilder().withNewMetadata().withName("nfs.csi.k8s.io").endMetadata()
        .withNewSpec().withFsGroupPolicy("None").endSpec().build()).create();
    client.resource(new PersistentVolumeClaimBuilder().withNewMetadata().withName("locked").withNamespace(NS)
        .endMetadata().withNewSpec().withStorageClassName("root-only").withAccessModes("ReadWriteMany").endSpec()
        .build()).create();
    Pod locked = finishedPodOf(client.batch().v1().jobs().inNamespace(NS).resource(withClaim(jobSpec("root-owned",
        "stat -c %u:%g:%a /data > /dev/termination-log; touch /data/written", null), "locked", null)).create());
    ContainerStateTerminated refused = locked.getStatus().getContainerStatuses().get(0).getState().getTerminated();
    assertThat(refused.getMessage()).isEqualTo("0:0:755\n");
    assertThat(refused.getExitCode()).as("touch as uid 185 on a root-owned 0755 folder").isNotZero();
  }

  /** The job's pod with fsGroup 185 and {@code claim} mounted at /data. */
  private static Job withClaim(Job job, String claim, String changePolicy) {
    return new JobBuilder(job).editSpec().editTemplate().editSpec().editSecurityContext().withFsGroup(185L)
        .withFsGroupChangePolicy(changePolicy).endSecurityContext()
        .addNewVolume().withName("data").withNewPersistentVolumeClaim().withClaimName(claim)
          .endPersistentVolumeClaim().endVolume()
        .editFirstContainer().addNewVolumeMount().withName("data").withMountPath("/data").endVolumeMount()
        .endContainer().endSpec().endTemplate().endSpec().build();
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
    Await.until("job " + name + " to finish", Duration.ofSeconds(60),
        () -> client.batch().v1().jobs().inNamespace(NS).withName(name).get(), JobController::finished);
    return only(client.pods().inNamespace(NS).withLabel("job-name", name).list().getItems());
  }
}
