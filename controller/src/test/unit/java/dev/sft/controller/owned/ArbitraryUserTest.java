package dev.sft.controller.owned;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ImageClassData;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenShift and other platforms that assign the pods' UID: the ids may be left unset, and a UID without a passwd entry
 * still gets a user name Spark and Hadoop accept.
 */
class ArbitraryUserTest {
  final SchedulerFailureTest test = TestResources.valid("ns1", "t1");
  final ResolvedSpec spec = ResolvedSpec.of(test.getSpec());

  @Test
  void unsetIdsAreLeftOutOfEveryPodForThePlatformToAssign() {
    PodSecurity platform = PodSecurity.of(null, null, null);
    List<PodSpec> pods = List.of(
        new MasterStatefulSet(platform, 0).desired(test, spec).getSpec().getTemplate().getSpec(),
        new WorkerStatefulSet(platform, 0).desired(test, spec).getSpec().getTemplate().getSpec(),
        StorageCheckJobManifest.desired(test, spec, platform, "t1-r1-storage", "t1-r1-abcd").getSpec()
            .getTemplate().getSpec());
    assertThat(pods).allSatisfy(pod -> {
      var context = pod.getSecurityContext();
      assertThat(context.getRunAsUser()).isNull();
      assertThat(context.getRunAsGroup()).isNull();
      assertThat(context.getFsGroup()).isNull();
      // Still "restricted": the platform's UID must not be root, and its fsGroup is applied without a full walk.
      assertThat(context.getRunAsNonRoot()).isTrue();
      assertThat(context.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
      assertThat(context.getFsGroupChangePolicy()).isEqualTo("OnRootMismatch");
    });
    var fixed = PodSecurity.of(1000L, 2000L, 3000L).restrictedPod();
    assertThat(List.of(fixed.getRunAsUser(), fixed.getRunAsGroup(), fixed.getFsGroup()))
        .containsExactly(1000L, 2000L, 3000L);
  }

  @Test
  void sparkPodsAndTheHarnessNameTheirUserAndStartOnceItHasAPasswdEntry() {
    List<PodSpec> pods = RenderedPods.all(test, spec);
    // Master, worker and harness run Spark (and Hadoop's login); the storage check only sh and coreutils.
    for (PodSpec pod : pods.subList(0, 3)) {
      Container container = pod.getContainers().get(0);
      assertThat(RenderedPods.env(container, "SPARK_USER")).isEqualTo("spark");
      assertThat(RenderedPods.env(container, "HADOOP_USER_NAME")).isEqualTo("spark");
      assertThat(RenderedPods.env(container, "HOME")).isEqualTo("/tmp");
      assertThat(container.getCommand()).startsWith("sh", "-c", ImageLayout.PASSWD_ENTRY_SCRIPT, "sft-user");
    }
    // The master's command, after the passwd wrapper: the class-data wrapper, then java.
    assertThat(pods.get(0).getContainers().get(0).getCommand().subList(4, 11)).containsExactly("sh", "-c",
        ImageLayout.CLASS_DATA_SCRIPT, "sft-class-data", ImageClassData.ARCHIVE, ImageClassData.CLASS_PATH, "java");
  }

  /**
   * The wrapper itself, run by sh as a UID with no passwd entry (a user namespace maps this process to UID 4242 in
   * group 0, as OpenShift runs pods), against a copy of the passwd file.
   */
  @Test
  void theWrapperAddsAnEntryForAnUnknownUidAndRunsTheCommandWithItsArguments(@TempDir Path dir) throws Exception {
    Path passwd = dir.resolve("passwd");
    Files.writeString(passwd, "root:x:0:0:root:/root:/bin/sh\n");
    Path out = dir.resolve("out");
    String script = ImageLayout.PASSWD_ENTRY_SCRIPT.replace("/etc/passwd", passwd.toString());
    List<String> command = new ArrayList<>(List.of("unshare", "--user", "--map-user=4242", "--map-group=0",
        "sh", "-c", script, "sft-user", "sh", "-c", "printf '%s|' \"$@\" > " + out, "inner", "a b", "$(POD_IP)"));
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new AssertionError("this test needs util-linux's unshare on PATH (Debian: util-linux)", e);
    }
    assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("unshare --user needs user namespaces: " + output).isZero();
    assertThat(Files.readString(passwd)).endsWith("\nspark:x:4242:0:sft:/tmp:/bin/false\n");
    assertThat(Files.readString(out)).isEqualTo("a b|$(POD_IP)|");
  }
}
