package dev.sft.e2e.node;

import dev.sft.e2e.node.runtime.VarExpansion;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceFieldSelector;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A container's environment as a kubelet builds it: the API server's service variables, then {@code envFrom}, then
 * {@code env} in order, each value expanded against the variables before it; {@code valueFrom} reads the downward API
 * ({@code fieldRef}, {@code resourceFieldRef}) and config maps and secrets. (Per-Service variables such as
 * {@code FOO_SERVICE_HOST} are not set: enableServiceLinks is not simulated.)
 */
public final class PodEnvironment {
  private static final Pattern MAP_FIELD = Pattern.compile("metadata\\.(labels|annotations)\\['(.+)'\\]");

  private final KubernetesClient client;
  private final NodeConfig config;

  public PodEnvironment(KubernetesClient client, NodeConfig config) {
    this.client = client;
    this.config = config;
  }

  Map<String, String> resolve(Pod pod, Container container, String podIp) {
    Map<String, String> env = new LinkedHashMap<>();
    if (config.apiServerHost() != null) {
      String port = String.valueOf(config.apiServerPort());
      env.put("KUBERNETES_SERVICE_HOST", config.apiServerHost());
      env.put("KUBERNETES_SERVICE_PORT", port);
      env.put("KUBERNETES_SERVICE_PORT_HTTPS", port);
      env.put("KUBERNETES_PORT", "tcp://" + config.apiServerHost() + ":" + port);
    }
    String ns = pod.getMetadata().getNamespace();
    if (container.getEnvFrom() != null) {
      for (EnvFromSource source : container.getEnvFrom()) {
        String prefix = source.getPrefix() == null ? "" : source.getPrefix();
        if (source.getConfigMapRef() != null) {
          ConfigMap map = configMap(ns, source.getConfigMapRef().getName(), source.getConfigMapRef().getOptional());
          if (map != null && map.getData() != null) {
            map.getData().forEach((k, v) -> env.put(prefix + k, v));
          }
        }
        if (source.getSecretRef() != null) {
          Secret secret = secret(ns, source.getSecretRef().getName(), source.getSecretRef().getOptional());
          if (secret != null) {
            secretData(secret).forEach((k, v) -> env.put(prefix + k, new String(v, StandardCharsets.UTF_8)));
          }
        }
      }
    }
    if (container.getEnv() != null) {
      for (EnvVar var : container.getEnv()) {
        String value = var.getValueFrom() != null
            ? valueFrom(pod, container, podIp, var.getName(), var.getValueFrom())
            : VarExpansion.expand(var.getValue() == null ? "" : var.getValue(), env::get);
        if (value != null) {
          env.put(var.getName(), value);
        }
      }
    }
    return env;
  }

  private String valueFrom(Pod pod, Container container, String podIp, String name, EnvVarSource source) {
    String ns = pod.getMetadata().getNamespace();
    if (source.getFieldRef() != null) {
      return field(pod, podIp, source.getFieldRef().getFieldPath());
    }
    if (source.getResourceFieldRef() != null) {
      return resource(container, source.getResourceFieldRef());
    }
    if (source.getConfigMapKeyRef() != null) {
      var ref = source.getConfigMapKeyRef();
      ConfigMap map = configMap(ns, ref.getName(), ref.getOptional());
      String value = map == null || map.getData() == null ? null : map.getData().get(ref.getKey());
      if (value == null && !Boolean.TRUE.equals(ref.getOptional())) {
        throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR,
            "couldn't find key " + ref.getKey() + " in ConfigMap " + ns + "/" + ref.getName() + " (env " + name + ")");
      }
      return value;
    }
    if (source.getSecretKeyRef() != null) {
      var ref = source.getSecretKeyRef();
      Secret secret = secret(ns, ref.getName(), ref.getOptional());
      byte[] value = secret == null ? null : secretData(secret).get(ref.getKey());
      if (value == null && !Boolean.TRUE.equals(ref.getOptional())) {
        throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR,
            "couldn't find key " + ref.getKey() + " in Secret " + ns + "/" + ref.getName() + " (env " + name + ")");
      }
      return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }
    throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "env " + name + ": unsupported valueFrom " + source);
  }

  static String field(Pod pod, String podIp, String path) {
    Matcher m = MAP_FIELD.matcher(path);
    if (m.matches()) {
      Map<String, String> map = "labels".equals(m.group(1)) ? pod.getMetadata().getLabels()
          : pod.getMetadata().getAnnotations();
      return map == null ? "" : map.getOrDefault(m.group(2), "");
    }
    return switch (path) {
      case "metadata.name" -> pod.getMetadata().getName();
      case "metadata.namespace" -> pod.getMetadata().getNamespace();
      case "metadata.uid" -> pod.getMetadata().getUid();
      case "spec.nodeName" -> Kubelet.NODE_NAME;
      case "spec.serviceAccountName" -> serviceAccount(pod);
      case "status.podIP", "status.podIPs" -> podIp;
      case "status.hostIP", "status.hostIPs" -> Kubelet.HOST_IP;
      default -> throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "unsupported fieldRef " + path);
    };
  }

  public static String serviceAccount(Pod pod) {
    String sa = pod.getSpec().getServiceAccountName();
    return sa == null || sa.isEmpty() ? "default" : sa;
  }

  /** limits/requests of cpu or memory over the divisor, rounded up; a missing limit is the node's capacity. */
  static String resource(Container container, ResourceFieldSelector selector) {
    String[] parts = selector.getResource().split("\\.", 2);
    var resources = container.getResources();
    Map<String, Quantity> values = resources == null ? null
        : "limits".equals(parts[0]) ? resources.getLimits() : resources.getRequests();
    Quantity quantity = values == null ? null : values.get(parts[1]);
    BigDecimal amount;
    if (quantity != null) {
      amount = quantity.getNumericalAmount();
    } else if ("cpu".equals(parts[1])) {
      amount = BigDecimal.valueOf("limits".equals(parts[0]) ? Runtime.getRuntime().availableProcessors() : 0);
    } else {
      amount = BigDecimal.valueOf("limits".equals(parts[0]) ? nodeMemoryBytes() : 0);
    }
    BigDecimal divisor = selector.getDivisor() == null ? BigDecimal.ONE : selector.getDivisor().getNumericalAmount();
    return amount.divide(divisor, 0, RoundingMode.CEILING).toPlainString();
  }

  private static long nodeMemoryBytes() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : 0;
  }

  public ConfigMap configMap(String ns, String name, Boolean optional) {
    ConfigMap map = client.configMaps().inNamespace(ns).withName(name).get();
    if (map == null && !Boolean.TRUE.equals(optional)) {
      throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "configmap \"" + name + "\" not found");
    }
    return map;
  }

  public Secret secret(String ns, String name, Boolean optional) {
    Secret secret = client.secrets().inNamespace(ns).withName(name).get();
    if (secret == null && !Boolean.TRUE.equals(optional)) {
      throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "secret \"" + name + "\" not found");
    }
    return secret;
  }

  /** A secret's values: {@code data} decoded, and {@code stringData} too (an API server would have merged it). */
  public static Map<String, byte[]> secretData(Secret secret) {
    Map<String, byte[]> data = new LinkedHashMap<>();
    if (secret.getData() != null) {
      secret.getData().forEach((k, v) -> data.put(k, Base64.getDecoder().decode(v)));
    }
    if (secret.getStringData() != null) {
      secret.getStringData().forEach((k, v) -> data.put(k, v.getBytes(StandardCharsets.UTF_8)));
    }
    return data;
  }
}
