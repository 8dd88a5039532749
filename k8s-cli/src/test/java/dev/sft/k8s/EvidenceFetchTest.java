package dev.sft.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.StatusMessage;
import io.fabric8.mockwebserver.internal.WebSocketMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sft k8s fetch}'s reader pod against the mock API server: its spec, the copy through exec (the tar stream a
 * container would print is made here, in the test), and its deletion whatever happens. This test plays the kubelet.
 */
@EnableKubernetesMockClient(crud = true)
class EvidenceFetchTest {
  private static final String POD = "nightly-fetch-abcde";
  private static final ReaderPod.Identity PODS_USER = new ReaderPod.Identity(185L, 185L);
  /** The largest stdout frame the kubelet sends, and the client's buffer (fabric8's ExecWatchInputStream). */
  private static final int FRAME = 32 * 1024;
  /** GNU tar's default record (blocking factor 20): its output's size is a multiple of this. */
  private static final int GNU_TAR_RECORD = 10 * 1024;
  /** How long the mock server keeps the exec socket open. */
  private static final long HOLD_MILLIS = 2000;

  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir
  Path out;

  private final StringWriter printed = new StringWriter();
  private Thread kubelet;

  @AfterEach
  void stopKubelet() throws InterruptedException {
    if (kubelet != null) {
      kubelet.interrupt();
      kubelet.join();
    }
  }

  private TestView test() {
    return Fixtures.view(Fixtures.failedRun());
  }

  private EvidenceFetch fetch(Duration podBound) {
    return new EvidenceFetch(client, new PrintWriter(printed, true), new PrintWriter(printed, true), podBound,
        Duration.ofSeconds(10));
  }

  /** Sets the reader pod's status once it exists, as a kubelet would; records the pod as the server received it. */
  private AtomicReference<Pod> startKubelet(java.util.function.UnaryOperator<Pod> makeStatus) {
    AtomicReference<Pod> created = new AtomicReference<>();
    kubelet = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Pod pod = client.pods().inNamespace("staging").withName(POD).get();
          if (pod != null && created.get() == null) {
            created.set(pod);
            client.pods().inNamespace("staging").resource(makeStatus.apply(pod)).updateStatus();
          }
          Thread.sleep(20);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    kubelet.start();
    return created;
  }

  private static Pod running(Pod pod) {
    return new PodBuilder(pod).withNewStatus().withPhase("Running")
        .addNewCondition().withType("Ready").withStatus("True").endCondition()
        .addNewContainerStatus().withName(ReaderPod.CONTAINER).withReady(true)
        .withNewState().withNewRunning().endRunning().endState().endContainerStatus()
        .endStatus().build();
  }

  private static Pod pullingFails(Pod pod) {
    return new PodBuilder(pod).withNewStatus().withPhase("Pending")
        .addNewContainerStatus().withName(ReaderPod.CONTAINER).withReady(false)
        .withNewState().withNewWaiting().withReason("ImagePullBackOff")
        .withMessage("Back-off pulling image \"registry.example.com/sft/sft:0.1.0\"").endWaiting().endState()
        .endContainerStatus().endStatus().build();
  }

  /** The exec request fabric8 sends for the tar of the run's folder. */
  private static String tarExecPath(String runId) {
    List<String> command = List.of("tar", "cf", "-", "-C", "/shared/sft", runId);
    return "/api/v1/namespaces/staging/pods/" + POD + "/exec?"
        + command.stream().map(c -> "command=" + URLEncoder.encode(c, StandardCharsets.UTF_8).replace("+", "%20"))
            .collect(Collectors.joining("&"))
        + "&container=" + ReaderPod.CONTAINER + "&stdout=true&stderr=true";
  }

