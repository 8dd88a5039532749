package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.ClassDataSharing;
import dev.sft.harness.cluster.JavaModuleFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A driver JVM of {@code sft local} that dies without a report leaves every repetition it owed as Unknown. */
class DriverProcessTest {
  @Test
  void aDriverThatDiesWithoutAReportCountsEveryRepetitionOfEveryScenarioUnknown(@TempDir Path dir) throws Exception {
    // A SPARK_HOME without the harness: the driver JVM starts and dies at once, writing nothing.
    Path sparkHome = dir.resolve("spark-home");
    Files.createDirectories(sparkHome.resolve("jars"));
    Files.writeString(sparkHome.resolve("jars").resolve(JavaModuleFlags.FILE), "");
    Path shared = Files.createDirectories(dir.resolve("shared"));
    DriverRun driverRun = DriverRun.builder("local-1", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT,
            ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .repeat(3)
        .writer(WriterName.ICEBERG)
        .timeouts(60, 30)
        .interruptOnCancel(false)
        .cluster("spark://127.0.0.1:1", shared.toString())
        .killCommand("/bin/true")
        .driverHost("127.0.0.1")
        .build();

    HarnessDriver.Outcome outcome = new DriverProcess(sparkHome, dir.resolve("cluster"), driverRun, false, List.of(),
        ClassDataSharing.off()).run();

    List<ScenarioResult> results = outcome.report().scenarios();
    assertThat(results).extracting(r -> r.name() + " r" + r.repetition()).containsExactly(
        "executor-loss-task-replacement r1", "executor-loss-task-replacement r2", "executor-loss-task-replacement r3",
        "executor-loss-shuffle-loss r1", "executor-loss-shuffle-loss r2", "executor-loss-shuffle-loss r3");
    assertThat(results).allSatisfy(r -> {
      assertThat(r.scheduler()).isEqualTo(Verdict.Unknown);
      assertThat(r.storage()).isEqualTo(Verdict.Unknown);
      assertThat(r.message()).contains("without a report");
    });
    assertThat(outcome.report().passed()).isFalse();
    assertThat(outcome.exitCode()).isNotEqualTo(RunExitCode.PASSED);
  }

  @Test
  void aDriverOfSftLocalTakesNoDriverRunSettingFromTheUsersShell(@TempDir Path dir) {
    DriverRun driverRun = DriverRun.builder("local-1", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT))
        .writer(WriterName.ICEBERG)
        .timeouts(60, 30)
        .interruptOnCancel(false)
        .cluster("spark://127.0.0.1:1", dir.toString())
        .killCommand("/bin/true")
        .driverHost("127.0.0.1")
        .build();

    java.util.Map<String, String> env = new DriverProcess(dir, dir, driverRun, false, List.of(), ClassDataSharing.off())
        .environment();

    assertThat(env).containsEntry(dev.sft.contract.HarnessEnvironment.TERMINATION_LOG, null)
        .containsEntry(dev.sft.contract.HarnessEnvironment.EXECUTOR_CLASSPATH, null)
        .containsEntry(dev.sft.contract.HarnessEnvironment.LOCAL_DRIVER, "1")
        .containsEntry(dev.sft.harness.driver.Progress.ON_STDOUT, "1");
    assertThat(dev.sft.contract.HarnessEnvironment.DRIVER_RUN_SETTINGS).allSatisfy(name ->
        assertThat(env).containsEntry(name, null));
  }
}
