package dev.sft.e2e.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real cluster from a kubeconfig (e.g. kind, with the images loaded): no stand-in, no simulator. Kills go through
 * the API (a forced pod deletion), artifacts through kubectl.
 */
final class RealKubernetes implements TestKubernetes {
  private final Path kubeconfig;
  private final Kubectl kubectl;
  private final String[] namespaces;

  RealKubernetes(E2eSettings settings) {
    this.kubeconfig = settings.kubeconfig();
    this.kubectl = new Kubectl(settings.kubectl(), kubeconfig);
    this.namespaces = new String[] {settings.operatorNamespace(), settings.testNamespace()};
  }

  @Override
  public Path kubeconfig() {
    return kubeconfig;
  }

  @Override
  public void killContainer(String namespace, String pod, String container) {
    // The kubelet's own API is out of reach; a forced deletion ends the pod's processes without a graceful stop.
    kubectl.run("delete", "pod", "-n", namespace, pod, "--grace-period=0", "--force").orFail();
  }

  @Override
  public void collectArtifacts(Path folder) {
    try {
      Files.createDirectories(folder);
      for (String namespace : namespaces) {
        Files.writeString(folder.resolve(namespace + "-objects.yaml"), kubectl.run("get", "-n", namespace,
            "all,sft,pvc,events,roles,rolebindings,networkpolicies", "-o", "yaml").stdout());
        for (String pod : kubectl.run("get", "pods", "-n", namespace, "-o", "name").stdout().split("\\s+")) {
          if (!pod.isBlank()) {
            Files.writeString(folder.resolve(namespace + "-" + pod.replace('/', '-') + ".log"), kubectl.run(
                Duration.ofSeconds(60), null, "logs", "-n", namespace, pod, "--all-containers").stdout());
          }
        }
      }
    } catch (IOException e) {
      SuiteProgress.say("cannot keep artifacts under %s: %s", folder, e);
    }
  }

  @Override
  public void close() {
    // The cluster is the user's: the suite leaves it as its tests left it (namespaces are deleted by the suite).
  }
}
