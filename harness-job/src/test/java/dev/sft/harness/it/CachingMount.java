package dev.sft.harness.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A folder mounted through a network filesystem client that caches "no such file", as an NFS, EFS or Filestore client
 * can: sshfs (FUSE) against an sshd of its own on a loopback address, with {@code negative_timeout} (and without
 * sshfs's own listing cache, which NFS has no counterpart of). Writes go to the
 * backing folder, as another host's would; reads go through the mount. Needs the Debian packages sshfs and
 * openssh-server (.ci/run installs them); without them the test fails, naming them.
 */
final class CachingMount implements AutoCloseable {
  static final int NEGATIVE_TIMEOUT_SECONDS = 20;
  private static final String ADDRESS = "127.0.0.41";

  private final Path dir;
  private final Path backing;
  private final Path mount;
  private final long sshdPid;

  private CachingMount(Path dir, long sshdPid) {
    this.dir = dir;
    this.backing = dir.resolve("backing");
    this.mount = dir.resolve("mount");
    this.sshdPid = sshdPid;
  }

  static CachingMount start(Path dir) throws Exception {
    for (String tool : List.of("/usr/sbin/sshd", "/usr/bin/sshfs", "/usr/bin/ssh-keygen", "/usr/bin/fusermount")) {
      if (!Files.isExecutable(Path.of(tool))) {
        throw new IllegalStateException(tool + " is missing: install the Debian packages sshfs and openssh-server"
            + " (apt-get install sshfs openssh-server); this test needs a caching network filesystem client");
      }
    }
    if (!Files.exists(Path.of("/dev/fuse"))) {
      throw new IllegalStateException("/dev/fuse is missing: sshfs needs FUSE");
    }
    Path ssh = Files.createDirectories(dir.resolve("ssh"));
    Files.createDirectories(dir.resolve("backing"));
    Files.createDirectories(dir.resolve("mount"));
    run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", ssh.resolve("host_key").toString()));
    run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", ssh.resolve("client_key").toString()));
    Files.copy(ssh.resolve("client_key.pub"), ssh.resolve("authorized_keys"));
    int port = 20000 + (int) (ProcessHandle.current().pid() % 20000);
    Files.writeString(ssh.resolve("sshd_config"), String.join("\n",
        "ListenAddress " + ADDRESS + ":" + port,
        "HostKey " + ssh.resolve("host_key"),
        "AuthorizedKeysFile " + ssh.resolve("authorized_keys"),
        "PasswordAuthentication no",
        "PermitRootLogin prohibit-password",
        "StrictModes no",
        "UsePAM no",
        "Subsystem sftp internal-sftp",
        "PidFile " + ssh.resolve("sshd.pid"), ""));
    Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation folder
    run(List.of("/usr/sbin/sshd", "-f", ssh.resolve("sshd_config").toString(), "-E", ssh.resolve("sshd.log").toString()));
    // sshd forks into the background and writes its PID file from there.
    Path pidFile = ssh.resolve("sshd.pid");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("sshd wrote no PID file within 10 s; its log: "
            + Files.readString(ssh.resolve("sshd.log")));
      }
      Thread.sleep(50);
    }
    long pid = Long.parseLong(Files.readString(pidFile).strip());
    CachingMount mount = new CachingMount(dir, pid);
    try {
      run(List.of("sshfs", "-p", String.valueOf(port), "-o", "IdentityFile=" + ssh.resolve("client_key")
          + ",StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,negative_timeout=" + NEGATIVE_TIMEOUT_SECONDS
          // sshfs also caches listings for 20 s, which an NFS client does not: it revalidates a folder when it
          // opens it (close-to-open consistency). Without that cache the mount caches what NFS caches.
          + ",dir_cache=no",
          "root@" + ADDRESS + ":" + mount.backing, mount.mount.toString()));
    } catch (Exception e) {
      mount.close();
      throw e;
    }
    return mount;
  }

  /** The folder as another host writes it. */
  Path backing() {
    return backing;
  }

  /** The folder as this host reads it, through the caching client. */
  Path mount() {
    return mount;
  }

  @Override
  public void close() throws Exception {
    try {
      if (Files.exists(mount)) {
        run(List.of("fusermount", "-u", mount.toString()));
      }
    } finally {
      // Only the sshd this mount started, by its PID.
      ProcessHandle.of(sshdPid).ifPresent(ProcessHandle::destroy);
    }
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(command.get(0) + " did not finish within 30 s");
    }
    String output = new String(process.getInputStream().readAllBytes());
    if (process.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " exited " + process.exitValue() + ": " + output);
    }
  }
}
