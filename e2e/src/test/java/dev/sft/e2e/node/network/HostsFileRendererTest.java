package dev.sft.e2e.node.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostsFileRendererTest {
  private static Pod pod(String name, String ip, boolean ready, Map<String, String> labels, String hostname,
      String subdomain) {
    return new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").withLabels(labels).endMetadata()
        .withNewSpec().withHostname(hostname).withSubdomain(subdomain).endSpec()
        .withNewStatus().withPhase("Running").withPodIP(ip)
          .addNewCondition().withType("Ready").withStatus(ready ? "True" : "False").endCondition()
        .endStatus().build();
  }

  private static Service service(String name, Map<String, String> selector, boolean headless, boolean notReady) {
    return new ServiceBuilder().withNewMetadata().withName(name).withNamespace("ns").endMetadata()
        .withNewSpec().withSelector(selector).withClusterIP(headless ? "None" : "10.0.0.1")
          .withPublishNotReadyAddresses(notReady).endSpec().build();
  }

  private static String line(String hosts, String ip) {
    return hosts.lines().filter(l -> l.startsWith(ip + "\t")).findFirst().orElse("");
  }

  @Test
  void serviceNamesInEveryFormMapToSelectedReadyPods() {
    String hosts = HostsFileRenderer.render(
        List.of(pod("web-1", "127.0.100.5", true, Map.of("app", "web"), null, null),
            pod("web-2", "127.0.100.6", false, Map.of("app", "web"), null, null),
            pod("other", "127.0.100.7", true, Map.of("app", "db"), null, null)),
        List.of(service("web", Map.of("app", "web"), false, false)), null);
    assertThat(line(hosts, "127.0.100.5"))
        .contains("web.ns.svc.cluster.local", "web.ns.svc", "web.ns", " web ", "web-1");
    assertThat(line(hosts, "127.0.100.6")).doesNotContain("web.ns").contains("web-2");
    assertThat(line(hosts, "127.0.100.7")).doesNotContain("web.ns");
  }

  @Test
  void publishNotReadyAddressesIncludesUnreadyPods() {
    String hosts = HostsFileRenderer.render(
        List.of(pod("m-0", "127.0.100.5", false, Map.of("c", "master"), "m-0", "m")),
        List.of(service("m", Map.of("c", "master"), true, true)), null);
    assertThat(line(hosts, "127.0.100.5")).contains("m.ns.svc.cluster.local", "m.ns.svc",
        "m-0.m.ns.svc.cluster.local", "m-0.m.ns.svc", "m-0.m");
  }

  @Test
  void podSubdomainNamesNeedTheHeadlessService() {
    Pod pod = pod("w-0", "127.0.100.8", true, Map.of("c", "worker"), "w-0", "w");
    String without = HostsFileRenderer.render(List.of(pod), List.of(), null);
    assertThat(line(without, "127.0.100.8")).doesNotContain("w-0.w.").endsWith("w-0");
    String withClusterIp = HostsFileRenderer.render(List.of(pod),
        List.of(service("w", Map.of("c", "worker"), false, false)), null);
    assertThat(line(withClusterIp, "127.0.100.8")).doesNotContain("w-0.w.");
  }

  @Test
  void podsWithoutIpFinishedOrDeletingAreLeftOut() {
    Pod noIp = pod("a", null, false, Map.of(), null, null);
    Pod done = new PodBuilder(pod("b", "127.0.100.9", false, Map.of(), null, null)).editStatus()
        .withPhase("Succeeded").endStatus().build();
    Pod deleting = new PodBuilder(pod("c", "127.0.100.10", true, Map.of(), null, null)).editMetadata()
        .withDeletionTimestamp("2026-12-01T00:00:00Z").endMetadata().build();
    String hosts = HostsFileRenderer.render(List.of(noIp, done, deleting), List.of(), null);
    assertThat(hosts).doesNotContain("127.0.100.9").doesNotContain("127.0.100.10").doesNotContain("\ta\n");
    assertThat(hosts).startsWith("#").contains("127.0.0.1\tlocalhost");
  }

  @Test
  void apiServerGetsTheKubernetesServiceNames() {
    String hosts = HostsFileRenderer.render(List.of(), List.of(), "127.0.0.1");
    assertThat(hosts).contains("kubernetes.default.svc.cluster.local kubernetes.default.svc kubernetes.default "
        + "kubernetes");
    assertThat(HostsFileRenderer.render(List.of(), List.of(), "api.example")).doesNotContain("kubernetes");
  }
}