  /** A tar stream as {@code tar cf - -C /shared/sft RUN} prints it: entries named RUN/..., in 10 KiB records. */
  private static byte[] tar(String... namesAndContents) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TarArchiveOutputStream tar = new TarArchiveOutputStream(bytes, GNU_TAR_RECORD)) {
      for (int i = 0; i < namesAndContents.length; i += 2) {
        byte[] content = namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(namesAndContents[i]);
        entry.setSize(content.length);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
      }
    }
    return bytes.toByteArray();
  }

  /**
   * Channel 1 (stdout) of the exec protocol in frames of at most 32 KiB, as the kubelet's stream copy sends them, then
   * the exit status on channel 3.
   */
  private void expectTar(byte[] stdout, int exitCode, String stderr) {
    var open = server.expect().get().withPath(tarExecPath("nightly-r3-1a2b")).andUpgradeToWebSocket().open();
    // The mock server closes the socket as soon as no scheduled message is pending, and it schedules them one by one:
    // a message sent before the next is scheduled closed the socket early, and the client then had no exit status.
    // An empty stdout message scheduled first, to be sent after the others, keeps the socket open until it is sent.
    // (A message's own delay, counted from the socket's opening, is what the mock server keeps; waitFor sets none.)
    var emitting = open.immediately().andEmit(new WebSocketMessage(HOLD_MILLIS, new byte[] {1}, true, true))
        .immediately().andEmit(new WebSocketMessage(frame(stdout, 0)));
    for (int from = FRAME; from < stdout.length; from += FRAME) {
      emitting = emitting.immediately().andEmit(new WebSocketMessage(frame(stdout, from)));
    }
    if (stderr != null) {
      byte[] err = ("\u0002" + stderr).getBytes(StandardCharsets.UTF_8);
      emitting = emitting.immediately().andEmit(new WebSocketMessage(err));
    }
    emitting.immediately().andEmit(new StatusMessage(exitCode == 0
            ? new StatusBuilder().withStatus("Success").build()
            : new StatusBuilder().withStatus("Failure").withReason("NonZeroExitCode")
                .withNewDetails().addNewCause().withReason("ExitCode").withMessage(String.valueOf(exitCode))
                .endCause().endDetails().build()))
        .done().once();
  }

  /** Channel 1's frame of {@code stdout} from {@code from}: at most {@link #FRAME} bytes after the channel byte. */
  private static byte[] frame(byte[] stdout, int from) {
    int length = Math.min(FRAME, stdout.length - from);
    byte[] framed = new byte[length + 1];
    framed[0] = 1;
    System.arraycopy(stdout, from, framed, 1, length);
    return framed;
  }

  private boolean podGone() {
    return client.pods().inNamespace("staging").withName(POD).get() == null;
  }

  @Test
  void theReaderPodIsRestrictedReadOnlyAndRunsTheTestsImageWithItsPullSecretsAndPlacement() {
    Pod pod = ReaderPod.desired(test(), POD, PODS_USER);
    var spec = pod.getSpec();
    assertThat(pod.getMetadata().getLabels()).containsEntry(ReaderPod.FETCH_LABEL, "nightly")
        .containsEntry("app.kubernetes.io/managed-by", "sft-cli").doesNotContainKey("sft.dev/test");
    assertThat(spec.getImagePullSecrets()).extracting(s -> s.getName()).containsExactly("registry-creds");
    assertThat(spec.getAutomountServiceAccountToken()).isFalse();
    assertThat(spec.getRestartPolicy()).isEqualTo("Never");
    assertThat(spec.getActiveDeadlineSeconds()).isEqualTo(ReaderPod.LIFETIME_SECONDS);
    assertThat(spec.getNodeSelector()).containsExactlyEntriesOf(java.util.Map.of("pool", "sft"));
    assertThat(spec.getTolerations()).singleElement().satisfies(t -> {
      assertThat(t.getKey()).isEqualTo("dedicated");
      assertThat(t.getEffect()).isEqualTo("NoSchedule");
    });
    var podSecurity = spec.getSecurityContext();
    assertThat(podSecurity.getRunAsNonRoot()).isTrue();
    assertThat(podSecurity.getRunAsUser()).isEqualTo(185L);
    assertThat(podSecurity.getRunAsGroup()).isEqualTo(185L);
    assertThat(podSecurity.getFsGroup()).isEqualTo(185L);
    assertThat(podSecurity.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");

    Container container = spec.getContainers().get(0);
    assertThat(spec.getContainers()).hasSize(1);
    // The run's spec (status.runSpec), not the live spec edited since.
    assertThat(container.getImage()).isEqualTo("registry.example.com/sft/sft:0.1.0");
    assertThat(container.getImagePullPolicy()).isEqualTo("IfNotPresent");
    assertThat(container.getCommand()).containsExactly("sleep", String.valueOf(ReaderPod.LIFETIME_SECONDS));
    var security = container.getSecurityContext();
    assertThat(security.getAllowPrivilegeEscalation()).isFalse();
    assertThat(security.getPrivileged()).isFalse();
    assertThat(security.getRunAsNonRoot()).isTrue();
    assertThat(security.getReadOnlyRootFilesystem()).isTrue();
    assertThat(security.getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(security.getCapabilities().getAdd()).isNullOrEmpty();
    assertThat(security.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(container.getResources().getLimits()).containsKeys("cpu", "memory");

    assertThat(container.getVolumeMounts()).singleElement().satisfies(m -> {
      assertThat(m.getMountPath()).isEqualTo("/shared/sft");
      assertThat(m.getReadOnly()).isTrue();
    });
    assertThat(spec.getVolumes()).singleElement().satisfies(v -> {
      assertThat(v.getPersistentVolumeClaim().getClaimName()).isEqualTo("evidence-rwx");
      assertThat(v.getPersistentVolumeClaim().getReadOnly()).isTrue();
    });

    // none: the platform assigns the user (OpenShift's restricted-v2); still non-root.
    Pod platform = ReaderPod.desired(test(), POD, new ReaderPod.Identity(null, null));
    assertThat(platform.getSpec().getSecurityContext().getRunAsUser()).isNull();
    assertThat(platform.getSpec().getSecurityContext().getFsGroup()).isNull();
    assertThat(platform.getSpec().getSecurityContext().getRunAsNonRoot()).isTrue();
  }

  @Test
  void copiesTheRunsFolderThroughTarAndDeletesThePod() throws Exception {
    AtomicReference<Pod> created = startKubelet(EvidenceFetchTest::running);
    expectTar(tar("nightly-r3-1a2b/report.html", "<html>report</html>",
        "nightly-r3-1a2b/report.json", "{\"scenarios\":[]}",
        "nightly-r3-1a2b/driver-loss/kills/kill-1.json", "{\"result\":\"killed\"}"), 0, null);

    Path copy = fetch(Duration.ofSeconds(10)).fetch(test(), out, POD, PODS_USER);

    assertThat(copy).isEqualTo(out.resolve("nightly-r3-1a2b"));
    assertThat(Files.readString(copy.resolve("report.html"))).isEqualTo("<html>report</html>");
    assertThat(Files.readString(copy.resolve("driver-loss/kills/kill-1.json"))).isEqualTo("{\"result\":\"killed\"}");
    assertThat(printed.toString()).contains("copied 3 files").contains("report: " + copy.resolve("report.html"));
    assertThat(created.get()).as("the pod the API server received").isNotNull();
    assertThat(created.get().getSpec().getVolumes().get(0).getPersistentVolumeClaim().getReadOnly()).isTrue();
    assertThat(podGone()).as("the reader pod is deleted after the copy").isTrue();
  }

  /**
   * A tar stream whose size is a multiple of 32 KiB ends exactly with a full frame. The client asks the server for
   * the next frame (here: the exit status) only once its buffer is drained below 32 KiB or the stream is closed, and
   * tar's reader stops at the archive's end without reading once more: the copy waited for a status it never asked
   * for (e2e, `sft k8s fetch` of a 3,276,800-byte run folder hung).
   */
  @Test
  void aTarEndingOnAFullFrameStillGetsItsExitStatus() throws Exception {
    startKubelet(EvidenceFetchTest::running);
    byte[] stream = tar("nightly-r3-1a2b/report.json", "{}", "nightly-r3-1a2b/data.parquet", "x".repeat(160_000));
    assertThat(stream.length % FRAME).as("the stream fills its last frame").isZero();
    expectTar(stream, 0, null);

    Path copy = fetch(Duration.ofSeconds(10)).fetch(test(), out, POD, PODS_USER);

    assertThat(Files.size(copy.resolve("data.parquet"))).isEqualTo(160_000);
    assertThat(printed.toString()).contains("copied 2 files");
    assertThat(podGone()).isTrue();
  }

  @Test
  void aPodThatCannotPullItsImageFailsNamingTheReasonAndIsDeleted() {
    startKubelet(EvidenceFetchTest::pullingFails);
    assertThatThrownBy(() -> fetch(Duration.ofMillis(1500)).fetch(test(), out, POD, PODS_USER))
        .isInstanceOf(K8sProblem.class)
        .hasMessage("reader pod " + POD + " did not run within 1500ms: container reader waiting: ImagePullBackOff: "
            + "Back-off pulling image \"registry.example.com/sft/sft:0.1.0\"");
    assertThat(podGone()).as("the reader pod is deleted after the failure").isTrue();
    assertThat(out.resolve("nightly-r3-1a2b")).doesNotExist();
  }

  @Test
  void aFailingTarFailsWithItsOwnWordsAndThePodIsDeleted() {
    startKubelet(EvidenceFetchTest::running);
    expectTar(new byte[0], 2, "tar: nightly-r3-1a2b: Cannot stat: No such file or directory\n");
    assertThatThrownBy(() -> fetch(Duration.ofSeconds(10)).fetch(test(), out, POD, PODS_USER))
        .isInstanceOf(K8sProblem.class)
        .hasMessageContaining("tar cf - -C /shared/sft nightly-r3-1a2b in reader pod " + POD + " exited 2")
        .hasMessageContaining("Cannot stat: No such file or directory");
    assertThat(podGone()).isTrue();
  }

  @Test
  void anEntryThatWouldLandOutsideTheFolderIsRefused() throws Exception {
    startKubelet(EvidenceFetchTest::running);
    expectTar(tar("nightly-r3-1a2b/report.json", "{}", "nightly-r3-1a2b/../../escaped", "x"), 0, null);
    assertThatThrownBy(() -> fetch(Duration.ofSeconds(10)).fetch(test(), out, POD, PODS_USER))
        .isInstanceOf(K8sProblem.class).hasMessageContaining("would land outside");
    assertThat(out.getParent().resolve("escaped")).doesNotExist();
    assertThat(podGone()).isTrue();
  }

  @Test
  void refusesToMixWithAnEarlierCopyAndATestWithoutARunCreatesNoPod() throws Exception {
    Files.createDirectories(out.resolve("nightly-r3-1a2b"));
    Files.writeString(out.resolve("nightly-r3-1a2b/old.txt"), "old");
    assertThatThrownBy(() -> fetch(Duration.ofSeconds(1)).fetch(test(), out, POD, PODS_USER))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already exists and is not empty");

    ObjectNode fresh = Fixtures.failedRun();
    fresh.remove("status");
    assertThatThrownBy(() -> fetch(Duration.ofSeconds(1)).fetch(Fixtures.view(fresh), out, POD, PODS_USER))
        .isInstanceOf(K8sProblem.class).hasMessageContaining("has no run yet");
    assertThat(client.pods().inNamespace("staging").list().getItems()).isEmpty();
  }

  /**
   * A ReadWriteOnce claim is attached to one node: the reader pod goes where a pod mounting it runs (else it would
   * wait for the volume until its time-out); a ReadWriteMany claim lets it go anywhere.
   */
  @Test
  void aReadWriteOnceClaimPutsTheReaderPodOnTheNodeThatHoldsIt() {
    client.persistentVolumeClaims().inNamespace("staging").resource(new io.fabric8.kubernetes.api.model
        .PersistentVolumeClaimBuilder().withNewMetadata().withName("evidence-rwx").endMetadata()
        .withNewSpec().withAccessModes("ReadWriteOnce").endSpec().build()).create();
    assertThat(ReaderPod.nodeHoldingClaim(client, "staging", "evidence-rwx")).as("no pod mounts it yet").isNull();
    client.pods().inNamespace("staging").resource(new PodBuilder().withNewMetadata().withName("nightly-master-0")
        .endMetadata().withNewSpec().withNodeName("node-2").addNewContainer().withName("master").endContainer()
        .addNewVolume().withName("shared").withNewPersistentVolumeClaim().withClaimName("evidence-rwx")
        .endPersistentVolumeClaim().endVolume().endSpec().withNewStatus().withPhase("Running").endStatus().build())
        .create();

    String node = ReaderPod.nodeHoldingClaim(client, "staging", "evidence-rwx");
    assertThat(node).isEqualTo("node-2");
    var terms = ReaderPod.desired(test(), POD, PODS_USER, node).getSpec().getAffinity().getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms();
    assertThat(terms).singleElement().satisfies(term -> assertThat(term.getMatchFields()).singleElement()
        .satisfies(field -> {
          assertThat(field.getKey()).isEqualTo("metadata.name");
          assertThat(field.getOperator()).isEqualTo("In");
          assertThat(field.getValues()).containsExactly("node-2");
        }));

    var claim = client.persistentVolumeClaims().inNamespace("staging").withName("evidence-rwx").get();
    claim.getSpec().setAccessModes(List.of("ReadWriteMany"));
    client.persistentVolumeClaims().inNamespace("staging").resource(claim).update();
    assertThat(ReaderPod.nodeHoldingClaim(client, "staging", "evidence-rwx")).isNull();
    assertThat(ReaderPod.desired(test(), POD, PODS_USER).getSpec().getAffinity()).isNull();
  }

  /** Never force-deleted: the object goes only once the kubelet has unmounted the claim. */
  @Test
  void theReaderPodIsDeletedWithAGracePeriodAndTheCloseWaitsUntilItIsGone() throws Exception {
    assertThat(ReaderPod.desired(test(), POD, PODS_USER).getSpec().getTerminationGracePeriodSeconds()).isPositive();
    ReaderPod reader = ReaderPod.create(client, ReaderPod.desired(test(), POD, PODS_USER));
    reader.close();
    assertThat(podGone()).isTrue();
    List<String> deletes = new java.util.ArrayList<>();
    io.fabric8.mockwebserver.http.RecordedRequest request;
    while ((request = server.takeRequest(10, java.util.concurrent.TimeUnit.MILLISECONDS)) != null) {
      if ("DELETE".equals(request.getMethod())) {
        deletes.add(request.getBody().readUtf8());
      }
    }
    assertThat(deletes).singleElement().asString().doesNotContain("\"gracePeriodSeconds\":0");
  }
}
