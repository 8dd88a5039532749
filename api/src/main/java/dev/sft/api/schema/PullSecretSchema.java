package dev.sft.api.schema;

import io.fabric8.generator.annotation.Size;

/** A reference to an image pull secret: a Secret's name, a DNS subdomain. */
public class PullSecretSchema {
  public static final long NAME_MAX_LENGTH = 253;

  @Size(max = NAME_MAX_LENGTH)
  public String name;
}
