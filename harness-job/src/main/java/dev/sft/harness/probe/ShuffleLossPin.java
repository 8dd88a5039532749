package dev.sft.harness.probe;

import dev.sft.contract.Pin;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The holds of {@link Pin#SHUFFLE_LOSS_OLD_ATTEMPT_FIRST} and {@link Pin#SHUFFLE_LOSS_NEW_ATTEMPT_FIRST}. Where the
 * race is decided (Spark 4.1): after the executor loss, the writer stage runs again as a later stage attempt for the
 * partitions not yet finished, while the old stage attempt's writer of the other partition may still be running. If
 * both commit, the DAGScheduler takes whichever result arrives first ({@code job.finished(outputId)}) and drops the
 * other, whose files stay. Holding the old attempt at handoff keeps its partition unfinished, so the later stage
 * attempt runs it too; the order of the two results is then the pin's.
 *
 * <p>Each hold waits after the writer's {@code commit()} returned, before the result goes to the driver, at most the
 * spec's bound; it then returns as if it had never waited, so a hold that is not satisfied changes nothing but time
 * (and the repetition, with no {@link EvidenceLayout#PINNED} marker, is "pin not reached"). A kill's interrupt ends the
 * wait with the interrupt left pending.
 */
final class ShuffleLossPin {
  private static final long POLL_MILLIS = 20;

  private ShuffleLossPin() {}

  /** At handoff of any writer attempt under either pin. */
  static void atHandoff(AttemptProbe probe, List<String> files) {
    ProbeSpec spec = probe.spec();
    boolean newFirst = spec.pins(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
    if (!newFirst && !spec.pins(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST)) {
      return;
    }
    AttemptIdentity me = probe.attempt();
    GatePaths gates = spec.paths();
    long deadline = System.currentTimeMillis() + spec.timeoutMillis();
    if (me.stageAttempt() == 0) {
      // Old first: until the re-executed attempt has committed too (a started one is still killed when the old
      // result ends the stage). New first: until the driver has accepted the re-executed attempt's message.
      String reached = newFirst ? EvidenceLayout.STARTED : EvidenceLayout.HANDOFF;
      Optional<AttemptIdentity> newer = await(deadline,
          () -> markers(gates, reached).stream().map(AttemptMarker::attempt)
              .filter(a -> a.partition() == me.partition() && a.stageAttempt() > me.stageAttempt()).findFirst());
      if (newer.isEmpty()) {
        return;
      }
      if (newFirst && await(deadline, () -> acceptedOther(gates, me)).isEmpty()) {
        return;
      }
      probe.publish(EvidenceLayout.PINNED, files, (newFirst ? Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST
          : Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST).id() + ": held the old stage attempt's TID " + me.taskAttemptId()
          + " at handoff until the re-executed TID " + newer.get().taskAttemptId()
          + (newFirst ? " had started and the driver had accepted its message" : " had committed too"));
    } else if (!newFirst && olderAtHandoff(gates, me)) {
      await(deadline, () -> acceptedOther(gates, me));
    }
  }

  /** Whether an older stage attempt's writer of this partition has handed off (the one the pin holds). */
  private static boolean olderAtHandoff(GatePaths gates, AttemptIdentity me) {
    return markers(gates, EvidenceLayout.HANDOFF).stream().map(AttemptMarker::attempt)
        .anyMatch(a -> a.partition() == me.partition() && a.stageAttempt() < me.stageAttempt());
  }

  /** The driver's accepted message of another attempt of this partition, if any yet. */
  private static Optional<Path> acceptedOther(GatePaths gates, AttemptIdentity me) {
    String prefix = "p" + me.partition() + "-t";
    String mine = EvidenceLayout.attemptFolder(me.partition(), me.taskAttemptId());
    return list(gates.accepted()).stream()
        .filter(p -> {
          String name = p.getFileName().toString();
          return name.startsWith(prefix) && !name.startsWith(mine + ".") && !name.startsWith(".");
        })
        .findFirst();
  }

  private static List<AttemptMarker> markers(GatePaths gates, String marker) {
    return Markers.readChildren(gates.attempts(), marker, AttemptMarker.class);
  }

  private static List<Path> list(Path dir) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      List<Path> all = new java.util.ArrayList<>();
      entries.forEach(all::add);
      return all;
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  /** Polls until {@code found} has a value or the deadline passes; an interrupt ends it, left pending. */
  private static <T> Optional<T> await(long deadline, java.util.function.Supplier<Optional<T>> found) {
    while (true) {
      Optional<T> value = found.get();
      if (value.isPresent() || System.currentTimeMillis() > deadline) {
        return value;
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
    }
  }
}
