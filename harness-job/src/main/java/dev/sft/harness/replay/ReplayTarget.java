package dev.sft.harness.replay;

import dev.sft.contract.Finding;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What {@code sft replay} reproduces and under which pin: the source repetition's findings whose cause a pin
 * reproduces ({@link Pin#reproduces}). A pinned repetition replays under its own pin. Where two pins reproduce the
 * cause (the shuffle loss's duplicate, each order), the evidence's order decides ({@link DuplicateOrder}). Evidence
 * with nothing a pin reproduces is an {@link IllegalArgumentException} of one line.
 *
 * @param findings the finding ids ({@link Finding#id}) a repetition of the replay must show to reproduce the source
 */
public record ReplayTarget(Pin pin, List<String> findings) {

  public static ReplayTarget of(ReplaySource source) {
    List<Finding> found = source.result().findings().stream().map(Finding::parse).toList();
    if (found.isEmpty()) {
      throw new IllegalArgumentException(source.describe() + " found nothing (" + source.result().outcome()
          + "), so there is nothing to reproduce");
    }
    if (source.pin().isPresent()) {
      Pin own = source.pin().get();
      List<String> ids = withCause(found, own.reproduces());
      if (ids.isEmpty()) {
        throw new IllegalArgumentException(source.describe() + " ran under pin " + own + ", which reproduces "
            + own.reproduces() + ", but found " + ids(found) + ": nothing of its pin's to reproduce");
      }
      return new ReplayTarget(own, ids);
    }
    ScenarioName scenario = source.scenario();
    List<Pin> covering = Arrays.stream(Pin.values())
        .filter(pin -> pin.scenarios().contains(scenario))
        .filter(pin -> found.stream().anyMatch(f -> pin.reproduces().equals(f.cause())))
        .toList();
    if (covering.isEmpty()) {
      throw new IllegalArgumentException("no pin reproduces what " + source.describe() + " found (" + ids(found)
          + "); the pins: " + String.join("; ", Arrays.stream(Pin.values()).map(pin -> pin.id() + " (scenario "
              + String.join(",", pin.scenarios().stream().sorted().map(ScenarioName::id).toList()) + ") reproduces "
              + pin.reproduces()).toList()));
    }
    if (covering.stream().map(Pin::reproduces).distinct().count() > 1) {
      throw new IllegalArgumentException(source.describe() + " found several races a pin reproduces (" + ids(found)
          + "), and one replay holds one pin; replay it with --pin on sft local instead");
    }
    Pin pin = covering.size() == 1 ? covering.get(0) : byOrder(source, covering);
    return new ReplayTarget(pin, withCause(found, pin.reproduces()));
  }

  /** Of several pins reproducing one cause, the one whose order the evidence shows. */
  private static Pin byOrder(ReplaySource source, List<Pin> covering) {
    Set<Pin> shown = DuplicateOrder.pins(source.evidence().write(), source.evidence().history());
    List<Pin> matching = covering.stream().filter(shown::contains).toList();
    if (matching.size() != 1) {
      throw new IllegalArgumentException(source.describe() + " found " + covering.get(0).reproduces() + ", but its"
          + " evidence does not say which attempt reached the driver first (" + (matching.isEmpty()
              ? "no partition accepted from one stage attempt while another attempt of it also ended Success"
              : "one partition each way") + "), so neither of " + covering + " is the one to replay it with");
    }
    return matching.get(0);
  }

  private static List<String> withCause(List<Finding> found, String cause) {
    return found.stream().filter(f -> cause.equals(f.cause())).map(Finding::id).toList();
  }

  private static String ids(List<Finding> found) {
    return String.join(", ", found.stream().map(Finding::id).toList());
  }
}
