package dev.sft.e2e.node.network;

import dev.sft.e2e.apimachinery.Selectors;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster's DNS as one hosts file: what cluster DNS would answer for Services and pods, with every name spelled
 * out, because there is no resolver search path to complete short names.
 * <ul>
 *   <li>a Service with a selector: {@code svc}, {@code svc.ns}, {@code svc.ns.svc}, {@code svc.ns.svc.cluster.local}
 *       → the IPs of its selected pods that are ready (or all with an IP when it publishes not-ready addresses);
 *       ClusterIP Services get their endpoints' IPs too, as there is no virtual IP (and no port translation);</li>
 *   <li>a pod with {@code hostname} and {@code subdomain}, when a headless Service of that name exists in its
 *       namespace: {@code host.sub.ns.svc.cluster.local} and its shorter forms;</li>
 *   <li>every pod's own name (what a kubelet writes into each pod's /etc/hosts);</li>
 *   <li>{@code kubernetes.default.svc} and its forms → the API server, when given as an IP address.</li>
 * </ul>
 * Names are global here: the same short name in two namespaces resolves to the first one listed.
 */
final class HostsFileRenderer {
  static final String CLUSTER_DOMAIN = "cluster.local";

  private HostsFileRenderer() {}

  static String render(List<Pod> pods, List<Service> services, String apiServerIp) {
    Map<String, Set<String>> namesByIp = new LinkedHashMap<>();
    if (apiServerIp != null && apiServerIp.matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
      add(namesByIp, apiServerIp, serviceNames("kubernetes", "default"));
    }
    List<Service> sortedServices = new ArrayList<>(services);
    sortedServices.sort(Comparator.comparing(Selectors::key));
    List<Pod> sortedPods = new ArrayList<>(pods);
    sortedPods.sort(Comparator.comparing(Selectors::key));
    for (Service service : sortedServices) {
      if (service.getSpec() == null || service.getSpec().getSelector() == null) {
        continue;
      }
      String ns = service.getMetadata().getNamespace();
      boolean notReadyToo = Boolean.TRUE.equals(service.getSpec().getPublishNotReadyAddresses());
      for (Pod pod : sortedPods) {
        if (ns.equals(pod.getMetadata().getNamespace()) && addressable(pod)
            && Selectors.matches(service.getSpec().getSelector(), pod.getMetadata().getLabels())
            && (notReadyToo || Selectors.ready(pod))) {
          add(namesByIp, pod.getStatus().getPodIP(), serviceNames(service.getMetadata().getName(), ns));
        }
      }
    }
    for (Pod pod : sortedPods) {
      if (!addressable(pod)) {
        continue;
      }
      List<String> names = new ArrayList<>();
      String hostname = pod.getSpec().getHostname();
      String subdomain = pod.getSpec().getSubdomain();
      String ns = pod.getMetadata().getNamespace();
      if (hostname != null && subdomain != null && headlessServiceExists(sortedServices, subdomain, ns)) {
        String fqdn = hostname + "." + subdomain + "." + ns + ".svc." + CLUSTER_DOMAIN;
        names.addAll(List.of(fqdn, hostname + "." + subdomain + "." + ns + ".svc",
            hostname + "." + subdomain + "." + ns, hostname + "." + subdomain));
      }
      names.add(hostname != null ? hostname : pod.getMetadata().getName());
      add(namesByIp, pod.getStatus().getPodIP(), names);
    }
    StringBuilder out = new StringBuilder("# Written by the e2e simulator (dev.sft.e2e.kubelet.ClusterDns)\n")
        .append("127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n");
    namesByIp.forEach((ip, names) -> out.append(ip).append('\t').append(String.join(" ", names)).append('\n'));
    return out.toString();
  }

  static List<String> serviceNames(String service, String namespace) {
    return List.of(service + "." + namespace + ".svc." + CLUSTER_DOMAIN, service + "." + namespace + ".svc",
        service + "." + namespace, service);
  }

  private static boolean addressable(Pod pod) {
    return pod.getStatus() != null && pod.getStatus().getPodIP() != null && !Selectors.terminating(pod)
        && !Selectors.finished(pod);
  }

  private static boolean headlessServiceExists(List<Service> services, String name, String namespace) {
    return services.stream().anyMatch(s -> name.equals(s.getMetadata().getName())
        && namespace.equals(s.getMetadata().getNamespace()) && s.getSpec() != null
        && "None".equals(s.getSpec().getClusterIP()));
  }

  private static void add(Map<String, Set<String>> namesByIp, String ip, List<String> names) {
    namesByIp.computeIfAbsent(ip, k -> new LinkedHashSet<>()).addAll(names);
  }
}
