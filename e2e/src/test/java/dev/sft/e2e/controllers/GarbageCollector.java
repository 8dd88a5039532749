package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A simulated garbage collector: deletes (in the background) every object whose owners, by ownerReference uid, are
 * all gone, as Kubernetes' garbage collector does with background propagation. An owner of a kind it cannot list
 * counts as present, so nothing is deleted on a guess. Objects are listed twice, dependents first: an owner created
 * before its dependent is then always seen. Not simulated: foreground and orphan propagation (their finalizers).
 */
public final class GarbageCollector {
  /** The kinds it collects (and knows as owners), beside the custom resources the API server defines. */
  private static final List<ResourceDefinitionContext> BUILT_IN = List.of(
      kind("", "v1", "Pod", "pods"), kind("", "v1", "Service", "services"),
      kind("", "v1", "ConfigMap", "configmaps"), kind("", "v1", "Secret", "secrets"),
      kind("", "v1", "ServiceAccount", "serviceaccounts"),
      kind("", "v1", "PersistentVolumeClaim", "persistentvolumeclaims"),
      kind("apps", "v1", "StatefulSet", "statefulsets"), kind("apps", "v1", "Deployment", "deployments"),
      kind("apps", "v1", "ReplicaSet", "replicasets"), kind("batch", "v1", "Job", "jobs"),
      kind("rbac.authorization.k8s.io", "v1", "Role", "roles"),
      kind("rbac.authorization.k8s.io", "v1", "RoleBinding", "rolebindings"),
      kind("networking.k8s.io", "v1", "NetworkPolicy", "networkpolicies"),
      kind("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets"));

  private final KubernetesClient client;

  public GarbageCollector(KubernetesClient client) {
    this.client = client;
  }

  public void sync() {
    List<GenericKubernetesResource> dependents = new ArrayList<>();
    for (ResourceDefinitionContext context : BUILT_IN) {
      list(context).stream().filter(o -> o.getMetadata().getOwnerReferences() != null
          && !o.getMetadata().getOwnerReferences().isEmpty() && !Selectors.terminating(o)).forEach(dependents::add);
    }
    if (dependents.isEmpty()) {
      return;
    }
    List<ResourceDefinitionContext> owners = new ArrayList<>(BUILT_IN);
    owners.addAll(customKinds());
    Set<String> listable = new HashSet<>();
    Set<String> uids = new HashSet<>();
    for (ResourceDefinitionContext context : owners) {
      listable.add(apiVersion(context) + "/" + context.getKind());
      list(context).forEach(o -> uids.add(o.getMetadata().getUid()));
    }
    for (GenericKubernetesResource dependent : dependents) {
      boolean orphaned = dependent.getMetadata().getOwnerReferences().stream()
          .allMatch(ref -> listable.contains(ref.getApiVersion() + "/" + ref.getKind())
              && !uids.contains(ref.getUid()));
      if (orphaned) {
        delete(dependent);
      }
    }
  }

  private void delete(GenericKubernetesResource dependent) {
    ResourceDefinitionContext context = BUILT_IN.stream()
        .filter(c -> apiVersion(c).equals(dependent.getApiVersion()) && c.getKind().equals(dependent.getKind()))
        .findFirst().orElseThrow();
    try {
      client.genericKubernetesResources(context).inNamespace(dependent.getMetadata().getNamespace())
          .withName(dependent.getMetadata().getName()).withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  private List<GenericKubernetesResource> list(ResourceDefinitionContext context) {
    try {
      List<GenericKubernetesResource> items = client.genericKubernetesResources(context).inAnyNamespace().list()
          .getItems();
      // Lists of a kind carry apiVersion and kind only on the list; the items need them for matching.
      items.forEach(o -> {
        o.setApiVersion(apiVersion(context));
        o.setKind(context.getKind());
      });
      return items;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return List.of();
      }
      throw e;
    }
  }

  private List<ResourceDefinitionContext> customKinds() {
    List<ResourceDefinitionContext> kinds = new ArrayList<>();
    for (CustomResourceDefinition crd : client.apiextensions().v1().customResourceDefinitions().list().getItems()) {
      for (CustomResourceDefinitionVersion version : crd.getSpec().getVersions()) {
        if (Boolean.TRUE.equals(version.getServed())) {
          kinds.add(new ResourceDefinitionContext.Builder().withGroup(crd.getSpec().getGroup())
              .withVersion(version.getName()).withKind(crd.getSpec().getNames().getKind())
              .withPlural(crd.getSpec().getNames().getPlural())
              .withNamespaced("Namespaced".equals(crd.getSpec().getScope())).build());
        }
      }
    }
    return kinds;
  }

  private static ResourceDefinitionContext kind(String group, String version, String kind, String plural) {
    return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
        .withPlural(plural).withNamespaced(true).build();
  }

  private static String apiVersion(ResourceDefinitionContext context) {
    return context.getGroup() == null || context.getGroup().isEmpty() ? context.getVersion()
        : context.getGroup() + "/" + context.getVersion();
  }
}
