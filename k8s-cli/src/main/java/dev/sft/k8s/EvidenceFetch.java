package dev.sft.k8s;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Copies a run's evidence and reports ({@code <mountPath>/<runId>/} on the test's claim) to a local folder through a
 * {@link ReaderPod}, which is deleted whatever happens. Nothing on the claim is written, moved or deleted.
 */
public final class EvidenceFetch {
  private final io.fabric8.kubernetes.client.KubernetesClient client;
  /** What the copy is doing, as it goes (stderr). */
  private final PrintWriter progress;
  /** What was copied and where the report is (stdout). */
  private final PrintWriter out;
  private final Duration podBound;
  private final Duration copyBound;

  public EvidenceFetch(io.fabric8.kubernetes.client.KubernetesClient client, PrintWriter progress, PrintWriter out,
      Duration podBound, Duration copyBound) {
    this.client = client;
    this.progress = progress;
    this.out = out;
    this.podBound = podBound;
    this.copyBound = copyBound;
  }

  /**
   * @return the local copy of the run's folder, {@code outDir/<runId>}
   * @throws IllegalArgumentException when that folder exists and is not empty (the copy never mixes two runs' files)
   * @throws K8sProblem when the test has no run, or the pod or the copy fails
   */
  public Path fetch(TestView test, Path outDir, String podName, ReaderPod.Identity identity)
      throws InterruptedException {
    String runId = test.runId();
    if (runId == null) {
      throw new K8sProblem("test " + test.name() + " has no run yet (status.runId is empty): nothing to fetch");
    }
    Path target = outDir.resolve(runId);
    List<String> folders = test.runFolders();
    for (String folder : folders) {
      if (notEmpty(outDir.resolve(folder))) {
        throw new IllegalArgumentException(outDir.resolve(folder) + " already exists and is not empty: choose"
            + " another --out or remove it");
      }
    }
    if (!test.finished()) {
      progress.println("note: run " + runId + " is " + test.phase() + "; the copy holds what it has written so far");
    }
    String node = ReaderPod.nodeHoldingClaim(client, test.namespace(), test.claim());
    progress.println("reader pod " + podName + ": image " + test.harnessImage() + ", claim " + test.claim()
        + " read-only at " + test.mountPath() + (node == null ? "" : ", on node " + node
        + " (the claim is ReadWriteOnce, attached there)"));
    try (ReaderPod pod = ReaderPod.create(client, ReaderPod.desired(test, podName, identity, node))) {
      progress.flush();
      pod.awaitRunning(podBound);
      progress.println("copying " + String.join(", ", folders.stream().map(f -> test.mountPath() + "/" + f + "/")
          .toList()) + " from claim " + test.claim());
      progress.flush();
      TarExtraction.Result copied = pod.copy(test.mountPath(), folders, outDir, copyBound);
      out.println(String.format(Locale.ROOT, "copied %d files (%.1f KiB) to %s/", copied.files(),
          copied.bytes() / 1024.0, folders.size() == 1 ? target : outDir + "/{" + String.join(",", folders) + "}"));
      if (!copied.skipped().isEmpty()) {
        progress.println("left out (links or special files, never copied): " + String.join(", ", copied.skipped()));
      }
    }
    Path report = target.resolve(folders.size() == 1 ? "report.html" : "comparison.html");
    out.println(Files.isRegularFile(report) ? "report: " + report
        : "no " + report.getFileName() + " in " + target + " (the run has not written it yet, or ended before it"
            + " could)");
    progress.flush();
    out.flush();
    return target;
  }

  private static boolean notEmpty(Path folder) {
    if (!Files.isDirectory(folder)) {
      return Files.exists(folder);
    }
    try (Stream<Path> entries = Files.list(folder)) {
      return entries.findAny().isPresent();
    } catch (IOException e) {
      return true;
    }
  }
}
