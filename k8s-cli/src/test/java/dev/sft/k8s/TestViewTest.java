package dev.sft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import org.junit.jupiter.api.Test;

/** The typed reading of a test as a controller newer or older than this CLI may have written it. */
class TestViewTest {

  @Test
  void statusFieldsANewerControllerAddsAreIgnoredNotFatal() {
    ObjectNode newer = Fixtures.failedRun();
    Fixtures.status(newer).put("fieldOfALaterRelease", "x");
    ((ObjectNode) Fixtures.status(newer).withArray("cells").get(0)).putObject("laterCellDetail").put("a", 1);

    TestView view = Fixtures.view(newer);

    assertThat(view.phase()).isEqualTo(Phase.Failed);
    assertThat(view.cells()).hasSize(3);
    assertThat(view.cells().get(0).failureRate.text).isEqualTo("10.0 % [2.8 %, 30.1 %]");
  }

  @Test
  void theRunsFoldersAreEachClustersShareWithItsBuildsBeside() throws Exception {
    ObjectNode single = Fixtures.failedRun();
    assertThat(Fixtures.view(single).runFolders()).containsExactly("nightly-r3-1a2b");

    ObjectNode parallel = Fixtures.failedRun();
    Fixtures.status(parallel).set("clusters", Fixtures.JSON.readTree("[{\"index\": 0}, {\"index\": 1}]"));
    assertThat(Fixtures.view(parallel).runFolders()).containsExactly("nightly-r3-1a2b-c0", "nightly-r3-1a2b-c1");
    ((ObjectNode) Fixtures.status(parallel).withArray("harnessJobs").get(0)).put("build", "baseline");
    assertThat(Fixtures.view(parallel).runFolders()).containsExactly("nightly-r3-1a2b-c0",
        "nightly-r3-1a2b-c0-baseline", "nightly-r3-1a2b-c0-candidate", "nightly-r3-1a2b-c1",
        "nightly-r3-1a2b-c1-baseline", "nightly-r3-1a2b-c1-candidate");
  }

  @Test
  void enumValuesANewerControllerAddsReadAsUnknownNotFatal() {
    ObjectNode newer = Fixtures.failedRun();
    Fixtures.status(newer).put("phase", "Paused");
    ((ObjectNode) Fixtures.status(newer).withArray("harnessJobs").get(0)).put("state", "Throttled");

    TestView view = Fixtures.view(newer);

    assertThat(view.phase()).isNull();
    assertThat(view.finished()).isFalse();
    assertThat(view.cells()).hasSize(3);
  }

  @Test
  void theRunSpecNamesImagePullAndPlacementAndAnUnreadableOneFallsBackToTheLiveSpec() {
    TestView run = Fixtures.view(Fixtures.failedRun());
    assertThat(run.harnessImage()).isEqualTo("registry.example.com/sft/sft:0.1.0");
    assertThat(run.imagePullPolicy()).isEqualTo("IfNotPresent");
    assertThat(run.imagePullSecrets()).containsExactly("registry-creds");
    assertThat(run.nodeSelector()).containsEntry("pool", "sft");
    assertThat(run.tolerations()).singleElement().satisfies(t -> {
      assertThat(t.getKey()).isEqualTo("dedicated");
      assertThat(t.getEffect()).isEqualTo("NoSchedule");
    });

    ObjectNode broken = Fixtures.failedRun();
    Fixtures.status(broken).put("runSpec", "{not json");
    TestView live = Fixtures.view(broken);
    assertThat(live.harnessImage()).isEqualTo("registry.example.com/sft/sft:0.2.0");
    assertThat(live.mountPath()).isEqualTo("/live/spec/path");
    assertThat(live.imagePullSecrets()).isEmpty();
    assertThat(live.nodeSelector()).isEmpty();
  }

  @Test
  void aTestWithoutStatusReadsAsNotYetObserved() {
    ObjectNode fresh = Fixtures.failedRun();
    fresh.remove("status");
    TestView view = Fixtures.view(fresh);
    assertThat(view.phase()).isNull();
    assertThat(view.finished()).isFalse();
    assertThat(view.observedGeneration()).isEqualTo(-1);
    assertThat(view.runGeneration()).isEqualTo(-1);
    assertThat(view.conditionGeneration("Stalled")).isEqualTo(-1);
    assertThat(view.conditionTrue("ClusterReady", null)).isFalse();
    assertThat(view.cells()).isEmpty();
    assertThat(view.comparison()).isEmpty();
  }
}
