package dev.sft.harness.judge;

import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;


/** The chosen victim and the other partition whose progress proves the write was really under way. */
public record KillTarget(AttemptMarker victim, AttemptMarker other) {
  public AttemptIdentity attempt() {
    return victim.attempt();
  }
}
