package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apimachinery.Timestamps;
import dev.sft.e2e.apiserver.CrudMock;
import dev.sft.e2e.suite.Await;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Job controller against the CRUD mock, with pod outcomes set by the test instead of a kubelet. */
class JobControllerTest {
  private final CrudMock mock = new CrudMock();
  private final JobController controller = new JobController(mock.client);

  @AfterEach
  void close() {
    mock.close();
  }

  private void create(int backoffLimit, Long deadline) {
    mock.client.batch().v1().jobs().inNamespace("ns").resource(new JobBuilder()
        .withNewMetadata().withName("j").endMetadata()
        .withNewSpec().withBackoffLimit(backoffLimit).withActiveDeadlineSeconds(deadline)
          .withNewTemplate().withNewMetadata().addToLabels("sft.dev/run-id", "r1").endMetadata()
            .withNewSpec().withRestartPolicy("Never").addNewContainer().withName("c").withImage("img").endContainer()
            .endSpec().endTemplate().endSpec().build()).create();
  }

  private List<Pod> pods() {
    return mock.client.pods().inNamespace("ns").list().getItems();
  }

  private Job job() {
    return mock.client.batch().v1().jobs().inNamespace("ns").withName("j").get();
  }

  /** The pod ends as a kubelet reports it, a minute ago (so any back-off has passed). */
  private void finish(Pod pod, String phase, int exitCode) {
    String ago = Timestamps.time(Instant.now().minusSeconds(60));
    mock.client.pods().inNamespace("ns").resource(new PodBuilder(pod).withNewStatus().withPhase(phase)
        .addNewContainerStatus().withName("c").withNewState().withNewTerminated().withExitCode(exitCode)
          .withFinishedAt(ago).endTerminated().endState().endContainerStatus()
        .endStatus().build()).updateStatus();
  }

  private static List<String> types(Job job) {
    return job.getStatus().getConditions().stream().map(JobCondition::getType).toList();
  }

  @Test
  void onePodWithJobLabelsAndOwnerThenCompleteWhenItSucceeds() {
    create(0, null);
    controller.sync();
    controller.sync();
    assertThat(pods()).singleElement().satisfies(p -> {
      assertThat(p.getMetadata().getName()).startsWith("j-");
      assertThat(p.getMetadata().getLabels()).containsEntry("job-name", "j").containsEntry("sft.dev/run-id", "r1")
          .containsEntry("batch.kubernetes.io/controller-uid", job().getMetadata().getUid());
      assertThat(p.getMetadata().getOwnerReferences().get(0).getKind()).isEqualTo("Job");
    });
    assertThat(job().getStatus().getActive()).isEqualTo(1);
    assertThat(job().getStatus().getStartTime()).isNotNull();
    finish(pods().get(0), "Succeeded", 0);
    controller.sync();
    assertThat(types(job())).containsExactly("SuccessCriteriaMet", "Complete");
    assertThat(job().getStatus().getSucceeded()).isEqualTo(1);
    assertThat(job().getStatus().getActive()).isNull();
    assertThat(job().getStatus().getCompletionTime()).isNotNull();
  }

  @Test
  void retriesUpToTheBackoffLimitThenFails() {
    create(1, null);
    controller.sync();
    finish(pods().get(0), "Failed", 3);
    controller.sync();
    assertThat(pods()).as("a second pod after the first failed (backoffLimit 1)").hasSize(2);
    assertThat(JobController.finished(job())).isFalse();
    Pod second = pods().stream().filter(p -> p.getStatus() == null || p.getStatus().getPhase() == null)
        .findFirst().orElseThrow();
    finish(second, "Failed", 3);
    controller.sync();
    assertThat(types(job())).containsExactly("FailureTarget", "Failed");
    assertThat(job().getStatus().getConditions().get(1).getReason()).isEqualTo("BackoffLimitExceeded");
    assertThat(job().getStatus().getFailed()).isEqualTo(2);
    controller.sync();
    assertThat(pods()).as("no pod after the Job failed, and the failed ones stay").hasSize(2);
  }

  @Test
  void backoffDelaysTheRetry() {
    create(3, null);
    controller.sync();
    Pod pod = pods().get(0);
    mock.client.pods().inNamespace("ns").resource(new PodBuilder(pod).withNewStatus().withPhase("Failed")
        .addNewContainerStatus().withName("c").withNewState().withNewTerminated().withExitCode(1)
          .withFinishedAt(Timestamps.time(Instant.now())).endTerminated().endState().endContainerStatus()
        .endStatus().build()).updateStatus();
    controller.sync();
    assertThat(pods()).as("10 s back-off after the first failure").hasSize(1);
  }

  @Test
  void activeDeadlineDeletesTheActivePodAndFails() {
    create(0, 1L);
    controller.sync();
    assertThat(pods()).hasSize(1);
    Await.until("the 1 s deadline to fail the Job", java.time.Duration.ofSeconds(10), () -> {
      controller.sync();
      return job();
    }, JobController::finished);
    assertThat(job().getStatus().getConditions().get(1).getReason()).isEqualTo("DeadlineExceeded");
    assertThat(pods()).isEmpty();
  }

  @Test
  void aPodRefusedByAdmissionIsAFailedCreateEventOnTheJob() {
    mock.client.resourceQuotas().inNamespace("ns").resource(new ResourceQuotaBuilder().withNewMetadata()
        .withName("none").endMetadata().withNewSpec().addToHard("pods", new Quantity("0")).endSpec().build())
        .create();
    create(0, null);
    controller.sync();
    assertThat(pods()).isEmpty();
    Event refused = mock.client.v1().events().inNamespace("ns").list().getItems().stream()
        .filter(e -> "FailedCreate".equals(e.getReason())).findFirst().orElseThrow();
    assertThat(refused.getType()).isEqualTo("Warning");
    assertThat(refused.getSource().getComponent()).isEqualTo("job-controller");
    assertThat(refused.getInvolvedObject().getKind()).isEqualTo("Job");
    assertThat(refused.getMessage()).matches("Error creating: pods \"j-[a-z0-9]{5}\" is forbidden: exceeded quota: "
        + "none, requested: pods=1, used: pods=0, limited: pods=0");
    assertThat(job().getStatus().getActive()).isNull();
  }
}
