package dev.sft.e2e.suite;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * When a step fails, keeps the containers' logs and the API objects under the output folder, before the cluster is
 * torn down (JUnit calls this before {@code @AfterAll}).
 */
public final class FailureArtifacts implements TestWatcher {
  private static volatile TestKubernetes cluster;
  private static volatile Path folder;

  static void register(TestKubernetes kubernetes, Path artifacts) {
    cluster = kubernetes;
    folder = artifacts;
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    if (cluster != null) {
      Path where = folder.resolve(context.getRequiredTestMethod().getName());
      SuiteProgress.say("%s failed; keeping artifacts under %s", context.getDisplayName(), where);
      cluster.collectArtifacts(where);
    }
  }
}
