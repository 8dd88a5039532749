package dev.sft.harness.scenario;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.probe.GatePaths;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One repetition of one scenario while it runs: its evidence folder, its scheduler events, and the checks that
 * decide its two verdicts.
 */
public final class ScenarioRun {
  private final ScenarioName name;
  private final int repetition;
  private final Path dir;
  private final ScenarioContext context;
  private final long firstEventSeq;
  private final long startNanos = System.nanoTime();
  private final List<Check> checks = new ArrayList<>();

  ScenarioRun(ScenarioName name, int repetition, ScenarioContext context) {
    this.name = name;
    this.repetition = repetition;
    this.context = context;
    this.dir = context.runDir().resolve(name.id() + "-r" + repetition);
    this.firstEventSeq = context.events().nextSeq();
  }

  public Path dir() {
    return dir;
  }

  public GatePaths gates() {
    return new GatePaths(dir);
  }

  /** A table name unique within the run. */
  public String tableName() {
    return name.id().replace('-', '_') + "_r" + repetition;
  }

  public String jobGroup() {
    return jobGroup(name.id(), repetition);
  }

  /** The Spark job group of a scenario's monitored write; reports find the write's stages by it. */
  public static String jobGroup(String scenario, int repetition) {
    return "sft-" + scenario + "-r" + repetition;
  }

  public List<SchedulerEvent> events() {
    return context.events().since(firstEventSeq);
  }

  public Optional<SchedulerEvent> taskEnd(long tid) {
    return events().stream().filter(e -> e.isTaskEndOf(tid)).findFirst();
  }

  public Optional<SchedulerEvent> taskStart(long tid) {
    return events().stream()
        .filter(e -> SchedulerEvent.TASK_START.equals(e.type()) && e.taskId() != null && e.taskId() == tid)
        .findFirst();
  }

  public void phase(String message) {
    Progress.say(name.id() + " r" + repetition + ": " + message);
  }

  public void check(String side, String rule, boolean passed, String detail) {
    checks.add(new Check(side, rule, passed ? Verdict.Passed : Verdict.Failed, detail));
  }

  public void add(Check check) {
    checks.add(check);
  }

  public void unknown(String side, String rule, String detail) {
    checks.add(new Check(side, rule, Verdict.Unknown, detail));
  }

  /** A side with no checks at all has no evidence, which is Unknown, never Passed. */
  public Verdict verdict(String side) {
    List<Check> mine = checks.stream().filter(c -> c.side().equals(side)).toList();
    if (mine.isEmpty()) {
      return Verdict.Unknown;
    }
    return mine.stream().map(Check::verdict).reduce(Verdict.Passed, Verdict::and);
  }

  public ScenarioResult result(Counts counts, String failure) {
    Verdict scheduler = verdict(Check.SCHEDULER);
    Verdict storage = verdict(Check.STORAGE);
    List<String> notPassed = checks.stream()
        .filter(c -> c.verdict() != Verdict.Passed)
        .map(c -> c.side() + "/" + c.rule() + " " + c.verdict() + ": " + c.detail())
        .collect(Collectors.toList());
    if (failure != null) {
      notPassed.add(0, failure);
    }
    String message = notPassed.isEmpty()
        ? "all " + checks.size() + " checks passed"
        : String.join("; ", notPassed);
    return ScenarioResult.judged(name.id(), repetition, scheduler, storage,
        new ScenarioResult.Counts(counts.rows, counts.distinctIds, counts.newSnapshots, counts.acceptedMessages,
            counts.orphanFiles, counts.knownRejectedOrphans, counts.missingFiles),
        (System.nanoTime() - startNanos) / 1_000_000, dir.toString(), message, checks);
  }

  /** The report's counts; -1 means "not measured". */
  public static final class Counts {
    long rows = -1;
    long distinctIds = -1;
    int newSnapshots = -1;
    int acceptedMessages = -1;
    int orphanFiles = -1;
    int knownRejectedOrphans = -1;
    int missingFiles = -1;
  }
}
