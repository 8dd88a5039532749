package dev.sft.controller.owned;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.WorkerAntiAffinity;
import dev.sft.controller.spark.ImageLayout;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The desired objects themselves: what each pod runs, and what the harness is allowed to do and reach. */
class OwnedResourcesTest {
  private static final PodSecurity SECURITY = RenderedPods.SECURITY;
  final SchedulerFailureTest test = named(TestResources.valid("ns1", "t1"));
  final ResolvedSpec spec = ResolvedSpec.of(test.getSpec());

  /**
   * Kubernetes lets the controller create the harness Role and its binding only with permissions it holds itself
   * (RBAC's escalation check; the chart grants it no escalate or bind): every rule of the harness Role, verb by verb
   * and name by name, must be held by one of the chart's controller rules in the same namespace.
   */
  @Test
  void theChartGrantsTheControllerEverythingTheHarnessRoleGrants() throws Exception {
    String helpers = java.nio.file.Files.readString(java.nio.file.Path.of("..", "charts", "sft-operator", "templates",
        "_helpers.tpl"));
    java.util.regex.Matcher block = java.util.regex.Pattern.compile(
        "\\{\\{- define \"sft-operator.rules\" -}}(.*?)\\{\\{- end -}}", java.util.regex.Pattern.DOTALL)
        .matcher(helpers);
    assertThat(block.find()).as("the chart's sft-operator.rules").isTrue();
    List<PolicyRule> chart = io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
        new java.io.ByteArrayInputStream(block.group(1).getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        new com.fasterxml.jackson.core.type.TypeReference<List<PolicyRule>>() { });
    assertThat(chart).as("the chart's controller rules").isNotEmpty();
    test.getSpec().spark.workers = 3;
    var harness = new HarnessRole().desired(test, ResolvedSpec.of(test.getSpec()));
    for (PolicyRule granted : harness.getRules()) {
      for (String group : granted.getApiGroups()) {
        for (String resource : granted.getResources()) {
          for (String verb : granted.getVerbs()) {
            List<String> names = granted.getResourceNames() == null || granted.getResourceNames().isEmpty()
                ? java.util.Collections.singletonList(null) : granted.getResourceNames();
            for (String name : names) {
              assertThat(chart).as("a chart rule holding %s %s/%s%s", verb, group, resource,
                  name == null ? "" : " " + name).anySatisfy(held -> {
                    assertThat(held.getApiGroups()).contains(group);
                    assertThat(held.getResources()).contains(resource);
                    assertThat(held.getVerbs()).contains(verb);
                    if (held.getResourceNames() != null && !held.getResourceNames().isEmpty()) {
                      assertThat(held.getResourceNames()).contains(name);
                    }
                  });
            }
          }
        }
      }
    }
  }

  @Test
  void theHarnessMayExecOnlyIntoThisTestsWorkerPodsByName() {
    test.getSpec().spark.workers = 3;
    var role = new HarnessRole().desired(test, ResolvedSpec.of(test.getSpec()));
    assertThat(role.getRules()).hasSize(2);
    PolicyRule pods = role.getRules().get(0);
    assertThat(pods.getResources()).containsExactly("pods");
    // fabric8's exec lists and watches the pod before it opens the exec.
    assertThat(pods.getVerbs()).containsExactlyInAnyOrder("get", "list", "watch");
    PolicyRule exec = role.getRules().get(1);
    assertThat(exec.getResources()).containsExactly("pods/exec");
    assertThat(exec.getVerbs()).containsExactlyInAnyOrder("create", "get");
    assertThat(exec.getResourceNames()).containsExactly("t1-worker-0", "t1-worker-1", "t1-worker-2");
    assertThat(role.getRules()).allSatisfy(r -> {
      assertThat(r.getApiGroups()).containsExactly("");
      assertThat(r.getVerbs()).doesNotContain("*", "delete", "update", "patch");
    });
    var binding = new HarnessRoleBinding().desired(test, spec);
    assertThat(binding.getRoleRef().getName()).isEqualTo("t1-harness");
    assertThat(binding.getSubjects()).singleElement().satisfies(s -> {
      assertThat(s.getKind()).isEqualTo("ServiceAccount");
      assertThat(s.getName()).isEqualTo("t1-harness");
      assertThat(s.getNamespace()).isEqualTo("ns1");
    });
  }

