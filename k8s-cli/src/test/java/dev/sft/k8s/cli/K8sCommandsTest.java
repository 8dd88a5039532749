package dev.sft.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.contract.RunExitCode;
import dev.sft.k8s.KubeClients;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code sft k8s status} and {@code wait} as a user runs them (the client jar's command line), through a kubeconfig,
 * against fabric8's mock API server (CRUD store): the table or the resource, and one line with exit 4 for each way the
 * cluster can fail them, exit 2 for bad input.
 */
@EnableKubernetesMockClient(crud = true)
class K8sCommandsTest {
  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir
  Path dir;
  MockCluster cluster;
  Path kubeconfig;

  private record Outcome(int exit, String out, String err) {}

  @BeforeEach
  void kubeconfig() throws Exception {
    cluster = new MockCluster(client, dir);
    kubeconfig = cluster.kubeconfig();
  }

  private Outcome sftK8s(String... args) {
    CommandLine cli = K8sCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int exit = cli.execute(args);
    return new Outcome(exit, out.toString(), err.toString());
  }

  @Test
  void statusPrintsTheTableOfTheTestInTheContextsNamespace() throws Exception {
    cluster.installCrd();
    cluster.store(MockCluster.failedRun());
    Outcome o = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString());
    assertThat(o.err).isEmpty();
    assertThat(o.exit).as("status prints whatever the verdict").isZero();
    assertThat(o.out).startsWith("SCENARIO").contains("executor-loss-shuffle-loss").contains("RESULT: NOT PASSED")
        .contains("evidence: /shared/sft/nightly-r3-1a2b/ on claim evidence-rwx");

    // --context picks another context, and with it that context's namespace, where there is no such test.
    Outcome other = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "--context", "other");
    assertThat(other.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(other.err).contains("namespace elsewhere");
  }

  @Test
  void statusOutputJsonAndYamlPrintTheTypedResourceWhole() throws Exception {
    cluster.installCrd();
    cluster.store(MockCluster.failedRun());
    Outcome json = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "-o", "json");
    assertThat(json.err).isEmpty();
    assertThat(json.exit).isZero();
    SchedulerFailureTest fromJson = KubeClients.SERIALIZATION.unmarshal(json.out, SchedulerFailureTest.class);
    assertThat(fromJson.getMetadata().getName()).isEqualTo("nightly");
    assertThat(fromJson.getStatus().phase).isEqualTo(Phase.Failed);
    assertThat(fromJson.getStatus().runId).isEqualTo("nightly-r3-1a2b");
    assertThat(json.out).startsWith("{").doesNotContain("RESULT:");

    Outcome yaml = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "--output", "yaml");
    assertThat(yaml.exit).isZero();
    SchedulerFailureTest fromYaml = KubeClients.SERIALIZATION.unmarshal(yaml.out, SchedulerFailureTest.class);
    assertThat(KubeClients.SERIALIZATION.asJson(fromYaml)).isEqualTo(KubeClients.SERIALIZATION.asJson(fromJson));

    Outcome table = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "-o", "table");
    assertThat(table.out).isEqualTo(sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString()).out)
        .startsWith("SCENARIO");

    Outcome unknown = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "-o", "wide");
    assertThat(unknown.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(unknown.err.lines().toList()).hasSize(2).last().isEqualTo(
        "Try 'sft k8s status --help' for more information.");
    assertThat(unknown.err).contains("wide").contains("table, json, yaml");
  }

  @Test
  void aMissingTestAndAMissingCrdEachGiveOneLineAndExit4() {
    Outcome noCrd = sftK8s("status", "nightly", "-n", "staging", "--kubeconfig", kubeconfig.toString());
    assertThat(noCrd.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(noCrd.err.lines()).hasSize(1);
    assertThat(noCrd.err).contains("the sft CRD is not installed");

    cluster.installCrd();
    Outcome noTest = sftK8s("wait", "nightly", "-n", "staging", "--kubeconfig", kubeconfig.toString());
    assertThat(noTest.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(noTest.err.strip()).isEqualTo("sft k8s wait: no SchedulerFailureTest nightly in namespace staging "
        + "(kubectl get sft -n staging lists them)");
  }

  @Test
  void noPermissionGivesTheServersRefusalAndExit4() {
    server.expect().get().withPath("/apis/sft.dev/v1alpha1/namespaces/staging/schedulerfailuretests/nightly")
        .andReturn(403, """
            {"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,
             "message":"schedulerfailuretests.sft.dev \\"nightly\\" is forbidden: User \\"ci\\" cannot get resource"}
            """).always();
    Outcome o = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString());
    assertThat(o.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(o.err.lines()).hasSize(1);
    assertThat(o.err).startsWith("sft k8s status: forbidden: cannot get schedulerfailuretest nightly in namespace "
        + "staging (RBAC):").contains("User \"ci\" cannot get resource");
  }

  @Test
  void noClusterGivesOneLineAndExit4() throws Exception {
    // Nothing listens on port 1 of the loopback address.
    Path nowhere = cluster.kubeconfig("https://127.0.0.1:1");
    Outcome o = sftK8s("wait", "nightly", "--kubeconfig", nowhere.toString(), "--timeout", "5s");
    assertThat(o.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(o.err.strip()).startsWith("sft k8s wait: cannot reach the API server at https://127.0.0.1:1")
        .endsWith(": connection refused").doesNotContain("\n");
  }

  @Test
  void badArgumentsExit2BeforeAnyRequest() {
    Outcome timeout = sftK8s("wait", "nightly", "--kubeconfig", kubeconfig.toString(), "--timeout", "soon");
    assertThat(timeout.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(timeout.err.lines().toList()).hasSize(2).first().asString().startsWith("sft k8s wait: error: ")
        .contains("'--timeout'").contains("'soon' is not a duration (90s, 5m, 1h30m, PT5M or a number of seconds)");

    Outcome zero = sftK8s("wait", "nightly", "--kubeconfig", kubeconfig.toString(), "--poll", "0");
    assertThat(zero.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(zero.err.strip()).isEqualTo("sft k8s wait: error: --poll must be longer than zero");
    assertThat(sftK8s("fetch", "nightly", "--kubeconfig", kubeconfig.toString(), "--out", dir.resolve("o").toString(),
        "--copy-timeout", "PT0S").exit).isEqualTo(RunExitCode.USAGE.code());

    Outcome missing = sftK8s("status", "nightly", "--kubeconfig", dir.resolve("nope").toString());
    assertThat(missing.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(missing.err).contains("--kubeconfig").contains("is not a readable file");

    Outcome context = sftK8s("status", "nightly", "--kubeconfig", kubeconfig.toString(), "--context", "nope");
    assertThat(context.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(context.err).contains("--context nope");

    Outcome root = sftK8s("fetch", "nightly", "--kubeconfig", kubeconfig.toString(), "--out",
        dir.resolve("out").toString(), "--run-as-user", "0");
    assertThat(root.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(root.err).contains("--run-as-user must not be 0");

    assertThat(sftK8s("status").exit).as("NAME is required").isEqualTo(RunExitCode.USAGE.code());
    assertThat(server.getRequestCount()).as("no request was made").isZero();
  }

  @Test
  void waitReturnsTheVerdictsCodeAndTableOnceTheRunOfTheGenerationSeenEnds() throws Exception {
    ObjectNode test = MockCluster.failedRun();
    cluster.store(test);
    long applied = cluster.storedGeneration();
    // A spec change applied a moment ago: the status still shows the run before's Failed.
    ((ObjectNode) test.get("status")).put("observedGeneration", applied - 1).put("runGeneration", applied - 1);
    cluster.store(test);
    assertThat(cluster.storedGeneration()).isEqualTo(applied);
    Thread controller = new Thread(() -> {
      try {
        Thread.sleep(300);
        ObjectNode running = test.deepCopy();
        ((ObjectNode) running.get("status")).put("observedGeneration", applied).put("runGeneration", applied)
            .put("runId", "nightly-r4-5e5e").put("phase", "Running").put("summary", "0/60");
        cluster.store(running);
        Thread.sleep(300);
        ObjectNode succeeded = running.deepCopy();
        ((ObjectNode) succeeded.get("status")).put("phase", "Succeeded").put("summary", "60/60").put("known", 0);
        cluster.store(succeeded);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    controller.start();
    Outcome o = sftK8s("wait", "nightly", "--kubeconfig", kubeconfig.toString(), "--timeout", "30s",
        "--poll", "50ms");
    controller.join();
    assertThat(o.exit).as(o.err).isEqualTo(RunExitCode.PASSED.code());
    // Progress on stderr, the result on stdout: 'sft k8s wait ... > out.txt' keeps only the table.
    assertThat(o.err).contains("waiting for the controller to observe generation " + applied + " (it has seen "
        + (applied - 1) + ")")
        .contains("nightly: Running 0/60").contains("run nightly-r4-5e5e Succeeded").doesNotContain("RESULT:");
    assertThat(o.out).startsWith("SCENARIO").contains("\nRESULT: PASSED\n").doesNotContain("RESULT: NOT PASSED")
        .doesNotContain("[sft ");
  }

  @Test
  void waitOnARunThatFailedExits1AndOnOneThatNeverEndsTimesOutWithExit4() throws Exception {
    ObjectNode failedRun = MockCluster.failedRun();
    cluster.store(failedRun);
    ((ObjectNode) failedRun.get("status")).put("observedGeneration", cluster.storedGeneration())
        .put("runGeneration", cluster.storedGeneration());
    cluster.store(failedRun);
    Outcome failed = sftK8s("wait", "nightly", "--kubeconfig", kubeconfig.toString(), "--poll", "50ms");
    assertThat(failed.exit).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    assertThat(failed.out).contains("RESULT: NOT PASSED");

    ObjectNode running = failedRun.deepCopy();
    ((ObjectNode) running.get("status")).put("phase", "Running");
    cluster.store(running);
    Outcome timedOut = sftK8s("wait", "nightly", "--kubeconfig", kubeconfig.toString(), "--timeout", "400ms",
        "--poll", "50ms");
    assertThat(timedOut.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(timedOut.err).contains("timed out after 400ms");
    assertThat(timedOut.out).contains("RESULT: NOT FINISHED (phase Running");
  }

  @Test
  void everyOptionOfEveryK8sCommandIsExplainedInItsHelp() {
    CommandLine k8s = K8sCli.commandLine();
    assertThat(k8s.getSubcommands()).containsOnlyKeys("status", "wait", "fetch");
    for (CommandLine command : k8s.getSubcommands().values()) {
      for (var option : command.getCommandSpec().options()) {
        assertThat(String.join(" ", option.description())).as("%s %s", command.getCommandName(), option.longestName())
            .isNotBlank();
      }
      StringWriter help = new StringWriter();
      command.usage(new PrintWriter(help));
      assertThat(help.toString()).as(command.getCommandName()).contains("--kubeconfig", "--context", "--namespace")
          .doesNotContain("${DEFAULT-VALUE}");
    }
    StringWriter wait = new StringWriter();
    k8s.getSubcommands().get("wait").usage(new PrintWriter(wait));
    assertThat(wait.toString().replaceAll("\\s+", " ")).contains("(default 1h)").contains("2 bad arguments, or the test's spec is invalid");
  }
}
