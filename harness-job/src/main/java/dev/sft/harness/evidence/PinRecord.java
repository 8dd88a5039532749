package dev.sft.harness.evidence;

import dev.sft.contract.Pin;

/**
 * The pin a repetition ran under, as its evidence folder records it ({@link EvidenceLayout#PIN}): written before the
 * write starts, so {@code sft judge} of a stored folder knows the repetition was pinned even if no hold was reached.
 *
 * @param pin the pin's id ({@link Pin#id})
 * @param holds what the pin holds
 * @param reproduces the cause the pinned interleaving shows
 */
public record PinRecord(String pin, String holds, String reproduces) {
  public static PinRecord of(Pin pin) {
    return new PinRecord(pin.id(), pin.holds(), pin.reproduces());
  }
}
