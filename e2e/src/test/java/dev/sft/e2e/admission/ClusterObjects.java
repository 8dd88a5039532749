package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeList;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaList;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What admission reads from the store it guards: the pod's namespace, its LimitRanges, ResourceQuotas and pods. Reads
 * go through the store's own GET by path, so they see exactly what is stored.
 */
public final class ClusterObjects {
  private final Function<String, String> getByPath;

  /** @param getByPath the stored JSON at an API path, or null when there is none */
  public ClusterObjects(Function<String, String> getByPath) {
    this.getByPath = getByPath;
  }

  Optional<Namespace> namespace(String name) {
    return Optional.ofNullable(getByPath.apply("/api/v1/namespaces/" + name))
        .map(json -> Serialization.unmarshal(json, Namespace.class));
  }

  List<LimitRange> limitRanges(String namespace) {
    return list("/api/v1/namespaces/" + namespace + "/limitranges", LimitRangeList.class).getItems();
  }

  List<ResourceQuota> resourceQuotas(String namespace) {
    return list("/api/v1/namespaces/" + namespace + "/resourcequotas", ResourceQuotaList.class).getItems();
  }

  List<Pod> pods(String namespace) {
    return list("/api/v1/namespaces/" + namespace + "/pods", PodList.class).getItems();
  }

  private <T> T list(String path, Class<T> type) {
    String json = getByPath.apply(path);
    try {
      return Serialization.unmarshal(json == null ? "{\"items\":[]}" : json, type);
    } catch (RuntimeException e) {
      throw new IllegalStateException("admission cannot read " + path + ": " + e.getMessage(), e);
    }
  }
}
