package dev.sft.harness.judge;

import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.CommitMarker;
import dev.sft.harness.evidence.UnattributedMessage;
import java.util.ArrayList;
import java.util.List;

/** Synthetic probe evidence of one write, built marker by marker. */
final class Evidence {
  final List<AttemptMarker> started = new ArrayList<>();
  final List<AttemptMarker> handoffs = new ArrayList<>();
  final List<AttemptMarker> paused = new ArrayList<>();
  final List<AttemptMarker> heldBeforeInput = new ArrayList<>();
  final List<AttemptMarker> released = new ArrayList<>();
  final List<AttemptMarker> aborted = new ArrayList<>();
  final List<AttemptMarker> gateTimeouts = new ArrayList<>();
  final List<AttemptMarker> completed = new ArrayList<>();
  final List<AcceptedMessage> accepted = new ArrayList<>();
  final List<AcceptedMessage> duplicateAccepted = new ArrayList<>();
  final List<UnattributedMessage> unattributed = new ArrayList<>();
  final List<CommitMarker> commits = new ArrayList<>();

  /** Stage 3 attempt 0 unless said otherwise; the executor is named after the host's last digit. */
  static AttemptIdentity attempt(int partition, long tid, int attemptNumber, String executor) {
    return new AttemptIdentity(3, 0, partition, tid, attemptNumber, executor, "host-" + executor, 100 + tid);
  }

  static AttemptMarker marker(String event, AttemptIdentity attempt, List<String> files) {
    return new AttemptMarker(event, attempt, files.stream().map(f -> new AttemptMarker.FileState(f, 10)).toList(),
        1, null);
  }

  static String file(AttemptIdentity attempt, int n) {
    return String.format("/data/%05d-%d-op-%05d.parquet", attempt.partition(), attempt.taskAttemptId(), n);
  }

  /** A successful, accepted attempt: started, handed off its one file, accepted, completed. */
  Evidence winner(AttemptIdentity attempt) {
    List<String> files = List.of(file(attempt, 1));
    started.add(marker("started", attempt, List.of()));
    handoffs.add(marker("handoff", attempt, files));
    accepted.add(new AcceptedMessage(attempt, files, 2));
    completed.add(marker("completed", attempt, List.of()));
    return this;
  }

  Evidence commit(boolean succeeded, int messages) {
    commits.add(new CommitMarker(succeeded, messages, 3, null));
    return this;
  }

  WriteEvidence build() {
    return new WriteEvidence(started, handoffs, paused, heldBeforeInput, released, aborted, gateTimeouts, completed,
        accepted, duplicateAccepted, unattributed, commits);
  }
}
