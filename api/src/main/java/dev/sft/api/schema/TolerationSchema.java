package dev.sft.api.schema;

import io.fabric8.generator.annotation.Size;

/** A toleration with bounded strings: a label key (prefix and name), a label value, and Kubernetes' fixed words. */
public class TolerationSchema {
  public static final long KEY_MAX_LENGTH = 317;
  public static final long VALUE_MAX_LENGTH = 63;

  @Size(max = KEY_MAX_LENGTH)
  public String key;

  public Operator operator;

  @Size(max = VALUE_MAX_LENGTH)
  public String value;

  public Effect effect;

  public Long tolerationSeconds;

  public enum Operator {
    Exists,
    Equal
  }

  public enum Effect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute
  }
}
