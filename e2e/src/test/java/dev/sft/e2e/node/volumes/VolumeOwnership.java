package dev.sft.e2e.node.volumes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A pod's {@code securityContext.fsGroup} applied to a volume as the kubelet applies it (SetVolumeOwnership): every
 * file and folder below the volume's root gets the group, group read and write (read only on a read-only volume),
 * folders also the setgid bit and execute, symlinks only the group. With {@code fsGroupChangePolicy: OnRootMismatch}
 * the walk is skipped when the root already has the group, the setgid bit and the permissions; {@code Always} (the
 * default) walks every time the volume is set up.
 */
final class VolumeOwnership {
  private static final int SETGID = 02000;
  private static final int READ_WRITE = 0660;
  private static final int READ_ONLY = 0440;
  private static final int EXECUTE = 0110;

  private VolumeOwnership() {}

  /** @return whether the walk ran (false: skipped under OnRootMismatch) */
  static boolean apply(Path root, long fsGroup, String changePolicy, boolean readOnly) {
    try {
      if ("OnRootMismatch".equals(changePolicy) && !rootMismatch(root, fsGroup, readOnly)) {
        return false;
      }
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
          change(dir, fsGroup, readOnly);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          change(file, fsGroup, readOnly);
          return FileVisitResult.CONTINUE;
        }
      });
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot apply fsGroup " + fsGroup + " to " + root + ": " + e.getMessage(), e);
    }
  }

  /** The kubelet's requiresPermissionChange: the root's group, and setgid plus the needed group permissions. */
  private static boolean rootMismatch(Path root, long fsGroup, boolean readOnly) throws IOException {
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)
        || ((Number) Files.getAttribute(root, "unix:gid", LinkOption.NOFOLLOW_LINKS)).longValue() != fsGroup) {
      return true;
    }
    int wanted = (readOnly ? READ_ONLY : READ_WRITE) | SETGID;
    return (mode(root) & wanted) != wanted;
  }

  private static void change(Path path, long fsGroup, boolean readOnly) throws IOException {
    Files.setAttribute(path, "unix:gid", (int) fsGroup, LinkOption.NOFOLLOW_LINKS);
    if (Files.isSymbolicLink(path)) {
      return;
    }
    int mask = readOnly ? READ_ONLY : READ_WRITE;
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      mask |= SETGID | EXECUTE;
    }
    Files.setAttribute(path, "unix:mode", mode(path) | mask, LinkOption.NOFOLLOW_LINKS);
  }

  static int mode(Path path) throws IOException {
    return ((Number) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS)).intValue() & 07777;
  }
}
