package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeItem;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The LimitRanger admission plugin for pods. Mutating: each container without a limit or request of a resource gets
 * the namespace's {@code Container} default (the item defaulted as the API server defaults LimitRanges: default from
 * max, defaultRequest from default, then from min), and the pod the {@code kubernetes.io/limit-ranger} annotation.
 * Validating: {@code min}, {@code max} and {@code maxLimitRequestRatio} of the {@code Container} and {@code Pod} items,
 * with the plugin's messages. {@code PersistentVolumeClaim} items are not checked.
 */
final class LimitRanger {
  static final String ANNOTATION = "kubernetes.io/limit-ranger";

  private LimitRanger() {}

  static void applyDefaults(Pod pod, List<LimitRange> ranges) {
    List<String> notes = new ArrayList<>();
    for (LimitRange range : ranges) {
      for (LimitRangeItem item : items(range, "Container")) {
        Map<String, Quantity> defaults = new TreeMap<>(orEmpty(item.getDefault()));
        orEmpty(item.getMax()).forEach(defaults::putIfAbsent);
        Map<String, Quantity> defaultRequests = new TreeMap<>(orEmpty(item.getDefaultRequest()));
        defaults.forEach(defaultRequests::putIfAbsent);
        orEmpty(item.getMin()).forEach(defaultRequests::putIfAbsent);
        for (Container c : ContainerResources.all(pod.getSpec())) {
          ResourceRequirements r = ContainerResources.editable(c);
          List<String> setRequests = new ArrayList<>();
          List<String> setLimits = new ArrayList<>();
          defaultRequests.forEach((name, value) -> {
            if (!r.getRequests().containsKey(name)) {
              r.getRequests().put(name, new Quantity(value.toString()));
              setRequests.add(name);
            }
          });
          defaults.forEach((name, value) -> {
            if (!r.getLimits().containsKey(name)) {
              r.getLimits().put(name, new Quantity(value.toString()));
              setLimits.add(name);
            }
          });
          if (!setRequests.isEmpty()) {
            notes.add(String.join(", ", setRequests) + " request for container " + c.getName());
          }
          if (!setLimits.isEmpty()) {
            notes.add(String.join(", ", setLimits) + " limit for container " + c.getName());
          }
        }
      }
    }
    if (!notes.isEmpty()) {
      if (pod.getMetadata().getAnnotations() == null) {
        pod.getMetadata().setAnnotations(new LinkedHashMap<>());
      }
      pod.getMetadata().getAnnotations().put(ANNOTATION, "LimitRanger plugin set: " + String.join("; ", notes));
    }
  }

  static void validate(Pod pod, List<LimitRange> ranges) throws AdmissionRefused {
    List<String> errors = new ArrayList<>();
    for (LimitRange range : ranges) {
      for (LimitRangeItem item : items(range, "Container")) {
        for (Container c : ContainerResources.all(pod.getSpec())) {
          check("Container", item, raw(ContainerResources.requests(c)), raw(ContainerResources.limits(c)), errors);
        }
      }
      for (LimitRangeItem item : items(range, "Pod")) {
        check("Pod", item, ContainerResources.effective(pod.getSpec(), false),
            ContainerResources.effective(pod.getSpec(), true), errors);
      }
    }
    if (errors.size() == 1) {
      throw AdmissionRefused.forbidden(pod.getMetadata().getName(), errors.get(0));
    }
    if (!errors.isEmpty()) {
      throw AdmissionRefused.forbidden(pod.getMetadata().getName(), "[" + String.join(", ", errors) + "]");
    }
  }

  private static void check(String type, LimitRangeItem item, Map<String, BigDecimal> requests,
      Map<String, BigDecimal> limits, List<String> errors) {
    new TreeMap<>(orEmpty(item.getMin())).forEach((name, min) -> {
      BigDecimal enforced = Quantities.value(min);
      String prefix = "minimum " + name + " usage per " + type + " is " + min;
      if (!requests.containsKey(name)) {
        errors.add(prefix + ".  No request is specified");
      } else if (requests.get(name).compareTo(enforced) < 0) {
        errors.add(prefix + ", but request is " + Quantities.format(requests.get(name)));
      } else if (limits.containsKey(name) && limits.get(name).compareTo(enforced) < 0) {
        errors.add(prefix + ", but limit is " + Quantities.format(limits.get(name)));
      }
    });
    new TreeMap<>(orEmpty(item.getMax())).forEach((name, max) -> {
      BigDecimal enforced = Quantities.value(max);
      String prefix = "maximum " + name + " usage per " + type + " is " + max;
      if (!limits.containsKey(name)) {
        errors.add(prefix + ".  No limit is specified");
      } else if (limits.get(name).compareTo(enforced) > 0) {
        errors.add(prefix + ", but limit is " + Quantities.format(limits.get(name)));
      } else if (requests.containsKey(name) && requests.get(name).compareTo(enforced) > 0) {
        errors.add(prefix + ", but request is " + Quantities.format(requests.get(name)));
      }
    });
    new TreeMap<>(orEmpty(item.getMaxLimitRequestRatio())).forEach((name, ratio) -> {
      String prefix = name + " max limit to request ratio per " + type + " is " + ratio;
      BigDecimal request = requests.get(name);
      BigDecimal limit = limits.get(name);
      if (request == null || request.signum() == 0) {
        errors.add(prefix + ", but no request is specified or request is 0");
      } else if (limit == null || limit.signum() == 0) {
        errors.add(prefix + ", but no limit is specified or limit is 0");
      } else {
        BigDecimal observed = limit.divide(request, MathContext.DECIMAL64);
        if (observed.compareTo(Quantities.value(ratio)) > 0) {
          errors.add(prefix + ", but provided ratio is " + String.format("%f", observed.doubleValue()));
        }
      }
    });
  }

  private static List<LimitRangeItem> items(LimitRange range, String type) {
    return range.getSpec() == null || range.getSpec().getLimits() == null ? List.of()
        : range.getSpec().getLimits().stream().filter(i -> type.equals(i.getType())).toList();
  }

  private static Map<String, Quantity> orEmpty(Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }

  private static Map<String, BigDecimal> raw(Map<String, Quantity> quantities) {
    Map<String, BigDecimal> values = new TreeMap<>();
    quantities.forEach((k, v) -> values.put(k, Quantities.value(v)));
    return values;
  }
}
