package dev.sft.controller.ops;

import dev.sft.api.SchedulerFailureTest;
import io.javaoperatorsdk.operator.health.Status;
import io.javaoperatorsdk.operator.processing.event.source.AbstractEventSource;
import io.javaoperatorsdk.operator.processing.event.source.ResourceEventAware;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Hands {@link RunMetrics} every version of every test the controller's informer sees: JOSDK broadcasts each add,
 * update (status writes too) and delete of a primary resource to the event sources that are
 * {@link ResourceEventAware}. This way deleted tests lose their series without a finalizer (the controller has none,
 * on purpose: docs/operator.md, "Cleanup policies"), and a restarted controller rebuilds its gauges from the informer's
 * initial list. It never triggers a reconciliation itself, and a metrics problem never reaches the informer.
 */
public class RunMetricsEventSource extends AbstractEventSource<Void, SchedulerFailureTest>
    implements ResourceEventAware<SchedulerFailureTest> {
  private static final Logger LOG = Logger.getLogger(RunMetricsEventSource.class);

  private final RunMetrics metrics;

  public RunMetricsEventSource(RunMetrics metrics) {
    super(Void.class, "RunMetrics");
    this.metrics = metrics;
  }

  @Override
  public void onResourceCreated(SchedulerFailureTest test) {
    guarded(test, () -> metrics.observe(test));
  }

  @Override
  public void onResourceUpdated(SchedulerFailureTest current, SchedulerFailureTest previous) {
    guarded(current, () -> metrics.observeUpdate(previous, current));
  }

  @Override
  public void onResourceDeleted(SchedulerFailureTest test) {
    guarded(test, () -> metrics.forget(test));
  }

  /** It holds no resources: nothing is secondary to a test here. */
  @Override
  public Set<Void> getSecondaryResources(SchedulerFailureTest test) {
    return Set.of();
  }

  @Override
  public Status getStatus() {
    return Status.HEALTHY;
  }

  private static void guarded(SchedulerFailureTest test, Runnable update) {
    try {
      update.run();
    } catch (RuntimeException e) {
      LOG.warnf(e, "metrics of test %s/%s not updated", test.getMetadata().getNamespace(),
          test.getMetadata().getName());
    }
  }
}
