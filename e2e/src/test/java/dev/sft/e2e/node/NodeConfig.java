package dev.sft.e2e.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * How the simulated node is set up.
 *
 * @param stateDir host folder for the claims' folders, per-pod folders, the hosts file and termination logs
 * @param podNetwork loopback range pod IPs come from, e.g. {@code 127.0.100.0/22}
 * @param apiServerHost what pods get as {@code KUBERNETES_SERVICE_HOST} (also mapped to {@code kubernetes.default.svc}
 *     in the hosts file when it is an IP address)
 * @param apiServerPort what pods get as {@code KUBERNETES_SERVICE_PORT}
 * @param caPem the API server's CA certificate, mounted as the service account's {@code ca.crt}; null mounts none
 * @param tokens the bearer token each service account's pods get; null mounts none
 * @param syncPeriod how often the controllers and the kubelet look at the API server and the containers
 * @param instanceId labels every container this simulator starts, so cleanup touches those only
 */
public record NodeConfig(Path stateDir, String podNetwork, String apiServerHost, int apiServerPort,
    String caPem, ServiceAccountTokens tokens, Duration syncPeriod, String instanceId) {

  /** The token a pod running as a service account gets mounted. */
  @FunctionalInterface
  public interface ServiceAccountTokens {
    String token(String namespace, String serviceAccountName);
  }

  public NodeConfig {
    Objects.requireNonNull(stateDir, "stateDir");
    Objects.requireNonNull(podNetwork, "podNetwork");
    Objects.requireNonNull(syncPeriod, "syncPeriod");
    Objects.requireNonNull(instanceId, "instanceId");
  }

  /** A node on {@code podNetwork} that mounts no service-account credentials, syncing every 500 ms. */
  public static NodeConfig of(Path stateDir, String podNetwork, String apiServerHost, int apiServerPort) {
    return new NodeConfig(stateDir, podNetwork, apiServerHost, apiServerPort, null, null,
        Duration.ofMillis(500), UUID.randomUUID().toString().substring(0, 8));
  }

  public NodeConfig withServiceAccounts(String caPem, ServiceAccountTokens tokens) {
    return new NodeConfig(stateDir, podNetwork, apiServerHost, apiServerPort, caPem, tokens, syncPeriod,
        instanceId);
  }

  public NodeConfig withSyncPeriod(Duration period) {
    return new NodeConfig(stateDir, podNetwork, apiServerHost, apiServerPort, caPem, tokens, period, instanceId);
  }
}