  @Test
  void theNetworkPolicyAdmitsOnlyThisTestsPodsPlusTheProbeToTheMasterUi() {
    var policy = new SparkNetworkPolicy().desired(test, spec);
    assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress");
    assertThat(policy.getSpec().getPodSelector().getMatchLabels()).containsExactlyEntriesOf(
        java.util.Map.of(Names.TEST_LABEL, "t1"));
    assertThat(policy.getSpec().getIngress()).singleElement().satisfies(fromPeers ->
        assertThat(fromPeers.getFrom()).singleElement().satisfies(peer -> {
          assertThat(peer.getPodSelector().getMatchLabels()).containsExactlyEntriesOf(
              java.util.Map.of(Names.TEST_LABEL, "t1"));
          assertThat(peer.getNamespaceSelector()).isNull();
        }));
    // The probe: only the master's pods, only its UI port, only from the controller's own namespace and pods.
    var probe = new ControllerProbePolicy("sft-system").desired(test, spec);
    assertThat(probe.getMetadata().getName()).isEqualTo("t1-probe");
    assertThat(probe.getSpec().getPodSelector().getMatchLabels()).containsExactlyInAnyOrderEntriesOf(
        java.util.Map.of(Names.TEST_LABEL, "t1", Names.COMPONENT_LABEL, Names.MASTER));
    assertThat(probe.getSpec().getIngress()).singleElement().satisfies(fromController -> {
      assertThat(fromController.getPorts()).singleElement().satisfies(p -> {
        assertThat(p.getPort().getIntVal()).isEqualTo(ImagePorts.MASTER_UI_PORT);
        assertThat(p.getProtocol()).isEqualTo("TCP");
      });
      assertThat(fromController.getFrom()).singleElement().satisfies(peer -> {
        assertThat(peer.getNamespaceSelector().getMatchLabels())
            .containsExactlyEntriesOf(java.util.Map.of("kubernetes.io/metadata.name", "sft-system"));
        assertThat(peer.getPodSelector().getMatchLabels())
            .containsExactlyEntriesOf(java.util.Map.of(Names.CONTROLLER_NAME_LABEL, Names.CONTROLLER_NAME));
      });
    });
  }

