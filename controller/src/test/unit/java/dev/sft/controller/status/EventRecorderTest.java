package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.support.ChartRbacRules;
import dev.sft.controller.support.RequestedVerbs;
import dev.sft.controller.support.StrictKubernetesServer;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A repeated Event is counted on one object, as Kubernetes' event correlator does; a different one is its own. */
class EventRecorderTest {
  private KubernetesMockServer server;
  private KubernetesClient client;
  private EventRecorder recorder;
  private SchedulerFailureTest test;

  @BeforeEach
  void startServer() {
    server = StrictKubernetesServer.standalone();
    client = server.createClient();
    recorder = new EventRecorder(client);
    test = TestResources.valid("ns", "nightly");
    test.getMetadata().setUid("uid-1");
  }

  @AfterEach
  void stopServer() {
    client.close();
    server.destroy();
  }

  @Test
  void aRepeatCountsOnTheFirstEvent() {
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");
    Event first = events().get(0);
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");

    assertThat(events()).singleElement().satisfies(e -> {
      assertThat(e.getMetadata().getName()).isEqualTo(first.getMetadata().getName());
      assertThat(e.getCount()).isEqualTo(3);
      assertThat(e.getFirstTimestamp()).isEqualTo(first.getFirstTimestamp());
      assertThat(e.getLastTimestamp()).isGreaterThanOrEqualTo(first.getLastTimestamp());
      assertThat(e.getReportingComponent()).isEqualTo("sft.dev/controller");
    });
  }

  @Test
  void itAsksOnlyWhatTheChartGrantsOnEvents() {
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");

    assertThat(RequestedVerbs.on(server, "events")).contains("create", "update")
        .isSubsetOf(ChartRbacRules.verbsOn("events"));
  }

  @Test
  void anotherMessageTypeReasonOrTestIsAnotherEvent() {
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");
    recorder.warning(test, Reason.PodsCannotStart, "pod nightly-worker-1: ImagePullBackOff");
    recorder.normal(test, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");
    recorder.warning(test, Reason.RunFailed, "pod nightly-worker-0: ImagePullBackOff");
    SchedulerFailureTest recreated = TestResources.valid("ns", "nightly");
    recreated.getMetadata().setUid("uid-2");
    recorder.warning(recreated, Reason.PodsCannotStart, "pod nightly-worker-0: ImagePullBackOff");

    assertThat(events()).hasSize(5).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  void aLongMessageIsCutAndStillCountsItsRepeats() {
    String longMessage = "x".repeat(EventRecorder.MAX_MESSAGE + 10);
    recorder.warning(test, Reason.RunFailed, longMessage);
    recorder.warning(test, Reason.RunFailed, longMessage);

    assertThat(events()).singleElement().satisfies(e -> {
      assertThat(e.getMessage()).hasSize(EventRecorder.MAX_MESSAGE);
      assertThat(e.getCount()).isEqualTo(2);
    });
  }

  private List<Event> events() {
    return client.v1().events().inNamespace("ns").list().getItems();
  }
}
