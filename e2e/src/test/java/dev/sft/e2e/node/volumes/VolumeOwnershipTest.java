package dev.sft.e2e.node.volumes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fsGroup on a volume as the kubelet applies it; needs root (as the simulated node does) to give away groups. */
class VolumeOwnershipTest {
  private static final long FS_GROUP = 4242;

  @TempDir
  Path volume;

  @BeforeEach
  void rootOwned0755Tree() throws Exception {
    assertThat(System.getProperty("user.name")).as("these tests change file groups: run them as root, as the "
        + "simulated node runs").isEqualTo("root");
    Files.createDirectories(volume.resolve("a/b"));
    Files.writeString(volume.resolve("a/b/f"), "x");
    Files.createSymbolicLink(volume.resolve("link"), Path.of("a/b/f"));
    for (Path p : new Path[] {volume, volume.resolve("a"), volume.resolve("a/b")}) {
      Files.setAttribute(p, "unix:mode", 0755);
      Files.setAttribute(p, "unix:gid", 0);
    }
    Files.setAttribute(volume.resolve("a/b/f"), "unix:mode", 0644);
  }

  private static long gid(Path p) throws Exception {
    return ((Number) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS)).longValue();
  }

  @Test
  void everyFileGetsTheGroupAndGroupWriteFoldersAlsoSetgid() throws Exception {
    assertThat(VolumeOwnership.apply(volume, FS_GROUP, null, false)).isTrue();
    assertThat(gid(volume)).isEqualTo(FS_GROUP);
    assertThat(gid(volume.resolve("a/b/f"))).isEqualTo(FS_GROUP);
    assertThat(gid(volume.resolve("link"))).isEqualTo(FS_GROUP);
    assertThat(VolumeOwnership.mode(volume)).isEqualTo(02775);
    assertThat(VolumeOwnership.mode(volume.resolve("a/b"))).isEqualTo(02775);
    assertThat(VolumeOwnership.mode(volume.resolve("a/b/f"))).isEqualTo(0664);
  }

  @Test
  void readOnlyVolumesGetGroupReadOnly() throws Exception {
    VolumeOwnership.apply(volume, FS_GROUP, "Always", true);
    assertThat(VolumeOwnership.mode(volume.resolve("a/b/f"))).isEqualTo(0644);
    assertThat(VolumeOwnership.mode(volume)).isEqualTo(02755);
  }

  @Test
  void onRootMismatchSkipsTheWalkWhenTheRootAlreadyMatchesAndAlwaysDoesNot() throws Exception {
    assertThat(VolumeOwnership.apply(volume, FS_GROUP, "OnRootMismatch", false)).as("root mismatched").isTrue();
    Files.setAttribute(volume.resolve("a/b/f"), "unix:gid", 0);
    assertThat(VolumeOwnership.apply(volume, FS_GROUP, "OnRootMismatch", false)).as("root matches").isFalse();
    assertThat(gid(volume.resolve("a/b/f"))).as("not walked").isZero();
    assertThat(VolumeOwnership.apply(volume, FS_GROUP, "Always", false)).isTrue();
    assertThat(gid(volume.resolve("a/b/f"))).isEqualTo(FS_GROUP);
    Files.setAttribute(volume, "unix:mode", 0775);
    assertThat(VolumeOwnership.apply(volume, FS_GROUP, "OnRootMismatch", false)).as("setgid missing").isTrue();
  }
}
