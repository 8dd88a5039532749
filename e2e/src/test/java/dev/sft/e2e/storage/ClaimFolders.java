package dev.sft.e2e.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

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

  /** Creates the folder world-writable, as many ReadWriteMany provisioners make their volumes. */
  public static void provision(Path folder) {
    try {
      Files.createDirectories(folder);
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + folder, e);
    }
  }
}
