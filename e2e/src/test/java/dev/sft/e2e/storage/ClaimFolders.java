package dev.sft.e2e.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The simulated node's storage: every claim is a host folder under the node's state folder, one per claim, so every
 * pod mounting a ReadWriteMany claim shares it. The claim binder provisions it; the kubelet mounts it.
 */
public final class ClaimFolders {
  private ClaimFolders() {}

  /** The host folder of a claim. */
  public static Path of(Path stateDir, String namespace, String claim) {
    return stateDir.resolve("claims").resolve(namespace).resolve(claim);
  }

  /** Creates the folder (owned by the node's user, root) with {@code mode}, e.g. 0777 or 0755 (see {@link ClaimStorage}). */
  public static void provision(Path folder, int mode) {
    try {
      if (Files.isDirectory(folder)) {
        return; // provisioned once; what pods did to it since stays
      }
      Files.createDirectories(folder);
      Files.setAttribute(folder, "unix:mode", mode);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + folder, e);
    }
  }
}
