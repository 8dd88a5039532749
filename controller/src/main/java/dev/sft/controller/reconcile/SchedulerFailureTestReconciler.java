package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import dev.sft.controller.ops.RunMetrics;
import dev.sft.controller.ops.RunMetricsEventSource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import io.javaoperatorsdk.operator.processing.retry.GradualRetry;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The controller's entry point, kept thin: JOSDK calls it when a test, one of its StatefulSets or one of its Jobs
 * changes, or when a scheduled re-check is due; {@link RunOrchestrator} decides and acts, reading the cluster through
 * its own client rather than JOSDK's {@link Context} caches. An exception becomes {@code Reconciling=True} with its
 * message ({@link ReconcileErrors}) and is retried. No finalizer: every child but the generated claim has the test as
 * owner, so Kubernetes garbage-collects them when the test is deleted; the claim holds the evidence and has an owner
 * only when both cleanup policies are DeleteAll ({@code SharedClaim}).
 */
@ControllerConfiguration(
    name = SchedulerFailureTestReconciler.NAME,
    maxReconciliationInterval = @MaxReconciliationInterval(interval = 5, timeUnit = TimeUnit.MINUTES))
// Conflicts on the status (a decision made on a stale cache) are retried quickly on a fresh view.
@GradualRetry(maxAttempts = 50, initialInterval = 200, intervalMultiplier = 2, maxInterval = 30_000)
public class SchedulerFailureTestReconciler implements Reconciler<SchedulerFailureTest> {
  public static final String NAME = "schedulerfailuretest";

  private final RunOrchestrator orchestrator;
  private final ReconcileErrors errors;
  private final RunMetrics metrics;

  public SchedulerFailureTestReconciler(RunOrchestrator orchestrator, ReconcileErrors errors, RunMetrics metrics) {
    this.orchestrator = orchestrator;
    this.errors = errors;
    this.metrics = metrics;
  }

  @Override
  public UpdateControl<SchedulerFailureTest> reconcile(SchedulerFailureTest test,
      Context<SchedulerFailureTest> unused) {
    var recheck = orchestrator.advance(test);
    UpdateControl<SchedulerFailureTest> control = UpdateControl.noUpdate();
    return recheck.map(control::rescheduleAfter).orElse(control);
  }

  /** The status write is {@link ReconcileErrors}' own (optimistically locked), so JOSDK writes nothing itself. */
  @Override
  public ErrorStatusUpdateControl<SchedulerFailureTest> updateErrorStatus(SchedulerFailureTest test,
      Context<SchedulerFailureTest> context, Exception error) {
    boolean willRetry = context.getRetryInfo().map(r -> !r.isLastAttempt()).orElse(true);
    errors.record(test, error, willRetry);
    return ErrorStatusUpdateControl.noStatusUpdate();
  }

  /**
   * StatefulSet readiness and Job completion wake the test that owns them; every version of a test also reaches the
   * metrics ({@link RunMetricsEventSource}).
   */
  @Override
  public List<EventSource<?, SchedulerFailureTest>> prepareEventSources(EventSourceContext<SchedulerFailureTest> ctx) {
    return List.of(ownedChildren(StatefulSet.class, ctx), ownedChildren(Job.class, ctx),
        new RunMetricsEventSource(metrics));
  }

  private static <R extends HasMetadata> EventSource<?, SchedulerFailureTest> ownedChildren(Class<R> type,
      EventSourceContext<SchedulerFailureTest> ctx) {
    return new InformerEventSource<>(InformerEventSourceConfiguration.from(type, SchedulerFailureTest.class)
        .withName(type.getSimpleName())
        .withLabelSelector(Names.MANAGED_BY_LABEL + "=" + Names.MANAGED_BY)
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(SchedulerFailureTest.class))
        .build(), ctx);
  }
}
