package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.util.Map;

/**
 * What the API server's defaulting and validation do to a pod's resources, around admission: a limit without a request
 * makes the request equal to it (defaulting, before admission), and a request above its limit is invalid (validation,
 * after the mutating admission steps).
 */
final class PodDefaults {
  private PodDefaults() {}

  static void requestsFromLimits(Pod pod) {
    for (Container c : ContainerResources.all(pod.getSpec())) {
      if (ContainerResources.limits(c).isEmpty()) {
        continue;
      }
      ResourceRequirements r = ContainerResources.editable(c);
      r.getLimits().forEach((name, limit) -> r.getRequests().putIfAbsent(name, new Quantity(limit.toString())));
    }
  }

  static void validateRequestsWithinLimits(Pod pod) throws AdmissionRefused {
    int index = 0;
    for (Container c : pod.getSpec().getContainers()) {
      Map<String, Quantity> limits = ContainerResources.limits(c);
      for (Map.Entry<String, Quantity> request : ContainerResources.requests(c).entrySet()) {
        Quantity limit = limits.get(request.getKey());
        BigDecimal asked = Quantities.value(request.getValue());
        if (limit != null && asked.compareTo(Quantities.value(limit)) > 0) {
          throw AdmissionRefused.invalid(pod.getMetadata().getName(), "spec.containers[" + index
              + "].resources.requests: Invalid value: \"" + request.getValue() + "\": must be less than or equal to "
              + request.getKey() + " limit of " + limit);
        }
      }
      index++;
    }
  }
}
