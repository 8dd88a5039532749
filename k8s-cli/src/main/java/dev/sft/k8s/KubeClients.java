package dev.sft.k8s;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A client configured as kubectl would be: the kubeconfig from {@code --kubeconfig}, else {@code KUBECONFIG}, else
 * {@code ~/.kube/config} (fabric8's own lookup), its current context unless {@code --context} names another, and that
 * context's namespace unless {@code -n} names one.
 */
public final class KubeClients {
  /** fabric8 retries a refused connection with a doubling back-off for minutes by default; a CLI should say so soon. */
  private static final int RETRIES = 1;
  private static final int CONNECT_TIMEOUT_MS = 10_000;
  private static final int REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How the CLI reads what the API server sends: a value of an enum a newer controller added (a phase, a job state, a
   * verdict) reads as null, shown as unknown, instead of failing the command; unknown fields are ignored by the model.
   */
  public static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization(
      new ObjectMapper().enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL), true);

  private KubeClients() {}

  /**
   * @param kubeconfig a kubeconfig file, or null for fabric8's (and kubectl's) lookup
   * @param context a context of it, or null for its current context
   * @throws IllegalArgumentException when the given kubeconfig is not a readable file
   */
  public static Config config(Path kubeconfig, String context) {
    Config config;
    if (kubeconfig != null) {
      if (!Files.isRegularFile(kubeconfig) || !Files.isReadable(kubeconfig)) {
        throw new IllegalArgumentException("--kubeconfig " + kubeconfig + " is not a readable file");
      }
      File file = kubeconfig.toFile();
      try {
        config = Config.fromKubeconfig(context, file);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("--kubeconfig " + kubeconfig + " cannot be read: " + e.getMessage(), e);
      }
    } else {
      config = Config.autoConfigure(context);
    }
    if (context != null && (config.getCurrentContext() == null
        || !context.equals(config.getCurrentContext().getName()))) {
      throw new IllegalArgumentException("--context " + context + " is not a context of the kubeconfig");
    }
    config.setRequestRetryBackoffLimit(RETRIES);
    config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
    config.setRequestTimeout(REQUEST_TIMEOUT_MS);
    return config;
  }

  public static KubernetesClient client(Config config) {
    return new KubernetesClientBuilder().withConfig(config).withKubernetesSerialization(SERIALIZATION).build();
  }

  /** {@code -n} if given, else the context's namespace, else {@code default}, as kubectl. */
  public static String namespace(Config config, String given) {
    if (given != null && !given.isBlank()) {
      return given;
    }
    String fromContext = config.getNamespace();
    return fromContext == null || fromContext.isBlank() ? "default" : fromContext;
  }
}
