package dev.sft.e2e.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

  /** The content of every file under {@code folder} whose name matches one of {@code patterns}, by path. */
  Map<String, String> read(String claim, String mountPath, String folder, String... patterns) {
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
      // find FOLDER -type f ( -name P1 -o -name P2 ... ): the folder and the patterns are the script's $1, $2, ...
      StringBuilder names = new StringBuilder();
      for (int i = 0; i < patterns.length; i++) {
        names.append(i == 0 ? "" : " -o").append(" -name \"$").append(i + 2).append('"');
      }
      String script = "find \"$1\" -type f \\(" + names + " \\) | sort | while read -r f; do printf '" + SEPARATOR
          + "%s\\n' \"$f\"; cat \"$f\"; echo; done";
      List<String> command = new ArrayList<>(List.of("exec", "-n", namespace, pod, "-c", "reader", "--", "sh", "-c",
          script, "read", folder));
      command.addAll(List.of(patterns));
      String listing = kubectl.run(Duration.ofSeconds(60), null, command.toArray(String[]::new)).orFail();
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
