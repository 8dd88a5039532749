package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.owned.ChildResources;
import dev.sft.controller.owned.HarnessJobManifest;
import dev.sft.controller.owned.PodSecurity;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Creates a turn's harness Jobs, after the write-ahead write that names them all: for {@link RunHarnessJob}, and for
 * {@link AwaitCluster} when the first turn starts with its clusters' masters.
 */
@ApplicationScoped
public class TurnJobs {
  private final ChildResources children;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final PodSecurity security;
  private final Clock clock;

  public TurnJobs(ChildResources children, StatusWriter statusWriter, EventRecorder events, PodSecurity security,
      Clock clock) {
    this.children = children;
    this.statusWriter = statusWriter;
    this.events = events;
    this.security = security;
    this.clock = clock;
  }

  /** Marks {@code pending} as being created, writes the status, then creates them. */
  void create(StatusLedger ledger, List<HarnessJob> pending) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    for (HarnessJob job : pending) {
      job.state = JobState.Creating;
      job.startTime = clock.instant().toString();
    }
    boolean soak = ledger.runSpec().soak() != null;
    status.message = pending.stream().map(job -> running(job, soak)).collect(Collectors.joining("; "));
    Conditions.set(status, Conditions.HARNESS_COMPLETE, false, Reason.JobRunning, status.message,
        ledger.generation());
    statusWriter.write(test); // write-ahead: a restarted controller knows these Jobs may exist
    for (HarnessJob job : pending) {
      create(ledger, job);
      events.normal(test, Reason.HarnessJobCreated, running(job, soak));
    }
  }

  /** Creates {@code job}, whose creation the status already records. */
  void create(StatusLedger ledger, HarnessJob job) {
    children.createJob(ledger.test(), HarnessJobManifest.desired(ledger.test(), ledger.buildSpec(job), security,
        job.name, ledger.driverRun(job), ledger.comparisonOf(job)));
  }

  static String running(HarnessJob job, boolean soak) {
    String share = job.cluster == null ? "" : soak
        ? ", cluster " + job.cluster + ", at most " + job.repeat + " soak round(s) from round " + job.firstRepetition
        : ", cluster " + job.cluster + ", repetitions " + job.firstRepetition + " to "
            + (job.firstRepetition + job.repeat - 1);
    return "running harness Job " + job.name + " (" + (job.build == null ? "" : job.build + " build, ")
        + "speculation " + (job.speculation ? "on" : "off") + share + ")";
  }
}