  @Test
  void everyPodMeetsThePodSecurityStandardRestricted() {
    for (PodSpec pod : RenderedPods.all(test, spec)) {
      assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
      assertThat(pod.getSecurityContext().getRunAsUser()).isNotZero();
      assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
      // A driver that applies fsGroup to a shared claim must not re-chown the whole claim on every mount.
      assertThat(pod.getSecurityContext().getFsGroupChangePolicy()).isEqualTo("OnRootMismatch");
      assertThat(pod.getHostNetwork()).isNotEqualTo(Boolean.TRUE);
      assertThat(pod.getHostPID()).isNotEqualTo(Boolean.TRUE);
      assertThat(pod.getHostIPC()).isNotEqualTo(Boolean.TRUE);
      assertThat(pod.getVolumes()).allSatisfy(v -> {
        assertThat(v.getHostPath()).isNull();
        assertThat(v.getPersistentVolumeClaim() != null || v.getEmptyDir() != null).isTrue();
      });
      for (Container c : pod.getContainers()) {
        var sc = c.getSecurityContext();
        assertThat(sc.getAllowPrivilegeEscalation()).isFalse();
        assertThat(sc.getPrivileged()).isNotEqualTo(Boolean.TRUE);
        assertThat(sc.getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(sc.getCapabilities().getAdd()).isNullOrEmpty();
        assertThat(sc.getRunAsNonRoot()).isTrue();
        assertThat(sc.getRunAsUser() == null || sc.getRunAsUser() != 0).as("not root").isTrue();
        if (c.getPorts() != null) {
          assertThat(c.getPorts()).allSatisfy(p -> assertThat(p.getHostPort()).isNull());
        }
      }
    }
  }

  @Test
  void sparkDaemonsAdvertiseTheirPodIpAndRunWithoutShuffleServiceDecommissionOrPushShuffle() {
    Container master = new MasterStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    Container worker = new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    assertThat(master.getCommand()).containsSubsequence("java", "-cp", "/opt/spark/jars/*",
        "org.apache.spark.deploy.master.Master", "--host", "$(POD_IP)", "--port", "7077", "--webui-port", "8080");
    assertThat(worker.getCommand()).containsSubsequence("-Dspark.worker.preferConfiguredMasterAddress=true", "-cp",
        "/opt/spark/jars/*", "org.apache.spark.deploy.worker.Worker");
    assertThat(worker.getCommand()).containsSubsequence("org.apache.spark.deploy.worker.Worker", "--host", "$(POD_IP)",
        "--cores", "2", "--memory", "2g").endsWith("spark://t1-master.ns1.svc:7077");
    for (Container c : List.of(master, worker)) {
      assertThat(c.getName()).isEqualTo(Names.SPARK_CONTAINER);
      assertThat(c.getCommand()).contains("-Dspark.ui.killEnabled=false", "-Xmx512m",
          "-Dspark.shuffle.service.enabled=false",
          "-Dspark.decommission.enabled=false", "-Dspark.shuffle.push.enabled=false");
      assertThat(RenderedPods.env(c, "SPARK_LOCAL_IP")).isEqualTo("$(POD_IP)");
      assertThat(RenderedPods.env(c, "SPARK_SCALA_VERSION")).isEqualTo("2.13");
      assertThat(RenderedPods.env(c, "SPARK_HOME")).isEqualTo("/opt/spark");
      assertThat(c.getEnv().get(0).getValueFrom().getFieldRef().getFieldPath()).isEqualTo("status.podIP");
    }
    assertThat(worker.getVolumeMounts()).anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/shared/sft"));
  }

  @Test
  void workerAntiAffinityFollowsTheSpec() {
    var workers = dev.sft.api.Names.componentSelector(test, dev.sft.api.Names.WORKER);
    assertThat(WorkerStatefulSet.antiAffinity(workers, WorkerAntiAffinity.None)).isNull();
    assertThat(WorkerStatefulSet.antiAffinity(workers, WorkerAntiAffinity.Preferred).getPodAntiAffinity()
        .getPreferredDuringSchedulingIgnoredDuringExecution()).hasSize(1);
    assertThat(WorkerStatefulSet.antiAffinity(workers, WorkerAntiAffinity.Required).getPodAntiAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()).singleElement()
        .satisfies(t -> assertThat(t.getTopologyKey()).isEqualTo("kubernetes.io/hostname"));
  }

  @Test
  void theHarnessJobRunsTheClientModeDriverOnceWithABoundedDeadline() {
    DriverRun run = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", false,
        List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS));
    Job job = HarnessJobManifest.desired(test, spec, SECURITY, "t1-r1-loss", run);
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(300L + 4 * 180 * 2);
    PodSpec pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    assertThat(pod.getServiceAccountName()).isEqualTo("t1-harness");
    Container harness = pod.getContainers().get(0);
    // The arguments are the contract's rendering, which sft run reads back equal (RunCommandRoundTripTest).
    List<String> expected = new java.util.ArrayList<>(
        List.of("sh", "-c", ImageLayout.PASSWD_ENTRY_SCRIPT, "sft-user", "/opt/sft/bin/sft"));
    expected.addAll(run.arguments());
    expected.addAll(List.of("--conf", "spark.driver.port=7078", "--conf", "spark.driver.blockManager.port=7079"));
    assertThat(harness.getCommand()).containsExactlyElementsOf(expected);
    assertThat(run).isEqualTo(DriverRun.builder("t1-r1-abcd", false,
            List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(DriverRun.DEFAULT_INTERRUPT_ON_CANCEL)
        .cluster("spark://t1-master.ns1.svc:7077", "/shared/sft")
        .killCommand("/opt/sft/bin/sft-kill-pod-exec")
        .driverHost("$(POD_IP)")
        .terminationLog("/dev/termination-log")
        .deadlineSeconds(900)
        .build());
    // The harness's own deadline is part of the driver run: argument and environment, nothing beside them.
    assertThat(harness.getCommand()).containsSequence("--deadline", "900");
    assertThat(harness.getEnv()).filteredOn(e -> e.getName().equals("SFT_DEADLINE_SECONDS")).hasSize(1);
    run.environment().forEach((name, value) -> assertThat(RenderedPods.env(harness, name)).as(name).isEqualTo(value));
    assertThat(harness.getTerminationMessagePath()).isEqualTo("/dev/termination-log");
    assertThat(RenderedPods.env(harness, "SFT_WORKER_SELECTOR")).isEqualTo("sft.dev/test=t1,sft.dev/component=worker");
    assertThat(harness.getEnv()).anySatisfy(e -> {
      assertThat(e.getName()).isEqualTo("SFT_NAMESPACE");
      assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace");
    });
    assertThat(RenderedPods.env(harness, "SFT_SPARK_CONTAINER")).isEqualTo("spark");
    assertThat(RenderedPods.env(harness, "COMET_SCHEDULER_SPECULATION_ENABLED")).isEqualTo("false");
    assertThat(job.getMetadata().getLabels()).containsEntry(Names.RUN_ID_LABEL, "t1-r1-abcd");
    assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).containsEntry(Names.HARNESS_JOB_LABEL,
        "t1-r1-loss");
  }

  @Test
  void interruptOnCancelFromTheResourceReachesTheHarnessAsArgumentAndEnvironment() {
    assertThat(HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS)).interruptOnCancel()).as("default, as the reference runs")
        .isTrue();
    test.getSpec().harness.interruptOnCancel = false;
    ResolvedSpec on = ResolvedSpec.of(test.getSpec());
    DriverRun run = HarnessJobManifest.driverRun(test, on, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    Container harness = HarnessJobManifest.desired(test, on, SECURITY, "t1-r1-spec", run).getSpec().getTemplate()
        .getSpec().getContainers().get(0);
    assertThat(harness.getCommand()).containsSequence("--interrupt-on-cancel", "false")
        .containsSequence("--kill-timeout", String.valueOf(DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS));
    assertThat(RenderedPods.env(harness, "SFT_INTERRUPT_ON_CANCEL")).isEqualTo("false");
  }

  @Test
  void knownFindingsFromTheResourceReachTheHarnessInline() {
    var entry = new dev.sft.api.SchedulerFailureTestSpec.KnownFindingSpec();
    entry.rule = "loser.no-files-left";
    entry.scenario = "speculation";
    entry.cause = List.of("loser-interrupted-abort");
    entry.reference = "https://github.com/apache/iceberg/issues/1";
    test.getSpec().knownFindings = List.of(entry);
    test.getSpec().failOnStale = 3;
    ResolvedSpec withKnown = ResolvedSpec.of(test.getSpec());
    DriverRun run = HarnessJobManifest.driverRun(test, withKnown, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    Container harness = HarnessJobManifest.desired(test, withKnown, SECURITY, "t1-r1-spec", run).getSpec()
        .getTemplate().getSpec().getContainers().get(0);
    assertThat(harness.getCommand()).containsSequence(DriverRun.KNOWN_FINDINGS_JSON_OPTION,
        "[{\"rule\":\"loser.no-files-left\",\"scenario\":\"speculation\",\"cause\":[\"loser-interrupted-abort\"],"
            + "\"reference\":\"https://github.com/apache/iceberg/issues/1\"}]")
        .doesNotContain("--strict")
        .as("the controller judges spec.failOnStale on the whole run").doesNotContain(DriverRun.FAIL_ON_STALE_OPTION);
  }

  @Test
  void aCommandOverrideReplacesOnlyTheCommand() {
    test.getSpec().harness.command = List.of("/opt/upstream/run-suite.sh");
    ResolvedSpec overridden = ResolvedSpec.of(test.getSpec());
    DriverRun run = HarnessJobManifest.driverRun(test, overridden, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    Container harness = HarnessJobManifest.desired(test, overridden, SECURITY, "t1-r1-spec", run).getSpec()
        .getTemplate()
        .getSpec().getContainers().get(0);
    assertThat(harness.getCommand()).containsExactly("sh", "-c", ImageLayout.PASSWD_ENTRY_SCRIPT, "sft-user",
        "/opt/upstream/run-suite.sh");
    assertThat(RenderedPods.env(harness, "COMET_SCHEDULER_MASTER")).isEqualTo("spark://t1-master.ns1.svc:7077");
    assertThat(RenderedPods.env(harness, "COMET_SCHEDULER_KILL_COMMAND")).isEqualTo("/opt/sft/bin/sft-kill-pod-exec");
  }



  private static SchedulerFailureTest named(SchedulerFailureTest t) {
    t.getMetadata().setUid("uid-1");
    return t;
  }
}
