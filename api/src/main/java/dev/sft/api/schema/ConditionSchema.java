package dev.sft.api.schema;

import dev.sft.api.StatusBounds;
import io.fabric8.generator.annotation.Size;

/** A status condition (kstatus) whose strings are bounded, its message at {@link StatusBounds#MESSAGE}. */
public class ConditionSchema {
  @Size(max = StatusBounds.WORD)
  public String type;

  @Size(max = StatusBounds.WORD)
  public String status;

  @Size(max = StatusBounds.WORD)
  public String reason;

  @Size(max = StatusBounds.MESSAGE)
  public String message;

  @Size(max = StatusBounds.TIME)
  public String lastTransitionTime;

  public Long observedGeneration;
}
