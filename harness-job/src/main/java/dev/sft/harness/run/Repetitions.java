package dev.sft.harness.run;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.operation.Operations;
import dev.sft.harness.scenario.ScenarioContext;
import dev.sft.harness.scenario.Scenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The order in which one driver run runs its repetitions: {@code --repeat N} runs each cell N times, cell after cell;
 * a soak ({@code --until-failure}) runs every cell once per round, round after round, until a repetition fails or
 * its bound is reached. Either way the harness deadline stops what has not started.
 */
final class Repetitions {
  /** Runs one repetition of one cell: on a driver, the scenario on the SparkContext. */
  @FunctionalInterface
  interface Runner {
    ScenarioResult run(ScenarioName name, WriteOperation operation, int repetition);
  }

  private final DriverRun driverRun;
  private final String evidence;
  private final Runner runner;
  private final DriverRunDeadline deadline;
  private final Instant start;

  /** @param evidence where a repetition that never started points for its evidence: the run's folder */
  Repetitions(DriverRun driverRun, String evidence, Runner runner, DriverRunDeadline deadline, Instant start) {
    this.driverRun = driverRun;
    this.evidence = evidence;
    this.runner = runner;
    this.deadline = deadline;
    this.start = start;
  }

  /** The scenarios of a driver run on its SparkContext. */
  static Runner onDriver(ScenarioContext context) {
    return (name, operation, repetition) -> Scenarios.create(name).run(context, Operations.create(operation),
        repetition);
  }

  List<ScenarioResult> run() {
    return driverRun.soak() == null ? fixed() : soak(driverRun.soak());
  }

  private List<ScenarioResult> fixed() {
    List<ScenarioResult> results = new ArrayList<>();
    for (ScenarioName name : driverRun.scenarios()) {
      for (WriteOperation operation : driverRun.operations()) {
        for (int repetition : driverRun.repetitionNumbers()) {
          results.add(one(name, operation, repetition));
        }
      }
    }
    return results;
  }

  /**
   * Round after round, every cell (a control too) once per round; a share of a soak spread over clusters runs every
   * {@link Soak#stride}-th round from its first and stops, too, once another share stopped at a failure.
   */
  private List<ScenarioResult> soak(Soak soak) {
    List<ScenarioResult> results = new ArrayList<>();
    KnownFindings known = driverRun.knownFindings();
    Optional<SharedSoakEnd> sharedEnd = SharedSoakEnd.of(soak);
    int rounds = 0;
    for (int round = driverRun.firstRepetition(); ; round += soak.stride()) {
      if (!soak.mayStart(round, Duration.between(start, Instant.now()))) {
        Progress.say("soak: bound reached (" + soak.describe() + ") after " + rounds + " round(s)");
        return results;
      }
      if (deadline.passed(Instant.now())) {
        Progress.say("soak: the harness deadline has passed after " + rounds + " round(s)");
        return results;
      }
      Optional<String> elsewhere = sharedEnd.flatMap(SharedSoakEnd::reached);
      if (elsewhere.isPresent()) {
        Progress.say("soak: another cluster stopped at the first failure, " + elsewhere.get() + "; stopping after "
            + rounds + " round(s)");
        return results;
      }
      Progress.say("soak: round " + round);
      rounds++;
      for (ScenarioName name : driverRun.scenarios()) {
        for (WriteOperation operation : driverRun.operations()) {
          ScenarioResult result = one(name, operation, round);
          results.add(result);
          if (Soak.ends(known.classify(driverRun.writer().id(), result))) {
            Progress.say("soak: stopped at the first failure, " + result.cell() + " #" + round + " ("
                + result.outcome() + ")");
            sharedEnd.ifPresent(end -> end.end(result, driverRun.cluster()));
            return results;
          }
        }
      }
    }
  }

  private ScenarioResult one(ScenarioName name, WriteOperation operation, int repetition) {
    if (deadline.passed(Instant.now())) {
      Progress.say(name.id() + " " + operation.id() + " #" + repetition
          + " not started: the harness deadline has passed");
      return deadline.notStarted(name, operation, repetition, evidence);
    }
    return runner.run(name, operation, repetition);
  }
}
