package dev.sft.e2e.suite;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads evidence on a test's shared claim the way a user would on any cluster: a short-lived pod of the sft image
 * mounts the claim, and kubectl exec prints the files.
 */
final class SharedFolder {
  /** Starts each file's entry in the listing; no evidence file contains it. */
  private static final String SEPARATOR = "=== sft-e2e file: ";

  private final Kubectl kubectl;
  private final String namespace;
  private final String image;

  SharedFolder(Kubectl kubectl, String namespace, String image) {
    this.kubectl = kubectl;
    this.namespace = namespace;
    this.image = image;
  }

  /** The content of every file under {@code folder} whose name matches {@code pattern}, by path. */
  Map<String, String> read(String claim, String mountPath, String folder, String pattern) {
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
      String listing = kubectl.run(Duration.ofSeconds(60), null, "exec", "-n", namespace, pod, "-c", "reader", "--",
          "sh", "-c", "find \"$1\" -type f -name \"$2\" | sort | while read -r f; do printf '" + SEPARATOR
              + "%s\\n' \"$f\"; cat \"$f\"; echo; done", "read", folder, pattern).orFail();
      Map<String, String> files = new TreeMap<>();
      for (String entry : listing.split(SEPARATOR)) {
        int newline = entry.indexOf('\n');
        if (newline > 0) {
          files.put(entry.substring(0, newline), entry.substring(newline + 1).strip());
        }
      }
      return files;
    } finally {
      kubectl.run("delete", "pod", "-n", namespace, pod, "--wait=false");
    }
  }
}
