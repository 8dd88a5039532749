package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.JvmProcess;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * What the controller and {@code sft local} render with {@link DriverRun#arguments}, {@code sft run} reads back as
 * the same driver run: the request half of the contract has one definition, and this is its round trip.
 */
class RunCommandRoundTripTest {
  private static final KnownFindings KNOWN = KnownFindings.parse("[{\"rule\": \"loser.no-files-left\","
      + " \"scenario\": \"speculation\", \"cause\": [\"loser-interrupted-abort\", \"loser-abort-left-files\"],"
      + " \"operation\": \"merge-dv\", \"message\": \"interrupted \\\"abort\\\"\","
      + " \"reference\": \"https://github.com/apache/iceberg/issues/1\"}]", "test");

  private static DriverRun parse(List<String> arguments) {
    assertThat(arguments.get(0)).isEqualTo(DriverRun.COMMAND);
    // The whole CLI, so that its converters (the durations') apply.
    CommandLine cli = SftCli.commandLine();
    cli.parseArgs(arguments.toArray(String[]::new));
    return ((RunCommand) cli.getSubcommands().get(DriverRun.COMMAND).getCommand()).driverRun();
  }

  @Test
  void everyPlannedRunOfEveryScenarioSetReadsBackEqual() {
    List<List<ScenarioName>> sets = new ArrayList<>();
    ScenarioName[] all = ScenarioName.values();
    for (int mask = 1; mask < 1 << all.length; mask++) {
      List<ScenarioName> set = new ArrayList<>();
      for (int i = 0; i < all.length; i++) {
        if ((mask & 1 << i) != 0) {
          set.add(all[i]);
        }
      }
      sets.add(set);
    }
    int checked = 0;
    for (List<ScenarioName> set : sets) {
      // As the controller renders them: pod-exec kill command, $(POD_IP), the termination log, a deadline.
      for (DriverRun planned : DriverRun.plan(set, (speculation, group) -> DriverRun.builder("t1-r1-abcd", speculation,
          group)
          .repeat(3)
          .writer(WriterName.COMET_NATIVE)
          .timeouts(240, 45)
          .interruptOnCancel(true)
          .cluster("spark://t1-master.ns1.svc:7077", "/shared/sft")
          .killCommand("/opt/sft/bin/sft-kill-pod-exec")
          .driverHost("$(POD_IP)")
          .terminationLog("/dev/termination-log")
          .deadlineSeconds(2100 + group.size())
          .notAfter(java.time.Instant.parse("2026-12-02T08:35:00Z"))
          .knownFindings(KNOWN, group.size() % 2 == 0, group.size() % 3)
          .pins(pinsFor(group))
          .build())) {
        assertThat(parse(planned.arguments())).isEqualTo(planned);
        assertThat(planned.deadlineSeconds()).isPositive();
        assertThat(planned.notAfter()).isNotNull();
        checked++;
      }
      // As sft local renders them: no termination log, no deadline.
      for (DriverRun planned : DriverRun.plan(set, (speculation, group) -> DriverRun.builder("local-1", speculation,
          group)
          .writer(WriterName.ICEBERG)
          .timeouts(180, 30)
          .interruptOnCancel(false)
          .cluster("spark://127.0.0.1:7077", "/tmp/out/shared")
          .killCommand("/tmp/out/kill")
          .driverHost("127.0.0.1")
          .build())) {
        assertThat(parse(planned.arguments())).isEqualTo(planned);
        assertThat(planned.deadlineSeconds()).isEqualTo(DriverRun.NO_DEADLINE);
        assertThat(planned.arguments()).doesNotContain("--deadline");
        checked++;
      }
    }
    // 3 speculation scenarios and 5 speculation-off ones (each family's control among them): 7 speculation-only
    // sets, 31 speculation-off sets, 7 x 31 mixed sets of two runs.
    assertThat(checked).isEqualTo(2 * (7 + 31 + 2 * 217));
  }

  /** One pin for each pinnable scenario of {@code group}, the shuffle loss's either way by the group's size. */
  private static List<Pin> pinsFor(List<ScenarioName> group) {
    List<Pin> pins = new ArrayList<>();
    if (group.contains(ScenarioName.SPECULATION_ORIGINAL_WINS)
        || group.contains(ScenarioName.SPECULATION_SPECULATIVE_WINS)) {
      pins.add(Pin.LOSER_ABORT_INTERRUPTED);
    }
    if (group.contains(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)) {
      pins.add(group.size() % 2 == 0 ? Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST : Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
    }
    return pins;
  }

  @Test
  void aPinReadsBackAndAPinOfAScenarioNotRunIsRefused() {
    DriverRun pinned = parse(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1",
        "--scenarios", "speculation-original-wins", "--pin", "loser-abort-interrupted"));
    assertThat(pinned.pins()).containsExactly(Pin.LOSER_ABORT_INTERRUPTED);
    assertThat(pinned.arguments()).containsSubsequence("--pin", "loser-abort-interrupted");
    assertThat(parse(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1",
        "--scenarios", "speculation-original-wins")).pins()).isEmpty();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--speculation", "false", "--scenarios", "executor-loss-shuffle-loss", "--pin",
        "loser-abort-interrupted")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("loser-abort-interrupted")
        .hasMessageContaining("speculation-original-wins");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--pin", "no-such-pin")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown pin 'no-such-pin'");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--speculation", "false", "--scenarios", "executor-loss-shuffle-loss",
        "--pin", "shuffle-loss-old-attempt-first", "--pin", "shuffle-loss-new-attempt-first")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one pin per scenario");
  }

  @Test
  void aClusterOfSeveralReadsBackEqualAndASingleClustersRunNamesNone() {
    DriverRun single = DriverRun.builder("r1", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .writer(dev.sft.contract.WriterName.ICEBERG).timeouts(60, 30).cluster("spark://h:7077", "/s").build();
    DriverRun onCluster3 = single.toBuilder().clusterIndex(3).repeat(4).firstRepetition(13).build();

    assertThat(onCluster3.arguments()).containsSubsequence(DriverRun.CLUSTER_OPTION, "3");
    assertThat(parse(onCluster3.arguments())).isEqualTo(onCluster3);
    assertThat(single.arguments()).doesNotContain(DriverRun.CLUSTER_OPTION);
    assertThat(parse(single.arguments()).cluster()).isNull();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> single.toBuilder().clusterIndex(-1).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--cluster must be at least 0");
  }

  @Test
  void aShareOfASpreadSoakReadsBackEqualAndItsOptionsNeedASoak() {
    DriverRun single = DriverRun.builder("r1", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .writer(dev.sft.contract.WriterName.ICEBERG).timeouts(60, 30).cluster("spark://h:7077", "/s").build();
    dev.sft.contract.Soak soak = new dev.sft.contract.Soak(40, java.time.Duration.ofMinutes(30))
        .share(3, java.time.Duration.ofMinutes(15), "/s/r1-c0/soak-end.txt");
    DriverRun share = single.toBuilder().clusterIndex(2).soak(soak).firstRepetition(3).build();

    assertThat(share.arguments()).containsSubsequence(dev.sft.contract.Soak.STRIDE_OPTION, "3",
        dev.sft.contract.Soak.SHARED_END_OPTION, "/s/r1-c0/soak-end.txt");
    assertThat(parse(share.arguments())).isEqualTo(share);
    assertThat(share.mostRepetitions()).as("rounds 3, 6, … 39").hasValue(13);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
            "--shared-root", "/s", dev.sft.contract.Soak.STRIDE_OPTION, "2")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("give them with --until-failure");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
            "--shared-root", "/s", "--until-failure", "--max-repeat", "4", dev.sft.contract.Soak.STRIDE_OPTION, "2")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--soak-stride needs --soak-end-file");
  }

  @Test
  void withoutScenariosARunTakesTheReferenceScenariosOfItsSpeculationSetting() {
    DriverRun driverRun = parse(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1",
        "--speculation", "false"));
    assertThat(driverRun.scenarios()).containsExactly(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT,
        ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
    assertThat(driverRun.killTimeoutSeconds()).isEqualTo(DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS).isEqualTo(30);
    assertThat(driverRun.interruptOnCancel()).isEqualTo(DriverRun.DEFAULT_INTERRUPT_ON_CANCEL).isTrue();
    assertThat(driverRun.deadlineSeconds()).isEqualTo(DriverRun.NO_DEADLINE);
  }

  @Test
  void aNegativeDeadlineIsRefusedWithTheOptionsName() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--deadline", "-5")))
        .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("--deadline")
        .hasMessageContaining("'-5' is not a duration");
  }

  @Test
  void aNotAfterThatIsNoInstantIsRefusedWithTheOptionsName() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--not-after", "in ten minutes")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--not-after")
        .hasMessageContaining("in ten minutes");
  }

  @Test
  void operationsReadBackEqualAndAllSelectsTheMatrix() {
    DriverRun matrix = DriverRun.builder("t1-r1-abcd", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .repeat(2)
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(false)
        .cluster("spark://h:7077", "/s")
        .operations(WriteOperation.all())
        .build();
    assertThat(parse(matrix.arguments())).isEqualTo(matrix);
    DriverRun all = parse(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1",
        "--speculation", "true", "--scenarios", "all", "--operations", "all"));
    assertThat(all.operations()).containsExactlyElementsOf(WriteOperation.all());
    assertThat(all.scenarios()).allMatch(ScenarioName::needsSpeculation);
    assertThat(parse(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1"))
        .operations()).containsExactly(WriteOperation.DEFAULT);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(List.of("run", "--master", "spark://h:7077",
        "--shared-root", "/s", "--operations", "append,upsert")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown operation 'upsert'");
  }

  @Test
  void allTakesEveryScenarioOfTheRunsSpeculationSetting() {
    List<String> common = List.of("run", "--master", "spark://h:7077", "--shared-root", "/s", "--run-id", "r1",
        "--scenarios", "all", "--speculation");
    List<String> loss = new ArrayList<>(common);
    loss.add("false");
    assertThat(parse(loss).scenarios()).containsExactlyElementsOf(
        ScenarioName.faults().stream().filter(s -> !s.needsSpeculation()).toList())
        .contains(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF).noneMatch(ScenarioName::control);
    List<String> withControl = new ArrayList<>(loss);
    withControl.add("--control");
    assertThat(parse(withControl).scenarios()).as("the control of each loss family, in this driver run")
        .contains(ScenarioName.CONTROL_EXECUTOR_LOSS, ScenarioName.CONTROL_SHUFFLE_LOSS)
        .doesNotContain(ScenarioName.CONTROL_SPECULATION);
    List<String> speculation = new ArrayList<>(common);
    speculation.add("true");
    assertThat(parse(speculation).scenarios()).containsExactly(ScenarioName.SPECULATION_ORIGINAL_WINS,
        ScenarioName.SPECULATION_SPECULATIVE_WINS);
    speculation.add("--control");
    assertThat(parse(speculation).scenarios()).as("the speculation family's control, in the speculation-on run")
        .containsExactly(ScenarioName.SPECULATION_ORIGINAL_WINS, ScenarioName.SPECULATION_SPECULATIVE_WINS,
            ScenarioName.CONTROL_SPECULATION);
  }

  @Test
  void theClusterCodeStartsTheCliByItsRealName() {
    assertThat(JvmProcess.SFT_CLI_MAIN).isEqualTo(SftCli.class.getName());
  }
}
