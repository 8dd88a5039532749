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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

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
    } else if (olderAtHandoff(gates, me)) {
      if (!newFirst) {
        await(deadline, () -> acceptedOther(gates, me));
      }
    } else if (!olderStarted(gates, me) && claimGuard(gates)) {
      // The write's job ends when its last partition is accepted, and Spark then kills what still runs, the
      // dropped attempt too: one other partition waits until both attempts of the pinned one are over.
      await(Math.min(deadline, System.currentTimeMillis() + GUARD_MILLIS), () -> pairOver(gates, me));
    }
  }

  /** How long the job-end guard waits at most for the pinned pair (it holds one writer's core meanwhile). */
  static final long GUARD_MILLIS = 30_000;

  /**
   * Whether an older stage attempt's writer of this partition started: the pinned partition's re-executed attempt
   * (its old one may not have handed off yet) and the killed target's are no guard.
   */
  private static boolean olderStarted(GatePaths gates, AttemptIdentity me) {
    return markers(gates, EvidenceLayout.STARTED).stream().map(AttemptMarker::attempt)
        .anyMatch(a -> a.partition() == me.partition() && a.stageAttempt() < me.stageAttempt());
  }

  /** Whether this attempt is the one that keeps the job from ending (the first to ask; a file created once). */
  private static boolean claimGuard(GatePaths gates) {
    try {
      Files.createFile(gates.gates().resolve(GUARD));
      return true;
    } catch (java.nio.file.FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + gates.gates().resolve(GUARD), e);
    }
  }

  private static final String GUARD = "pin-job-end-guard";

  /** A partition other than this one whose old and re-executed attempts both handed off and are both over. */
  private static Optional<Boolean> pairOver(GatePaths gates, AttemptIdentity me) {
    List<AttemptIdentity> handedOff = markers(gates, EvidenceLayout.HANDOFF).stream().map(AttemptMarker::attempt)
        .filter(a -> a.partition() != me.partition()).toList();
    List<Long> over = markers(gates, EvidenceLayout.COMPLETED).stream().map(m -> m.attempt().taskAttemptId())
        .toList();
    for (AttemptIdentity old : handedOff) {
      boolean pairDone = old.stageAttempt() == 0 && over.contains(old.taskAttemptId()) && handedOff.stream()
          .anyMatch(a -> a.partition() == old.partition() && a.stageAttempt() > 0 && over.contains(a.taskAttemptId()));
      if (pairDone) {
        return Optional.of(true);
      }
    }
    return Optional.empty();
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
      // parkNanos returns on an interrupt and leaves it set (a sleep would clear it): the interrupt stays as sent.
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS));
      if (Thread.currentThread().isInterrupted()) {
        return Optional.empty();
      }
    }
  }
}
