package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The requests and limits of a pod's containers, read and written as plain maps. */
final class ContainerResources {
  private ContainerResources() {}

  static List<Container> all(PodSpec spec) {
    List<Container> all = new ArrayList<>();
    if (spec.getInitContainers() != null) {
      all.addAll(spec.getInitContainers());
    }
    if (spec.getContainers() != null) {
      all.addAll(spec.getContainers());
    }
    return all;
  }

  static Map<String, Quantity> requests(Container c) {
    return c.getResources() == null || c.getResources().getRequests() == null ? Map.of()
        : c.getResources().getRequests();
  }

  static Map<String, Quantity> limits(Container c) {
    return c.getResources() == null || c.getResources().getLimits() == null ? Map.of()
        : c.getResources().getLimits();
  }

  /** The container's resources, created when absent, with mutable request and limit maps. */
  static ResourceRequirements editable(Container c) {
    if (c.getResources() == null) {
      c.setResources(new ResourceRequirements());
    }
    ResourceRequirements r = c.getResources();
    r.setRequests(r.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getRequests()));
    r.setLimits(r.getLimits() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.getLimits()));
    return r;
  }

  /**
   * A pod's effective value of a resource as the quota and the scheduler count it: the sum over its containers, or
   * the largest init container's when that is larger. Resources no container names are absent.
   */
  static Map<String, BigDecimal> effective(PodSpec spec, boolean limits) {
    Map<String, BigDecimal> sum = new HashMap<>();
    for (Container c : spec.getContainers() == null ? List.<Container>of() : spec.getContainers()) {
      (limits ? limits(c) : requests(c)).forEach((k, v) -> sum.merge(k, Quantities.value(v), BigDecimal::add));
    }
    for (Container c : spec.getInitContainers() == null ? List.<Container>of() : spec.getInitContainers()) {
      (limits ? limits(c) : requests(c)).forEach((k, v) -> sum.merge(k, Quantities.value(v), BigDecimal::max));
    }
    return sum;
  }
}
