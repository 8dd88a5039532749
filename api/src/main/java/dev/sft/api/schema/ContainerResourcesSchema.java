package dev.sft.api.schema;

import dev.sft.api.SpecDefaults;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;

/**
 * A container's resources without {@code claims}: the pods sft creates declare no {@code spec.resourceClaims}, so an
 * API server would refuse a container that names one. The bounds of the names and quantities, which a schema cannot
 * state (a key; an integer or a string), are the controller's to check.
 */
public class ContainerResourcesSchema {
  public static final long MAX_RESOURCES = 16;

  @Size(max = MAX_RESOURCES)
  public Map<@Size(max = SpecDefaults.LABEL_KEY_MAX_LENGTH) String,
      @Size(max = SpecDefaults.QUANTITY_MAX_LENGTH) Quantity> limits;

  @Size(max = MAX_RESOURCES)
  public Map<@Size(max = SpecDefaults.LABEL_KEY_MAX_LENGTH) String,
      @Size(max = SpecDefaults.QUANTITY_MAX_LENGTH) Quantity> requests;
}
