package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.Markers;
import dev.sft.harness.probe.GateProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A gate on a shared volume whose client caches "no such file" (NFS, EFS, Filestore; here sshfs with
 * {@code negative_timeout}): the release, published by the driver on another host after the held attempt first
 * looked, must still reach the attempt at once, not after the cache expires.
 */
class GateOnCachingMountIT {
  private static CachingMount mount;

  @BeforeAll
  static void mount() throws Exception {
    Path dir = Path.of(System.getProperty("sft.it.out", "target/it-runs")).resolve("caching-mount");
    Files.createDirectories(dir);
    mount = CachingMount.start(Files.createTempDirectory(dir, "m"));
  }

  @AfterAll
  static void unmount() throws Exception {
    if (mount != null) {
      mount.close();
    }
  }

  @Test
  void theMountReallyCachesAMissingNameAndTheMarkerCheckStillSeesItAtOnce() throws Exception {
    Path seen = mount.mount().resolve("release");
    assertThat(Files.exists(seen)).isFalse();
    Files.writeString(mount.backing().resolve("release"), "released by the driver");
    // The demonstration is only worth something if the cache is real here.
    assertThat(Files.exists(seen)).as("a lookup through the mount still answers from its cached 'no such file'")
        .isFalse();
    assertThat(Markers.published(seen)).as("a listing of the folder sees the new marker").isTrue();
  }

  @Test
  void aHeldAttemptIsReleasedAtOnceThoughItsFirstLookupWasCached() throws Exception {
    Path attempt = Files.createDirectories(mount.backing().resolve("gates/attempts/p0-t7")).getFileName();
    Path attemptOnMount = mount.mount().resolve("gates/attempts").resolve(attempt);
    GateProbe.Held held = GateProbe.hold(mount.mount(), attemptOnMount, Duration.ofSeconds(60));
    // Let the gate poll (and the client cache the absent release) before the driver publishes it.
    Thread.sleep(500);
    assertThat(held.isDone()).isFalse();
    long published = System.nanoTime();
    Files.writeString(mount.backing().resolve("gates/attempts/p0-t7/release"), "released by the driver");
    held.await(Duration.ofSeconds(CachingMount.NEGATIVE_TIMEOUT_SECONDS - 5));
    Duration waited = Duration.ofNanos(System.nanoTime() - published);
    assertThat(waited).as("released long before the cached 'no such file' expires")
        .isLessThan(Duration.ofSeconds(5));
  }
}
