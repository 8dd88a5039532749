package dev.sft.harness.judge;

import dev.sft.contract.Check;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PinRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whether a pinned repetition took its pinned interleaving: an attempt must have published
 * {@link EvidenceLayout#PINNED}. One that did not (the hold was never reached, or gave up at its bound) took whatever
 * interleaving came, so its outcome says nothing about the pin: both sides are voided, Unknown for the rule
 * {@link #RULE} ("pin not reached"), which comparisons leave out as they do an Unknown of the environment.
 */
public final class PinJudge {
  /** The rule of a pinned repetition that did not take its interleaving. */
  public static final String RULE = Check.PIN_REACHED;

  private PinJudge() {}

  /** The pin the repetition in {@code dir} ran under, if any. */
  public static Optional<PinRecord> pinOf(Path dir) {
    Path file = dir.resolve(EvidenceLayout.PIN);
    return Files.isRegularFile(file) ? Optional.of(Markers.read(file, PinRecord.class)) : Optional.empty();
  }

  /** Judges the pin's hold: passed when reached, else both sides voided with the reason "pin not reached". */
  public static void judge(Checks checks, PinRecord pin, List<AttemptMarker> pinned) {
    if (!pinned.isEmpty()) {
      checks.check(Check.SCHEDULER, RULE, true, "pin " + pin.pin() + " held: " + pinned.stream()
          .map(m -> "TID " + m.attempt().taskAttemptId() + " " + m.detail()).toList());
      return;
    }
    String detail = "pin not reached: pin " + pin.pin() + " never held (" + pin.holds() + "), so this repetition"
        + " took an interleaving of its own and says nothing about " + pin.reproduces();
    checks.voidSide(Check.SCHEDULER, RULE, detail);
    checks.voidSide(Check.STORAGE, RULE, detail);
  }

  /** The attempts' {@link EvidenceLayout#PINNED} markers under {@code gates}. */
  public static List<AttemptMarker> pinnedMarkers(GatePaths gates) {
    return Markers.readChildren(gates.attempts(), EvidenceLayout.PINNED, AttemptMarker.class);
  }
}
