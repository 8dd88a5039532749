package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * Reads evidence on a test's shared claim the way a user would on any cluster: a short-lived pod of the sft image
 * mounts the claim, and kubectl exec prints the files.
 */
final class SharedFolder {
  private final Kubectl kubectl;
  private final String namespace;
  private final String image;

  SharedFolder(Kubectl kubectl, String namespace, String image) {
    this.kubectl = kubectl;
    this.namespace = namespace;
    this.image = image;
  }

  /** Prints {@code name: content} for every file under {@code folder} whose name matches {@code pattern}. */
  String read(String claim, String mountPath, String folder, String pattern) {
    String pod = "sft-e2e-reader-" + claim;
    kubectl.apply(namespace, """
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s","labels":{"app.kubernetes.io/part-of":"sft-e2e"}},
         "spec":{"restartPolicy":"Never","securityContext":{"runAsUser":185,"runAsGroup":185,"fsGroup":185},
          "containers":[{"name":"reader","image":"%s","command":["sleep","600"],
           "volumeMounts":[{"name":"shared","mountPath":"%s","readOnly":true}]}],
          "volumes":[{"name":"shared","persistentVolumeClaim":{"claimName":"%s"}}]}}
        """.formatted(pod, image, mountPath, claim));
    try {
      Await.until("reader pod " + pod + " running", Duration.ofSeconds(120),
          () -> kubectl.find(namespace, "pod", pod),
          p -> p != null && "Running".equals(p.path("status").path("phase").asText()));
      return kubectl.run(Duration.ofSeconds(60), null, "exec", "-n", namespace, pod, "-c", "reader", "--", "sh", "-c",
          "find \"$1\" -type f -name \"$2\" | sort | while read -r f; do printf '%s: ' \"$f\"; cat \"$f\"; echo; done",
          "read", folder, pattern).orFail();
    } finally {
      kubectl.run("delete", "pod", "-n", namespace, pod, "--wait=false");
    }
  }

  static JsonNode firstLineJson(String line) {
    int colon = line.indexOf(": {");
    return Kubectl.parse(line.substring(colon + 2));
  }
}
