package dev.sft.harness.run;

import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.operation.Operations;
import dev.sft.harness.scenario.Scenario;
import dev.sft.harness.scenario.ScenarioContext;
import dev.sft.harness.scenario.Scenarios;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which one driver run runs its repetitions: {@code --repeat N} runs each cell N times, cell after cell;
 * a soak ({@code --until-failure}) runs every cell once per round, round after round, until a repetition fails or
 * its bound is reached. Either way the harness deadline stops what has not started.
 */
final class Repetitions {
  private final RunOptions options;
  private final ScenarioContext context;
  private final RunDeadline deadline;
  private final Instant start;

  Repetitions(RunOptions options, ScenarioContext context, RunDeadline deadline, Instant start) {
    this.options = options;
    this.context = context;
    this.deadline = deadline;
    this.start = start;
  }

  List<ScenarioResult> run() {
    return options.run().soak() == null ? fixed() : soak(options.run().soak());
  }

  private List<ScenarioResult> fixed() {
    List<ScenarioResult> results = new ArrayList<>();
    for (ScenarioName name : options.scenarios()) {
      for (WriteOperation operation : options.run().operations()) {
        for (int repetition : options.run().repetitionNumbers(name)) {
          results.add(one(name, operation, repetition));
        }
      }
    }
    return results;
  }

  /** Round after round; a cell that runs once by nature (the control) runs in the first round only. */
  private List<ScenarioResult> soak(Soak soak) {
    List<ScenarioResult> results = new ArrayList<>();
    KnownFindings known = options.run().knownFindings();
    for (int round = 1; ; round++) {
      if (!soak.mayStart(round, Duration.between(start, Instant.now()))) {
        Progress.say("soak: bound reached (" + soak.describe() + ") after " + (round - 1) + " round(s)");
        return results;
      }
      if (deadline.passed(Instant.now())) {
        Progress.say("soak: the harness deadline has passed after " + (round - 1) + " round(s)");
        return results;
      }
      Progress.say("soak: round " + round);
      for (ScenarioName name : options.scenarios()) {
        if (name.control() && round > 1) {
          continue;
        }
        for (WriteOperation operation : options.run().operations()) {
          ScenarioResult result = one(name, operation, round);
          results.add(result);
          if (Soak.ends(known.classify(options.writer().id(), result))) {
            Progress.say("soak: stopped at the first failure, " + result.cell() + " #" + round + " ("
                + result.outcome() + ")");
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
      return deadline.notStarted(name, operation, repetition, options.runDir().toString());
    }
    Scenario scenario = Scenarios.create(name);
    return scenario.run(context, Operations.create(operation), repetition);
  }
}
