package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The admission chain every pod create passes, in the API server's order: defaulting (requests from limits), the
 * mutating steps (LimitRanger defaults, OpenShift's restricted-v2 SCC where the namespace is OpenShift's), validation
 * (requests within limits), then the validating steps (LimitRanger min/max, the SCC's checks, Pod Security, and
 * ResourceQuota last). Objects other than pods pass untouched.
 */
public final class PodAdmission {
  private static final Pattern POD_COLLECTION = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/?");

  private final ClusterObjects cluster;

  public PodAdmission(ClusterObjects cluster) {
    this.cluster = cluster;
  }

  /**
   * Admits a create at {@code collectionPath} (no query string).
   * @return the object to store: the pod as admission mutated it, or {@code json} unchanged when it is no pod
   * @throws AdmissionRefused with the Status the API server answers
   */
  public String admitCreate(String collectionPath, String json) throws AdmissionRefused {
    Matcher matcher = POD_COLLECTION.matcher(collectionPath);
    if (!matcher.matches()) {
      return json;
    }
    Pod pod = Serialization.unmarshal(json, Pod.class);
    if (pod.getSpec() == null || pod.getMetadata() == null) {
      return json; // the store's own validation answers for a pod without metadata or spec
    }
    String namespace = pod.getMetadata().getNamespace() != null ? pod.getMetadata().getNamespace() : matcher.group(1);
    Pod asSent = Serialization.unmarshal(json, Pod.class);
    admit(pod, namespace);
    // Unchanged pods are stored exactly as sent.
    return pod.equals(asSent) ? json : Serialization.asJson(pod);
  }

  void admit(Pod pod, String namespace) throws AdmissionRefused {
    Namespace ns = cluster.namespace(namespace).orElse(null);
    var limitRanges = cluster.limitRanges(namespace);
    PodDefaults.requestsFromLimits(pod);
    LimitRanger.applyDefaults(pod, limitRanges);
    boolean openShift = SecurityContextConstraints.applies(ns);
    PodDefaults.validateRequestsWithinLimits(pod);
    LimitRanger.validate(pod, limitRanges);
    if (openShift) {
      SecurityContextConstraints.admit(pod, ns);
    }
    PodSecurityAdmission.validate(pod, ns);
    ResourceQuotaAdmission.validate(pod, cluster.resourceQuotas(namespace), cluster.pods(namespace));
  }
}
